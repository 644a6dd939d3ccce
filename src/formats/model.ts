/**
 * The shared output model of every decoder: spans, issues, and the archive-entry shape that
 * the worker turns into tree rows. Plain data only, so it crosses the worker boundary as is.
 */
import type { ErrorInfo } from '../binary/format-error.ts';

/** A byte range of the file: `[offset, offset + length)`. */
export interface Span {
  offset: number;
  length: number;
}

export type IssueSeverity = 'info' | 'warning' | 'error';

/** Something worth telling that does not stop the parse (CRC mismatch, unknown flag, ...). */
export interface Issue {
  severity: IssueSeverity;
  /** Stable machine code, e.g. `UNPATCHED`, `DUPLICATE_NAME`, `BACKSLASH_IN_NAME`. */
  code: string;
  message: string;
  span?: Span;
  /** The archive entry it concerns, when it concerns one. */
  entryIndex?: number;
}

/** Identifiers of the formats Delve knows; `raw` is any file it does not. */
export type FormatId = 'kiwad' | 'wwd' | 'raw';

/** What a parse returns: the value read so far, its issues, and a fatal error if it stopped early. */
export interface ParseResult<T> {
  value: T;
  issues: Issue[];
  fatal: ErrorInfo | null;
}
