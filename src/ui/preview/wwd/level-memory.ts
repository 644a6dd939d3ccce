/**
 * What the level view looked like when it was last shown, per file: selecting the file row
 * again, after looking at a node, shows the plane, camera, toggles and selected object as
 * they were left. Kept by the state layer while the file is open (`fileMemory`).
 */
import { fileMemory } from '../../../state/hooks.ts';
import type { Camera } from './camera.ts';
import type { ObjectRef, PlaneMode, SceneOptions } from './scene.ts';

export interface LevelViewMemory {
  mode: PlaneMode;
  options: SceneOptions;
  camera: Camera | null;
  selected: ObjectRef | null;
}

const SLOT = 'level-view';

export function recallView(fileId: string): LevelViewMemory | undefined {
  return fileMemory.recall<LevelViewMemory>(fileId, SLOT);
}

export function rememberView(fileId: string, memory: LevelViewMemory): void {
  fileMemory.remember(fileId, SLOT, memory);
}
