/**
 * The level view's part of a deep link: the plane shown, the zoom, the world point at the
 * centre of the map and the selected object, as the view's own link parameters
 * (`view.plane=1&view.zoom=50&view.x=1024&view.y=768&view.object=1:15`). A link may come
 * from anywhere, so reading checks every value against the level and drops what does not fit.
 */
import type { ViewLinkState } from '../../../state/deep-link.ts';
import type { Camera, Point, Size } from './camera.ts';
import type { WwdLevelView } from './level-types.ts';
import type { ObjectRef, PlaneMode } from './scene.ts';

export interface LevelLinkState {
  mode: PlaneMode | null;
  /** CSS pixels per world pixel. */
  zoom: number | null;
  /** World point at the centre of the map. */
  center: Point | null;
  selected: ObjectRef | null;
}

/** What the view shows now, as link parameters; the camera is left out until there is one. */
export function levelLinkParams(
  mode: PlaneMode,
  camera: Camera | null,
  view: Size,
  selected: ObjectRef | null,
): ViewLinkState {
  const params: Record<string, string> = { plane: String(mode) };
  if (camera !== null) {
    params['zoom'] = String(Number((camera.zoom * 100).toFixed(2)));
    params['x'] = String(Math.round(camera.x + view.width / 2 / camera.zoom));
    params['y'] = String(Math.round(camera.y + view.height / 2 / camera.zoom));
  }
  if (selected !== null) params['object'] = `${selected.plane}:${selected.index}`;
  return params;
}

const INTEGER = /^\d{1,9}$/;
/** Far above any zoom the view allows: anything more is not a zoom. */
const MAX_PERCENT = 1_000_000;
const NUMBER = /^-?\d{1,9}(\.\d{1,6})?$/;

/** A link's level state, each part checked against `level`; what does not fit is null. */
export function readLevelLink(state: ViewLinkState, level: WwdLevelView): LevelLinkState {
  const planeText = state['plane'];
  let mode: PlaneMode | null = null;
  if (planeText === 'all') mode = 'all';
  else if (planeText !== undefined && INTEGER.test(planeText)) {
    const index = Number(planeText);
    if (index < level.planes.length) mode = index;
  }
  const zoomText = state['zoom'] ?? '';
  const percent = NUMBER.test(zoomText) ? Number(zoomText) : 0;
  // The view clamps the zoom to what the level and the map allow.
  const zoom = percent > 0 && percent <= MAX_PERCENT ? percent / 100 : null;
  const xText = state['x'] ?? '';
  const yText = state['y'] ?? '';
  const center = NUMBER.test(xText) && NUMBER.test(yText) ? { x: +xText, y: +yText } : null;
  return { mode, zoom, center, selected: objectOf(state['object'], level, mode) };
}

function objectOf(
  text: string | undefined,
  level: WwdLevelView,
  mode: PlaneMode | null,
): ObjectRef | null {
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(text ?? '');
  if (!match) return null;
  const ref = { plane: Number(match[1]), index: Number(match[2]) };
  if (!level.planes[ref.plane]?.objects[ref.index]) return null;
  // One plane shown: only its own objects can be selected.
  return mode === null || mode === 'all' || mode === ref.plane ? ref : null;
}
