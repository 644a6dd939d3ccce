/**
 * The decoded level of a file, read through the state layer's cache (the open asks for it
 * before the view mounts, and selecting the file row again, after looking at a section,
 * reuses it). The view's own state (plane, camera, toggles) is remembered per file too.
 */
import { fileMemory, useDocumentView } from '../../../state/hooks.ts';
import type { WwdLevelView } from '../../../formats/wwd/types.ts';
import type { Camera } from './camera.ts';
import type { ObjectRef, PlaneMode, SceneOptions } from './scene.ts';

/** The view kind of a decoded level (the session's `capabilities.view`). */
export const WWD_LEVEL_VIEW = 'wwd-level';

/** What a level's document view carries (formats/wwd/session.ts, `WwdViewData`). */
interface WwdViewData {
  level: WwdLevelView;
  /** `objectEntries[plane][i]`: the node index of `level.planes[plane].objects[i]`. */
  objectEntries: number[][];
}

function isWwdViewData(data: unknown): data is WwdViewData {
  const view = data as Partial<WwdViewData> | null;
  return (
    typeof view === 'object' &&
    view !== null &&
    Array.isArray(view.objectEntries) &&
    Array.isArray(view.level?.planes)
  );
}

export type LevelLoad =
  | { status: 'loading' }
  | { status: 'ready'; level: WwdLevelView; objectEntries: number[][] }
  | { status: 'error'; message: string };

export function useLevelView(fileId: string, fileName: string): LevelLoad {
  const view = useDocumentView(fileId);
  if (view.status === 'loading') return view;
  if (view.status === 'error') return { status: 'error', message: view.error.message };
  const { kind, data } = view.value;
  if (kind !== WWD_LEVEL_VIEW || !isWwdViewData(data)) {
    return { status: 'error', message: `${fileName} is not a WWD level` };
  }
  return { status: 'ready', level: data.level, objectEntries: data.objectEntries };
}

/** What the view looked like when it was last shown, per file. */
export interface LevelViewMemory {
  mode: PlaneMode;
  options: SceneOptions;
  camera: Camera | null;
  selected: ObjectRef | null;
}

const MEMORY_SLOT = 'wwd-level-view';

export function recallView(fileId: string): LevelViewMemory | undefined {
  return fileMemory.recall<LevelViewMemory>(fileId, MEMORY_SLOT);
}

export function rememberView(fileId: string, memory: LevelViewMemory): void {
  fileMemory.remember(fileId, MEMORY_SLOT, memory);
}
