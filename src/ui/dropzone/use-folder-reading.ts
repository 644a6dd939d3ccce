/**
 * Reading folders before they open: runs a walk (folder-walk.ts) with a cancel signal, keeps a
 * throttled count of the files found for the status, then opens what was read as one drop and
 * reports what could not be read in one toast naming the files (or hands them to a use of
 * the caller's: a folder checked against an install list). Several walks (two folders
 * dropped one after the other) run side by side; Cancel stops them all.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActions } from '../../state/hooks.ts';
import {
  describeError,
  describeFailures,
  type WalkOptions,
  type WalkResult,
} from './folder-walk.ts';
import { notify } from './notify.ts';

/** How often the count of files found re-renders while a walk goes on. */
const PROGRESS_INTERVAL_MS = 100;

export interface FolderReading {
  /** Files found so far by the walks under way. */
  found: number;
}

/** A walk of one folder (or one drop) to run: it gets the signal and the progress callback. */
export type FolderWalk = (options: WalkOptions) => Promise<WalkResult>;

export interface FolderReadingControls {
  /** Null while no folder is being read. */
  reading: FolderReading | null;
  /**
   * Walks, then opens the files read (resolves before they finish opening). `name` says
   * what is read in messages (the folder's name).
   */
  readFolder(name: string, walk: FolderWalk): Promise<void>;
  /** Stops every walk under way; nothing of them opens. */
  cancel(): void;
}

const isAbort = (error: unknown) =>
  (error instanceof Error || error instanceof DOMException) && error.name === 'AbortError';

/** What is done with a folder once it is read: `name` is what was read (the folder's name). */
export type FolderUse = (name: string, result: WalkResult) => void;

/**
 * Reading folders, then (by default) opening what was read as one drop, with what could not
 * be read in one toast; `use` does something else with them.
 */
export function useFolderReading(use?: FolderUse): FolderReadingControls {
  const { openFiles } = useActions();
  const [reading, setReading] = useState<FolderReading | null>(null);
  /** Files found by each walk under way. */
  const walks = useRef(new Map<AbortController, number>());
  const lastRender = useRef(0);
  /** The render that catches up with counts that came in since the last one. */
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);

  const render = useCallback((force: boolean) => {
    const wait = lastRender.current + PROGRESS_INTERVAL_MS - performance.now();
    if (!force && wait > 0) {
      trailing.current ??= setTimeout(() => render(true), wait);
      return;
    }
    if (trailing.current !== null) clearTimeout(trailing.current);
    trailing.current = null;
    lastRender.current = performance.now();
    const counts = [...walks.current.values()];
    setReading(counts.length === 0 ? null : { found: counts.reduce((sum, n) => sum + n, 0) });
  }, []);

  const cancel = useCallback(() => {
    for (const controller of walks.current.keys()) controller.abort();
  }, []);

  // A walk must not outlive the page that shows its status.
  useEffect(
    () => () => {
      cancel();
      if (trailing.current !== null) clearTimeout(trailing.current);
    },
    [cancel],
  );

  const readFolder = useCallback(
    async (name: string, walk: FolderWalk) => {
      const controller = new AbortController();
      walks.current.set(controller, 0);
      render(true);
      // Cancel takes effect at once, even while the walk waits on a slow read.
      const cancelled = new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
          once: true,
        }),
      );
      let result: WalkResult;
      try {
        const walking = walk({
          signal: controller.signal,
          onProgress: ({ found }) => {
            if (!walks.current.has(controller)) return;
            walks.current.set(controller, found);
            render(false);
          },
        });
        result = await Promise.race([walking, cancelled]);
      } catch (error) {
        if (!isAbort(error)) notify('error', `${name}: could not be read: ${describeError(error)}`);
        return;
      } finally {
        walks.current.delete(controller);
        render(true);
      }
      if (use) {
        use(name, result);
        return;
      }
      const failures = describeFailures(result.failures);
      if (failures !== null) notify('error', failures);
      if (result.items.length > 0) void openFiles(result.items);
      else if (failures === null) notify('info', `${name}: no files in this folder`);
    },
    [openFiles, render, use],
  );

  return { reading, readFolder, cancel };
}
