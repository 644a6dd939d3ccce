/**
 * Search in contents (every node of a file, or those under some tree nodes), generic over
 * sessions: nodes are read in the order their bytes lie in the file and a few ahead of the
 * scan (content-prefetch.ts), so large inflates go to the helper workers as the zip's do
 * (services/codecs.ts); a large stored node is read in slices, never whole. Matches reach
 * the page in batches with the progress, at most every UPDATE_MS; the last batch comes with
 * the answer (a callback's message and the answer take different channels).
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import type { CompiledGrep } from '../../binary/grep-query.ts';
import {
  GREP_SLICE,
  grepEntries,
  type ContentHit,
  type GrepProgress,
  type SearchedContent,
} from '../../formats/content-grep.ts';
import type { ContentCapability, NodeTable, Span } from '../../formats/model.ts';
import type { ContentSearchResult, ContentSearchUpdate } from '../rpc/api.ts';
import { readInOrder } from './content-prefetch.ts';
import { yieldBriefly, type CancelToken } from './jobs.ts';

/** How often matches and progress go to the page. */
const UPDATE_MS = 100;
/** How long the scan runs between yields (a cancel and page requests get in). */
const RUN_MS = 20;
/** Stored nodes larger than this are read in slices. */
const SLICED_MIN = 4 * GREP_SLICE;

export interface ContentsSearchInput {
  query: CompiledGrep;
  /** Nodes to search (tree order). */
  indexes: readonly number[];
  table: NodeTable;
  content: ContentCapability;
  /** Where a node's bytes lie as they are (stored, not compressed); null when decoded. */
  storedRange(index: number): { source: ByteSource; span: Span } | null;
  maxHits: number;
  token: CancelToken;
  onUpdate(update: ContentSearchUpdate): void;
}

/** Where a node's stored bytes start, for reading in file order; unplaced ones go last. */
function placeOf(content: ContentCapability, index: number): number {
  try {
    const span = content.storedSpan(index)?.span ?? content.storedBytes?.(index)?.span;
    return span ? span.offset : Number.MAX_SAFE_INTEGER;
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}

export async function searchContents(input: ContentsSearchInput): Promise<ContentSearchResult> {
  const { content, table, token } = input;
  let unreadable = 0;
  let unreadableReason: string | null = null;
  const readable = input.indexes.filter((index) => {
    const why = content.unavailable?.(index) ?? null;
    if (why === null) return true;
    unreadable++;
    unreadableReason ??= `${table.path(index)}: ${why}`;
    return false;
  });
  const places = new Map(readable.map((index) => [index, placeOf(content, index)]));
  readable.sort((a, b) => places.get(a)! - places.get(b)! || a - b);

  const read = async (index: number): Promise<SearchedContent> => {
    const stored = input.storedRange(index);
    if (stored) {
      const { source, span } = stored;
      if (span.length < SLICED_MIN) return source.read(span.offset, span.length);
      return {
        size: span.length,
        read: (offset, length) => source.read(span.offset + offset, length),
      };
    }
    return (await content.read(index)).bytes;
  };
  const readAhead = readInOrder(readable, read, (index) => table.size(index));

  let hits: ContentHit[] = [];
  let progress: GrepProgress | null = null;
  let lastUpdate = 0;
  let lastYield = Date.now();
  const flush = () => {
    if (progress === null) return;
    input.onUpdate({ hits, progress });
    hits = [];
    lastUpdate = Date.now();
  };
  const summary = await grepEntries({
    query: input.query,
    indexes: readable,
    pathOf: (index) => table.path(index),
    sizeOf: (index) => table.size(index),
    contentAt: readAhead,
    maxHits: input.maxHits,
    onHit: (hit) => hits.push(hit),
    onProgress: (next) => {
      progress = next;
      if (Date.now() - lastUpdate >= UPDATE_MS) flush();
    },
    pause: async () => {
      token.throwIfCancelled();
      if (Date.now() - lastYield < RUN_MS) return;
      await yieldBriefly();
      lastYield = Date.now();
      token.throwIfCancelled();
    },
  });
  return {
    ...summary,
    skipped: summary.skipped + unreadable,
    skippedReason: unreadableReason ?? summary.skippedReason,
    hits,
  };
}
