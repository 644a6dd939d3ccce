/**
 * How the checksum pool (crc-pipeline.ts) cuts its work: how many workers, and the tasks
 * they are handed — runs of consecutive ranges of one file (Verify all), or whole files, the
 * largest first (install verification).
 */
import type { IndexedRange } from '../../binary/coalesced-read.ts';

/** Workers at most, whatever the core count: each holds one window. */
const MAX_WORKERS = 6;

/** A file to hash whole on the pool: the caller's index for it, and the file. */
export interface PoolFile {
  index: number;
  blob: Blob;
}

/**
 * Workers for a machine with `cores` logical cores: one more than the cores (a worker
 * waiting for the browser to hand it bytes leaves its core to another), at least 2, at
 * most MAX_WORKERS and never more than there are tasks.
 */
export function poolSize(cores: number, taskCount: number): number {
  return Math.max(1, Math.min(Math.max(2, Math.floor(cores) + 1), MAX_WORKERS, taskCount));
}

/**
 * Bytes per task: about a quarter of a worker's share, so the pool can even out slow
 * workers, but at least a window and at most 128 MiB (each task opens its own stream).
 */
export function taskBytesFor(totalBytes: number, workers: number, windowSize: number): number {
  const quarter = Math.ceil(totalBytes / (Math.max(1, workers) * 4));
  return Math.max(windowSize, Math.min(128 * 1024 * 1024, quarter));
}

/**
 * Cuts ranges sorted by offset into tasks of consecutive ranges, each closed once it
 * holds at least `taskBytes` bytes; packed as (index, offset, length) triples.
 */
export function splitTasks(sorted: readonly IndexedRange[], taskBytes: number): Float64Array[] {
  const tasks: Float64Array[] = [];
  let start = 0;
  let bytes = 0;
  const close = (end: number) => {
    const packed = new Float64Array((end - start) * 3);
    for (let i = start, at = 0; i < end; i++, at += 3) {
      const range = sorted[i]!;
      packed[at] = range.index;
      packed[at + 1] = range.offset;
      packed[at + 2] = range.length;
    }
    tasks.push(packed);
    start = end;
    bytes = 0;
  };
  for (let i = 0; i < sorted.length; i++) {
    bytes += sorted[i]!.length;
    if (bytes >= taskBytes) close(i + 1);
  }
  if (start < sorted.length) close(sorted.length);
  return tasks;
}

/** A task of whole files holds at least this many bytes (or one file), */
const FILES_TASK_BYTES = 8 * 1024 * 1024;
/** ...and at most this many files, so small files still spread over the workers. */
const FILES_PER_TASK = 64;

/**
 * Whole files cut into tasks, the largest first: each file larger than a task alone, the
 * others in tasks of up to FILES_TASK_BYTES or FILES_PER_TASK files. Largest first, so
 * the last tasks are small and every worker ends at about the same time.
 */
export function splitFileTasks(files: readonly PoolFile[]): PoolFile[][] {
  const sorted = [...files].sort((a, b) => b.blob.size - a.blob.size || a.index - b.index);
  const tasks: PoolFile[][] = [];
  let task: PoolFile[] = [];
  let bytes = 0;
  for (const file of sorted) {
    task.push(file);
    bytes += file.blob.size;
    if (bytes >= FILES_TASK_BYTES || task.length >= FILES_PER_TASK) {
      tasks.push(task);
      task = [];
      bytes = 0;
    }
  }
  if (task.length > 0) tasks.push(task);
  return tasks;
}

/** `ranges` sorted by offset (then index); as they are when they already are (KI's layout). */
export function sortedByOffset(ranges: readonly IndexedRange[]): readonly IndexedRange[] {
  let isSorted = true;
  for (let i = 1; i < ranges.length && isSorted; i++) {
    const a = ranges[i - 1]!;
    const b = ranges[i]!;
    isSorted = a.offset < b.offset || (a.offset === b.offset && a.index <= b.index);
  }
  return isSorted ? ranges : [...ranges].sort((a, b) => a.offset - b.offset || a.index - b.index);
}
