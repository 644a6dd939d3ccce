/**
 * Any file Delve does not recognise: no entries; the file itself is previewed (hex, text)
 * and hashed through the WHOLE_FILE reference.
 */
import type { ArchiveAdapter } from './adapter.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';

function noEntries(): never {
  throw new FormatError({
    code: ErrorCode.OUT_OF_BOUNDS,
    offset: 0,
    detail: 'this file has no entries',
  });
}

export function openRaw(): ArchiveAdapter {
  return {
    format: 'raw',
    kind: 'raw',
    formatLabel: 'Unknown format',
    details: [],
    issues: [],
    fatal: null,
    entryCount: () => 0,
    entry: noEntries,
    dataOffset: noEntries,
    storedSize: noEntries,
    fields: noEntries,
    readContent: () => Promise.reject(noEntries()),
    verify: () => Promise.resolve(),
  };
}
