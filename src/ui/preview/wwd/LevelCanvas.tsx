/**
 * The focusable map: the canvas the controller draws on, the object tooltip, and the readout
 * of what is under the pointer (or under the keyboard crosshair). Hover state comes from a
 * value store, so only these parts re-render while the pointer moves.
 */
import { useEffect, useRef, type ReactElement } from 'react';
import type { WwdLevelView } from './level-types.ts';
import { attributeName, describeProperty } from './attributes.ts';
import { cellValueText, propertyOf } from './level-model.ts';
import type { HoverInfo, LevelController } from './level-controller.ts';
import { objectTitle } from './object-fields.ts';
import { useValue, type ValueStore } from './value-store.ts';

export interface LevelCanvasProps {
  controller: LevelController;
  hover: ValueStore<HoverInfo | null>;
  level: WwdLevelView;
  label: string;
  /** Id of the element with the keyboard instructions. */
  instructionsId: string;
}

export function LevelCanvas({
  controller,
  hover,
  level,
  label,
  instructionsId,
}: LevelCanvasProps): ReactElement {
  const hostRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    const canvas = canvasRef.current;
    if (!host || !canvas) return;
    return controller.attach(host, canvas);
  }, [controller]);
  return (
    <div
      ref={hostRef}
      className="lv-canvas-host"
      tabIndex={0}
      role="application"
      aria-roledescription="level map"
      aria-label={label}
      aria-describedby={instructionsId}
      data-testid="level-canvas"
    >
      <canvas ref={canvasRef} className="lv-canvas" aria-hidden="true" />
      <ObjectTooltip hover={hover} level={level} />
    </div>
  );
}

/** Room the tooltip needs beside the pointer before it flips (CSS px). */
const TOOLTIP_ROOM = { width: 300, height: 110 };

/** Logic, image set and animation of the object under the pointer. */
function ObjectTooltip({
  hover,
  level,
}: {
  hover: ValueStore<HoverInfo | null>;
  level: WwdLevelView;
}): ReactElement | null {
  const info = useValue(hover);
  const ref = info?.object;
  const object = ref ? level.planes[ref.plane]?.objects[ref.index] : undefined;
  if (!info || !object) return null;
  // Below right of the pointer, flipped to the other side near the view's right or bottom edge.
  const isNearRight = info.point.x > info.view.width - TOOLTIP_ROOM.width;
  const isNearBottom = info.point.y > info.view.height - TOOLTIP_ROOM.height;
  const style = {
    ...(isNearRight
      ? { right: `${info.view.width - info.point.x + 14}px` }
      : { left: `${info.point.x + 14}px` }),
    ...(isNearBottom
      ? { bottom: `${info.view.height - info.point.y + 14}px` }
      : { top: `${info.point.y + 14}px` }),
  };
  return (
    <div className="lv-tooltip" role="tooltip" data-testid="object-tooltip" style={style}>
      <strong className="lv-tooltip-title">{objectTitle(object)}</strong>
      <dl className="lv-tooltip-facts">
        <dt>Image set</dt>
        <dd>{object.imageSet === '' ? '—' : object.imageSet}</dd>
        <dt>Animation</dt>
        <dd>{object.animation === '' ? '—' : object.animation}</dd>
        <dt>Id</dt>
        <dd>
          {object.id} at {object.x}, {object.y}
        </dd>
      </dl>
    </div>
  );
}

/** Column, row, tile id and attribute under the pointer; a hint when it is off the level. */
export function TileReadout({
  hover,
  level,
}: {
  hover: ValueStore<HoverInfo | null>;
  level: WwdLevelView;
}): ReactElement {
  const info = useValue(hover);
  const properties = level.tileProperties?.records ?? [];
  let text: string;
  if (!info) {
    text = 'Point at the level (or focus it and use the arrow keys) to read a tile.';
  } else if (!info.cell) {
    text = `Outside the ${info.plane.name || 'plane'} grid · x ${Math.floor(info.world.x)}, y ${Math.floor(info.world.y)}`;
  } else {
    const { cell } = info;
    const parts = [`Col ${cell.col}, row ${cell.row}`, cellValueText(cell.value, info.plane)];
    const property = info.attribute === null ? null : propertyOf(cell.value, properties);
    if (info.attribute !== null && property) {
      parts.push(`${attributeName(info.attribute)} here (${describeProperty(property)})`);
    }
    parts.push(`x ${Math.floor(info.world.x)}, y ${Math.floor(info.world.y)}`);
    text = parts.join(' · ');
  }
  return (
    <p className="lv-readout" data-testid="tile-readout" aria-live="off">
      {text}
    </p>
  );
}
