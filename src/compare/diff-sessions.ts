/**
 * The diff of two sessions over the node model: nodes are matched by their stable path (the
 * node table's `diffPath` where a format has one, else its path; the n-th node of a path
 * with the n-th of the same path, where a document repeats one), and a
 * matched pair is changed when what both sides expose says so:
 *
 * - both keep a stored checksum: the checksums and sizes decide, and no content is read;
 * - else the sizes, then the content's bytes where both sides can read it;
 * - else (a document node with no content) the values of the format's columns and the
 *   node's fields.
 *
 * Rows stream out in batches as they are decided (the new side's order, then what only the
 * old side has), with a pause between batches so a host can answer other calls and cancel.
 * Pure: it runs in the decoder worker and in the CLI alike.
 */
import type { CancelSignal, Session } from '../formats/model.ts';
import { emptyCounts, type ChangeEvidence, type DiffCounts, type DiffRow } from './types.ts';

export interface DiffOptions {
  /** Compare content bytes even where both sides keep a checksum (a CRC left stale). */
  compareContent?: boolean;
  signal?: CancelSignal;
  /** Rows as they are decided, in batches. */
  onRows?(rows: readonly DiffRow[]): void;
  /** Nodes looked at so far, of both sides' counts together. */
  onProgress?(done: number, total: number): void;
  /** Lets the host answer other calls (rows, a cancel) between batches. */
  pause?(): Promise<void>;
  /** Rows per batch at most; 2,000 by default. The first batches are smaller (FIRST_BATCH). */
  batchSize?: number;
}

export interface DiffResult {
  counts: DiffCounts;
  /** Every row, in the order they were emitted. */
  rows: DiffRow[];
}

const DEFAULT_BATCH = 2_000;
/**
 * Rows of the first batch; each next batch doubles, up to the batch size. The first rows are
 * what the user waits for: they go out after a few dozen nodes, before a lookup that misses
 * (an added node) reads the whole of the old side.
 */
export const FIRST_BATCH = 64;

/**
 * What the diff reads of one side: its table's facts (path, size, stored checksum), and its
 * session only for a pair those do not decide (content, values). The facts may come from
 * the session itself (`sideOf`) or from elsewhere (node-facts.ts), the session then opened
 * only when first asked for.
 */
export interface ComparedSide {
  count: number;
  path(index: number): string;
  size(index: number): number;
  /** Stored checksum, unsigned; null where the node keeps none. */
  checksum(index: number): number | null;
  session(): Session | Promise<Session>;
}

export function sideOf(session: Session): ComparedSide {
  const table = session.nodeTable();
  const tableChecksum = table.checksum;
  // An archive whose table does not tell checksums may still keep them in its details.
  const checksum: (index: number) => number | null = tableChecksum
    ? (index) => tableChecksum.call(table, index)
    : session.layout === 'archive'
      ? (index) => session.details(index).checksum
      : () => null;
  const diffPath = table.diffPath;
  return {
    count: session.nodeCount(),
    path: diffPath ? (index) => diffPath.call(table, index) : (index) => table.path(index),
    size: (index) => table.size(index),
    checksum: (index) => {
      const value = checksum(index);
      return value === null ? null : value >>> 0;
    },
    session: () => session,
  };
}

/** LazyKeys.find read its budget without finding the key. */
const NOT_YET = -2;
/**
 * Nodes of the old side read at most between two pauses: a lookup that misses (an added
 * node) reads the whole of it, over a second of a loaded machine for 100,000 nodes, during
 * which the host could answer no call (the page's request for the first rows).
 */
export const KEY_SCAN_STEP = 8_192;

/**
 * The match keys of one side's nodes (its path, and `\0n` for the n-th repeat of a path),
 * read only as far as a lookup needs: two sides in the same order stay in step, so the
 * first rows go out before the whole of the old side has been read.
 */
class LazyKeys {
  private readonly keys = new Map<string, number>();
  private read = 0;

  constructor(private readonly side: ComparedSide) {}

  /**
   * The index of the node with `key`, or -1; NOT_YET when `budget` more nodes were read
   * without finding it (the caller lets the host answer calls, then asks again).
   */
  find(key: string, budget = Infinity): number {
    const found = this.keys.get(key);
    if (found !== undefined) return found;
    const { side, keys } = this;
    const stop = Math.min(side.count, this.read + budget);
    while (this.read < stop) {
      const index = this.read++;
      const path = side.path(index);
      let own = path;
      for (let repeat = 1; keys.has(own); repeat++) own = `${path}\0${repeat}`;
      keys.set(own, index);
      if (own === key) return index;
    }
    return this.read < side.count ? NOT_YET : -1;
  }
}

function equalBytes(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let at = 0; at < left.length; at++) if (left[at] !== right[at]) return false;
  return true;
}

/** The content of a node, or null when that side cannot read it (no content, a missing volume). */
async function contentOf(session: Session, index: number): Promise<Uint8Array | null> {
  const content = session.content;
  if (!content || (content.unavailable?.(index) ?? null) !== null) return null;
  try {
    return (await content.read(index)).bytes;
  } catch {
    return null;
  }
}

/** What a node shows besides its bytes: its column cells and fields, as one comparable text. */
function valuesOf(session: Session, index: number): string {
  const columnSet = session.columnSetOf?.(index) ?? 'default';
  const cells = (session.columnSets[columnSet] ?? []).map((column) =>
    session.cell ? session.cell(index, column.id) : null,
  );
  const details = session.details(index);
  return JSON.stringify([details.kind, details.storedSize, cells, details.fields]);
}

/**
 * Whether a matched pair differs when both sides keep a checksum (their checksums and sizes
 * say), or null when they do not and more must be read. Synchronous: the diff of two
 * archives asks it of every pair, and an `await` for each would cost more than the answer.
 */
function checksumVerdict(
  oldSide: ComparedSide,
  oldIndex: number,
  newSide: ComparedSide,
  newIndex: number,
  compareContent: boolean,
): boolean | null {
  if (compareContent) return null;
  const oldCrc = oldSide.checksum(oldIndex);
  const newCrc = newSide.checksum(newIndex);
  if (oldCrc === null || newCrc === null) return null;
  return oldCrc !== newCrc || oldSide.size(oldIndex) !== newSide.size(newIndex);
}

/**
 * Whether a matched pair differs, and what said so. Exported for the details of one pair
 * (the UI names the evidence).
 */
export async function comparePair(
  oldSide: ComparedSide,
  oldIndex: number,
  newSide: ComparedSide,
  newIndex: number,
  compareContent = false,
): Promise<{ isChanged: boolean; evidence: ChangeEvidence }> {
  const byChecksum = checksumVerdict(oldSide, oldIndex, newSide, newIndex, compareContent);
  if (byChecksum !== null) return { isChanged: byChecksum, evidence: 'checksum' };
  if (oldSide.size(oldIndex) !== newSide.size(newIndex))
    return { isChanged: true, evidence: 'content' };
  const [oldSession, newSession] = await Promise.all([oldSide.session(), newSide.session()]);
  const oldBytes = await contentOf(oldSession, oldIndex);
  const newBytes = oldBytes ? await contentOf(newSession, newIndex) : null;
  if (oldBytes && newBytes)
    return { isChanged: !equalBytes(oldBytes, newBytes), evidence: 'content' };
  return {
    isChanged: valuesOf(oldSession, oldIndex) !== valuesOf(newSession, newIndex),
    evidence: 'values',
  };
}

/**
 * Diffs `oldSession` against `newSession`: every node of either side once, matched by path.
 * Throws a CANCELLED FormatError when the signal is cancelled.
 */
export function diffSessions(
  oldSession: Session,
  newSession: Session,
  options: DiffOptions = {},
): Promise<DiffResult> {
  return diffSides(sideOf(oldSession), sideOf(newSession), options);
}

/** The same over two sides (`ComparedSide`), wherever they were read. */
export async function diffSides(
  oldSide: ComparedSide,
  newSide: ComparedSide,
  options: DiffOptions = {},
): Promise<DiffResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  let nextBatchSize = Math.min(FIRST_BATCH, batchSize);
  const total = oldSide.count + newSide.count;
  const counts = emptyCounts();
  const rows: DiffRow[] = [];
  let batch: DiffRow[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length > 0) options.onRows?.(batch);
    batch = [];
    nextBatchSize = Math.min(batchSize, nextBatchSize * 2);
    options.onProgress?.(done, total);
    await options.pause?.();
    options.signal?.throwIfCancelled();
  };
  /** Adds a row; answers the flush to wait for when the batch is full, else null. */
  const push = (row: DiffRow): Promise<void> | null => {
    counts[row.status]++;
    rows.push(row);
    batch.push(row);
    return batch.length >= nextBatchSize ? flush() : null;
  };

  const oldKeys = new LazyKeys(oldSide);
  const matched = new Uint8Array(oldSide.count);
  const seen = new Set<string>();
  for (let newIndex = 0; newIndex < newSide.count; newIndex++) {
    done++;
    const path = newSide.path(newIndex);
    let key = path;
    for (let repeat = 1; seen.has(key); repeat++) key = `${path}\0${repeat}`;
    seen.add(key);
    let oldIndex = oldKeys.find(key, KEY_SCAN_STEP);
    while (oldIndex === NOT_YET) {
      // The rows decided so far go out first: a miss early on must not hold back the first.
      if (batch.length > 0) await flush();
      else {
        await options.pause?.();
        options.signal?.throwIfCancelled();
      }
      oldIndex = oldKeys.find(key, KEY_SCAN_STEP);
    }
    const newSize = newSide.size(newIndex);
    const newCrc = newSide.checksum(newIndex);
    if (oldIndex < 0) {
      const flushing = push({
        path,
        status: 'added',
        oldIndex,
        newIndex,
        oldSize: null,
        newSize,
        oldCrc: null,
        newCrc,
      });
      if (flushing) await flushing;
      continue;
    }
    matched[oldIndex] = 1;
    const compareContent = options.compareContent ?? false;
    const isChanged =
      checksumVerdict(oldSide, oldIndex, newSide, newIndex, compareContent) ??
      (await comparePair(oldSide, oldIndex, newSide, newIndex, compareContent)).isChanged;
    const flushing = push({
      path,
      status: isChanged ? 'changed' : 'unchanged',
      oldIndex,
      newIndex,
      oldSize: oldSide.size(oldIndex),
      newSize,
      oldCrc: oldSide.checksum(oldIndex),
      newCrc,
    });
    // Awaited only when a batch went out, not once a row.
    if (flushing) await flushing;
  }
  for (let oldIndex = 0; oldIndex < oldSide.count; oldIndex++) {
    done++;
    if (matched[oldIndex]) continue;
    const flushing = push({
      path: oldSide.path(oldIndex),
      status: 'removed',
      oldIndex,
      newIndex: -1,
      oldSize: oldSide.size(oldIndex),
      newSize: null,
      oldCrc: oldSide.checksum(oldIndex),
      newCrc: null,
    });
    if (flushing) await flushing;
  }
  await flush();
  return { counts, rows };
}
