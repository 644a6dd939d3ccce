/**
 * The model types of the level view, taken from the worker contract (`WwdLevelView`), which
 * is what the view receives: the decoded planes, objects and tile properties.
 */
import type { WwdLevelView } from '../../../worker/rpc/api.ts';

export type { WwdLevelView };
export type WwdPlane = WwdLevelView['planes'][number];
export type WwdObject = WwdPlane['objects'][number];
export type WwdRect = WwdObject['moveRect'];
export type WwdTileProperty = NonNullable<WwdLevelView['tileProperties']>['records'][number];
