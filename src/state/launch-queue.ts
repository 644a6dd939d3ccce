/**
 * Files the operating system hands to the installed app (File Handling API): the manifest
 * registers Delve for the formats it reads, and a double-clicked file arrives through
 * `window.launchQueue` as a file handle. Each launch opens its files as one drop.
 */

/** The parts of `LaunchParams` used here (its handles may also be directories). */
export interface LaunchParamsLike {
  files?: readonly { kind?: string; getFile?: () => Promise<File> }[];
}

export interface LaunchQueueLike {
  setConsumer(consumer: (params: LaunchParamsLike) => void): void;
}

/**
 * Starts taking launched files; false when the browser has no launch queue (not installed,
 * or no File Handling support).
 */
export function consumeLaunchedFiles(
  queue: LaunchQueueLike | undefined,
  openFiles: (files: File[]) => Promise<void>,
  notify: (message: string) => void,
): boolean {
  if (!queue || typeof queue.setConsumer !== 'function') return false;
  queue.setConsumer((params) => {
    const handles = (params.files ?? []).filter(
      (handle) => handle.kind !== 'directory' && typeof handle.getFile === 'function',
    );
    if (handles.length === 0) return;
    void (async () => {
      const settled = await Promise.allSettled(handles.map((handle) => handle.getFile!()));
      const files = settled.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      const failed = settled.length - files.length;
      if (failed > 0) notify(`${failed} launched file${failed === 1 ? '' : 's'} could not be read`);
      if (files.length > 0) await openFiles(files);
    })();
  });
  return true;
}

/** The page's launch queue, where the browser has one. */
export function browserLaunchQueue(): LaunchQueueLike | undefined {
  return (globalThis as { launchQueue?: LaunchQueueLike }).launchQueue;
}
