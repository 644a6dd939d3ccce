/**
 * The model types of the level view: the data of the `wwd-level` view a WWD session offers
 * (`Session.view`, fetched with `documentView`): the decoded level without its bytes, and the
 * tree node of each object so the view and the tree show the same fields.
 */
import type { WwdLevel } from '../../../formats/wwd/types.ts';
import type { DocumentView } from '../../../worker/rpc/api.ts';
import { unpackLevel } from './unpack-level.ts';

/** The view kind (`FileSummary.capabilities.view`) this folder's view shows. */
export const WWD_LEVEL_VIEW = 'wwd-level';

/** The decoded level as the view receives it: the model without the decoded bytes. */
export type WwdLevelView = Omit<WwdLevel, 'logical' | 'trailingData'>;
export type WwdPlane = WwdLevelView['planes'][number];
export type WwdObject = WwdPlane['objects'][number];
export type WwdRect = WwdObject['moveRect'];
export type WwdTileProperty = NonNullable<WwdLevelView['tileProperties']>['records'][number];

/** The data of a `wwd-level` view. */
export interface WwdLevelViewData {
  level: WwdLevelView;
  /** `objectEntries[plane][i]`: the node index of `level.planes[plane].objects[i]`. */
  objectEntries: number[][];
}

/** Levels unpacked, by the view data they came in (the gate asks on every render). */
const unpacked = new WeakMap<object, WwdLevelViewData>();

/** The level of a document view, or null when the view is not a level (or not shaped as one). */
export function levelViewData(view: DocumentView): WwdLevelViewData | null {
  if (view.kind !== WWD_LEVEL_VIEW) return null;
  const data = view.data as Partial<WwdLevelViewData> | null;
  if (!data || typeof data !== 'object' || !data.level || !Array.isArray(data.objectEntries)) {
    return null;
  }
  let whole = unpacked.get(data);
  if (!whole) {
    whole = { level: unpackLevel(data.level), objectEntries: data.objectEntries };
    unpacked.set(data, whole);
  }
  return whole;
}
