/**
 * The texture view's toolbar: which surface (mip level, array layer, cube face), which
 * channels (R, G, B, A; alpha over a checkerboard), the zoom (fit, 1:1, steps) and the PNG
 * export; and the image's facts, shown under the image. Native buttons and selects: all of
 * it works from the keyboard.
 */
import type { ReactElement } from 'react';
import type { ImageInfo, SurfaceRef } from '../../../worker/rpc/api.ts';
import { stepZoom, type ChannelsShown } from './surface-pixels.ts';

const FACE_NAMES = ['+X', '−X', '+Y', '−Y', '+Z', '−Z'];
const CHANNELS = [
  ['r', 'R', 'red'],
  ['g', 'G', 'green'],
  ['b', 'B', 'blue'],
  ['a', 'A', 'alpha (over a checkerboard)'],
] as const;

const count = (value: number) => value.toLocaleString('en-US');

export interface TextureControlsProps {
  info: ImageInfo;
  surface: SurfaceRef;
  onSurface(surface: SurfaceRef): void;
  channels: ChannelsShown;
  onChannels(channels: ChannelsShown): void;
  /** null: fitted. */
  zoom: number | null;
  /** The scale Fit shows the image at, once the stage is measured. */
  fitScale: number | null;
  onZoom(zoom: number | null): void;
  /** The scale the image is shown at now (for stepping from "fit"). */
  currentScale(): number;
  canExport: boolean;
  onExport(): void;
}

export function TextureControls(props: TextureControlsProps): ReactElement {
  const { info, surface, onSurface, channels, onChannels, zoom, onZoom } = props;
  const percent = (scale: number) => `${Math.round(scale * 100)} %`;
  const zoomText =
    zoom !== null
      ? percent(zoom)
      : props.fitScale === null
        ? 'Fit'
        : `Fit (${percent(props.fitScale)})`;
  return (
    <div className="texture-controls">
      <div className="image-toolbar">
        <span className="image-facts" data-testid="texture-summary">
          {`${count(info.width)} × ${count(info.height)} px · ${info.pixelFormat}`}
        </span>
        <label>
          Level{' '}
          <select
            data-testid="texture-level"
            value={surface.level}
            onChange={(event) => onSurface({ ...surface, level: Number(event.target.value) })}
          >
            {info.levels.map((level, index) => (
              <option key={index} value={index}>
                {`${index}: ${count(level.width)} × ${count(level.height)}`}
              </option>
            ))}
          </select>
        </label>
        {info.layers > 1 && (
          <label>
            Layer{' '}
            <select
              data-testid="texture-layer"
              value={surface.layer}
              onChange={(event) => onSurface({ ...surface, layer: Number(event.target.value) })}
            >
              {Array.from({ length: Math.min(info.layers, 4096) }, (_, index) => (
                <option key={index} value={index}>
                  {index}
                </option>
              ))}
            </select>
          </label>
        )}
        {info.faces > 1 && (
          <label>
            Face{' '}
            <select
              data-testid="texture-face"
              value={surface.face}
              onChange={(event) => onSurface({ ...surface, face: Number(event.target.value) })}
            >
              {Array.from({ length: info.faces }, (_, index) => (
                <option key={index} value={index}>
                  {FACE_NAMES[index] ?? index}
                </option>
              ))}
            </select>
          </label>
        )}
        <span role="group" aria-label="Channels" className="texture-channels">
          {CHANNELS.map(([key, label, what]) => (
            <button
              key={key}
              type="button"
              className="button button-small"
              aria-pressed={channels[key]}
              title={`Show ${what}`}
              data-testid={`texture-channel-${key}`}
              onClick={() => onChannels({ ...channels, [key]: !channels[key] })}
            >
              {label}
            </button>
          ))}
        </span>
        <span role="group" aria-label="Zoom" className="texture-zoom">
          <button
            type="button"
            className="button button-small"
            aria-label="Zoom out"
            onClick={() => onZoom(stepZoom(zoom ?? props.currentScale(), -1))}
          >
            −
          </button>
          <output data-testid="texture-zoom" aria-live="polite">
            {zoomText}
          </output>
          <button
            type="button"
            className="button button-small"
            aria-label="Zoom in"
            onClick={() => onZoom(stepZoom(zoom ?? props.currentScale(), 1))}
          >
            +
          </button>
          <button
            type="button"
            className="button button-small"
            aria-pressed={zoom === 1}
            onClick={() => onZoom(zoom === 1 ? null : 1)}
          >
            {zoom === 1 ? 'Fit to pane' : 'Show 1:1'}
          </button>
        </span>
        <button
          type="button"
          className="button button-small"
          data-testid="texture-export"
          disabled={!props.canExport}
          onClick={props.onExport}
        >
          Export PNG
        </button>
      </div>
    </div>
  );
}

/** The image's facts, folded: under the stage, so they never push the image down. */
export function TextureFacts({ info }: { info: ImageInfo }): ReactElement {
  return (
    <details className="texture-facts">
      <summary>Facts</summary>
      <dl data-testid="texture-facts">
        {info.facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
