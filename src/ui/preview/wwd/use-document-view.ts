/**
 * The decoded level of a file, fetched from its worker once per file (FileDecoder keeps the
 * answer; the open asks for it before the view mounts): selecting the file row again, after
 * looking at a section, reuses it. The view's own state (plane, camera, toggles) is
 * remembered per file too.
 */
import { useEffect, useState } from 'react';
import type { DocumentView, Result, WwdLevelView } from '../../../worker/rpc/api.ts';
import type { FileDecoder } from '../../../worker/rpc/client.ts';
import type { Camera } from './camera.ts';
import type { ObjectRef, PlaneMode, SceneOptions } from './scene.ts';

export function loadDocumentView(decoder: FileDecoder): Promise<Result<DocumentView>> {
  return decoder.documentView();
}

export type LevelLoad =
  | { status: 'loading' }
  | { status: 'ready'; level: WwdLevelView; objectEntries: number[][] }
  | { status: 'error'; message: string };

export function useLevelView(decoder: FileDecoder, fileName: string): LevelLoad {
  const [load, setLoad] = useState<{ decoder: FileDecoder; value: LevelLoad } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadDocumentView(decoder).then(
      (result) => {
        if (!isCurrent) return;
        let value: LevelLoad;
        if (!result.ok) value = { status: 'error', message: result.error.message };
        else if (result.value.format !== 'wwd') {
          value = { status: 'error', message: `${fileName} is not a WWD level` };
        } else {
          value = {
            status: 'ready',
            level: result.value.level,
            objectEntries: result.value.objectEntries,
          };
        }
        setLoad({ decoder, value });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const reason = error instanceof Error ? error.message : String(error);
        setLoad({
          decoder,
          value: { status: 'error', message: `reading the level of ${fileName} failed: ${reason}` },
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [decoder, fileName]);
  return load && load.decoder === decoder ? load.value : { status: 'loading' };
}

/** What the view looked like when it was last shown, per file. */
export interface LevelViewMemory {
  mode: PlaneMode;
  options: SceneOptions;
  camera: Camera | null;
  selected: ObjectRef | null;
}

const memories = new WeakMap<FileDecoder, LevelViewMemory>();

export function recallView(decoder: FileDecoder): LevelViewMemory | undefined {
  return memories.get(decoder);
}

export function rememberView(decoder: FileDecoder, memory: LevelViewMemory): void {
  memories.set(decoder, memory);
}
