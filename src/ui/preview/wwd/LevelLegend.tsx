/**
 * What the colours and marks of the level view mean. Colours are stand-ins (there is no game
 * art or palette without the REZ archive), and the legend says so.
 */
import type { ReactElement } from 'react';
import { attributeCss, LEGEND_ATTRIBUTES } from './attributes.ts';
import { formatZoom } from './camera.ts';
import { LABEL_MIN_CELL } from './render-tiles.ts';
import type { Scene, SceneOptions } from './scene.ts';
import { ABOVE_MAIN_ALPHA, BELOW_MAIN_ALPHA } from './scene.ts';
import { cssRgb, fillRgb, tileRgb } from './tile-colors.ts';
import './level-panel.css';

function Swatch({
  color,
  className = '',
}: {
  color: string | null;
  className?: string;
}): ReactElement {
  return (
    <span
      className={`lv-swatch ${className}`}
      style={color === null ? undefined : { background: color }}
      aria-hidden="true"
    />
  );
}

export function LevelLegend({
  hasArt = false,
  scene,
  options,
  isStacked,
  planesWithFill,
}: {
  /** The game's art is drawn: stand-ins are only for what has none. */
  hasArt?: boolean;
  scene: Scene;
  options: SceneOptions;
  isStacked: boolean;
  /** Indexes of planes that have filled cells. */
  planesWithFill: ReadonlySet<number>;
}): ReactElement {
  const focus = scene.focus;
  const labelZoom = focus ? LABEL_MIN_CELL / Math.max(1, focus.tileWidth) : 0;
  const fillPlanes = scene.layers
    .map((layer) => layer.plane)
    .filter((plane) => planesWithFill.has(plane.index));
  return (
    <div className="lv-legend" aria-label="Legend" role="group" data-testid="level-legend">
      <ul className="lv-legend-list">
        <li>
          <span className="lv-swatch-row" aria-hidden="true">
            {[12, 74, 301].map((id) => (
              <Swatch key={id} color={cssRgb(tileRgb(id))} />
            ))}
          </span>
          {hasArt
            ? 'Tiles without art: one stand-in colour per tile id'
            : 'Tiles: one stand-in colour per tile id (no game art)'}
          ; ids are written on them from {formatZoom(labelZoom)} zoom
        </li>
        <li>
          <Swatch color={null} className="lv-swatch--empty" />
          Empty cell (0xFFFFFFFF): transparent
        </li>
        {fillPlanes.map((plane) => (
          <li key={plane.index}>
            <Swatch color={cssRgb(fillRgb(plane.fillColor))} />
            Filled cell (0xEEEEEEEE)
            {isStacked ? ` on ${plane.name || `plane #${plane.index}`}` : ''}: palette index{' '}
            {plane.fillColor}
            {hasArt
              ? ' (in the level palette once it is read)'
              : ', drawn in a stand-in colour (the palette is in the game’s REZ)'}
          </li>
        ))}
        {scene.objectPlanes.length > 0 && (
          <li>
            <span className="lv-marker" aria-hidden="true" />
            Object at its x, y, coloured by logic;{' '}
            <span className="lv-marker lv-marker--selected" aria-hidden="true" /> selected
          </li>
        )}
        {scene.start && (
          <li>
            <span className="lv-flag" aria-hidden="true">
              ⚑
            </span>
            Start position (header startX, startY)
          </li>
        )}
        {isStacked && (
          <li>
            Planes in z order at 100% scroll; behind the main plane at{' '}
            {Math.round(BELOW_MAIN_ALPHA * 100)}% opacity, in front at{' '}
            {Math.round(ABOVE_MAIN_ALPHA * 100)}%; wrapped planes repeat across the level
          </li>
        )}
      </ul>
      {options.showOverlay && scene.overlay && (
        <ul className="lv-legend-list" aria-label="Tile attributes">
          {LEGEND_ATTRIBUTES.map(({ value, label }) => (
            <li key={value}>
              <Swatch
                color={attributeCss(value)}
                className={value === 0 ? 'lv-swatch--empty' : ''}
              />
              {label}
            </li>
          ))}
          <li className="muted">Double tiles: inside rect and outside strips; masks per pixel</li>
        </ul>
      )}
    </div>
  );
}
