/**
 * Controls of the level view: plane switcher (one plane, or all stacked by z), zoom, layer
 * toggles and PNG export. The zoom readout subscribes to its own store (it changes on every
 * wheel tick).
 */
import { useId, type ReactElement } from 'react';
import type { WwdLevelView } from './level-types.ts';
import { formatZoom } from './camera.ts';
import { planeOptionLabel } from './level-model.ts';
import type { PlaneMode, SceneOptions } from './scene.ts';
import { useValue, type ValueStore } from './value-store.ts';

export interface LevelToolbarProps {
  level: WwdLevelView;
  mode: PlaneMode;
  onMode: (mode: PlaneMode) => void;
  zoom: ValueStore<number>;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  options: SceneOptions;
  onOptions: (options: SceneOptions) => void;
  /** Null when the shown planes have no main plane (no attributes apply). */
  hasMainPlane: boolean;
  onExportView: () => void;
  onExportPlane: () => void;
  /** e.g. `16,384 × 4,096 px at 33.3% (1:3)`. */
  planeExportText: string;
  isExporting: boolean;
}

export function LevelToolbar(props: LevelToolbarProps): ReactElement {
  const id = useId();
  const { level, mode, options, onOptions } = props;
  const toggle = (key: keyof SceneOptions) => onOptions({ ...options, [key]: !options[key] });
  return (
    <div className="lv-toolbar">
      <div className="lv-toolbar-group">
        <label htmlFor={`${id}-plane`}>Plane</label>
        <select
          id={`${id}-plane`}
          data-testid="plane-select"
          value={String(mode)}
          onChange={(event) => {
            const value = event.target.value;
            props.onMode(value === 'all' ? 'all' : Number(value));
          }}
        >
          {level.planes.map((plane) => (
            <option key={plane.index} value={String(plane.index)}>
              {planeOptionLabel(plane)}
            </option>
          ))}
          <option value="all">All planes, stacked by z</option>
        </select>
      </div>
      <div className="lv-toolbar-group" role="group" aria-label="Zoom">
        <button
          type="button"
          className="button lv-icon-button"
          onClick={props.onZoomOut}
          aria-label="Zoom out"
          title="Zoom out (−)"
          data-testid="zoom-out"
        >
          −
        </button>
        <ZoomReadout zoom={props.zoom} />
        <button
          type="button"
          className="button lv-icon-button"
          onClick={props.onZoomIn}
          aria-label="Zoom in"
          title="Zoom in (+)"
          data-testid="zoom-in"
        >
          +
        </button>
        <button
          type="button"
          className="button"
          onClick={props.onFit}
          title="Fit the level in the view (0)"
          data-testid="zoom-fit"
        >
          Fit
        </button>
      </div>
      <div className="lv-toolbar-group" role="group" aria-label="Layers">
        <label
          className="lv-check"
          title={props.hasMainPlane ? undefined : 'Tile attributes apply to the main plane only'}
        >
          <input
            type="checkbox"
            checked={options.showOverlay}
            disabled={!props.hasMainPlane}
            onChange={() => toggle('showOverlay')}
            data-testid="overlay-toggle"
          />
          Attributes
        </label>
        <label className="lv-check">
          <input
            type="checkbox"
            checked={options.showObjects}
            onChange={() => toggle('showObjects')}
            data-testid="objects-toggle"
          />
          Objects
        </label>
        {mode === 'all' && (
          <label className="lv-check">
            <input
              type="checkbox"
              checked={options.showNoDraw}
              onChange={() => toggle('showNoDraw')}
            />
            No-draw planes
          </label>
        )}
      </div>
      <div className="lv-toolbar-group" role="group" aria-label="Export as PNG">
        <button
          type="button"
          className="button"
          onClick={props.onExportView}
          disabled={props.isExporting}
          data-testid="export-view"
          title="The view as it is on screen"
        >
          Export view
        </button>
        <button
          type="button"
          className="button"
          onClick={props.onExportPlane}
          disabled={props.isExporting}
          data-testid="export-plane"
          title={`The whole ${mode === 'all' ? 'stack' : 'plane'}: ${props.planeExportText}`}
        >
          Export {mode === 'all' ? 'stack' : 'plane'}
        </button>
      </div>
    </div>
  );
}

function ZoomReadout({ zoom }: { zoom: ValueStore<number> }): ReactElement {
  const value = useValue(zoom);
  return (
    <output className="lv-zoom" data-testid="zoom-level" aria-live="polite" aria-label="Zoom level">
      {value > 0 ? formatZoom(value) : '—'}
    </output>
  );
}
