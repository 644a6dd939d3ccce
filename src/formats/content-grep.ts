/**
 * Search in contents over any session's nodes: each node's content is read (decompressed as
 * its format does) and scanned for a compiled query (binary/grep-scan.ts), one node after
 * another, with progress in nodes and bytes and a cancel checked between chunks. Generic:
 * how content is read (ahead, on helper workers, in slices) is the caller's, so the decoder
 * worker and the CLI run the same search. A node whose content cannot be read is skipped and
 * counted, not fatal.
 */
import type { CompiledGrep } from '../binary/grep-query.ts';
import { GrepScanner, type GrepMatch } from '../binary/grep-scan.ts';

/** One match: the node it is in (index and path), its byte offset in the content, a line of it. */
export interface ContentHit {
  entryIndex: number;
  path: string;
  offset: number;
  length: number;
  context: string;
}

export interface GrepProgress {
  entriesDone: number;
  entryCount: number;
  /** Content bytes scanned (unpacked sizes). */
  bytesDone: number;
  bytesTotal: number;
}

/** A node's content as read: all of it, or (a large stored one) a way to read it in slices. */
export type SearchedContent =
  Uint8Array | { size: number; read(offset: number, length: number): Promise<Uint8Array> };

export interface GrepSummary extends GrepProgress {
  hitCount: number;
  /** Stopped at `maxHits`: more may be found. */
  isTruncated: boolean;
  /** Nodes whose content could not be read. */
  skipped: number;
  /** Why the first skipped node was (its path and message), or null. */
  skippedReason: string | null;
}

export interface GrepRun {
  query: CompiledGrep;
  /** The nodes to search, in the order they are read. */
  indexes: readonly number[];
  pathOf(index: number): string;
  /** A node's unpacked size (progress; also the chunked reads' end). */
  sizeOf(index: number): number;
  /** The content of `indexes[position]`, asked for positions in order (reading ahead is the caller's). */
  contentAt(position: number): Promise<SearchedContent>;
  onHit(hit: ContentHit): void;
  onProgress(progress: GrepProgress): void;
  /** Between chunks: lets a cancel in; throws to stop the search. */
  pause(): Promise<void>;
  /** Stop after this many hits (unbounded when absent). */
  maxHits?: number;
}

/** Bytes read per slice of a node read in slices. */
export const GREP_SLICE = 1024 * 1024;

class HitLimit extends Error {}

export async function grepEntries(run: GrepRun): Promise<GrepSummary> {
  const { indexes, maxHits = Infinity } = run;
  const progress: GrepProgress = {
    entriesDone: 0,
    entryCount: indexes.length,
    bytesDone: 0,
    bytesTotal: indexes.reduce((sum, index) => sum + run.sizeOf(index), 0),
  };
  const summary = {
    hitCount: 0,
    isTruncated: false,
    skipped: 0,
    skippedReason: null as null | string,
  };
  let entryIndex = 0;
  let path = '';
  const scanner = new GrepScanner(run.query, (match: GrepMatch) => {
    if (summary.hitCount >= maxHits) throw new HitLimit();
    summary.hitCount++;
    run.onHit({ entryIndex, path, ...match });
  });
  run.onProgress({ ...progress });
  try {
    for (let position = 0; position < indexes.length; position++) {
      entryIndex = indexes[position]!;
      path = run.pathOf(entryIndex);
      let content: SearchedContent;
      try {
        content = await run.contentAt(position);
      } catch (error) {
        // A cancel or a stop is no unreadable node.
        await run.pause();
        summary.skipped++;
        summary.skippedReason ??= `${path}: ${error instanceof Error ? error.message : String(error)}`;
        progress.entriesDone++;
        continue;
      }
      if (content instanceof Uint8Array) {
        scanner.feed(content, true);
        progress.bytesDone += content.length;
      } else {
        if (content.size === 0) scanner.feed(new Uint8Array(0), true);
        for (let at = 0; at < content.size; at += GREP_SLICE) {
          const length = Math.min(GREP_SLICE, content.size - at);
          scanner.feed(await content.read(at, length), at + length >= content.size);
          progress.bytesDone += length;
          run.onProgress({ ...progress });
          await run.pause();
        }
      }
      progress.entriesDone++;
      run.onProgress({ ...progress });
      await run.pause();
    }
  } catch (error) {
    if (!(error instanceof HitLimit)) throw error;
    summary.isTruncated = true;
  }
  return { ...progress, ...summary };
}
