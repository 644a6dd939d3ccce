/**
 * What the worker needs from an opened format: its entries as flat facts, their content,
 * and a way to check them. One adapter per format; the worker session does the rest
 * (tree, paging, jobs, zips) the same way for all of them.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import type { ErrorInfo } from '../../binary/format-error.ts';
import type { Issue } from '../../formats/model.ts';
import type { DetailField, DocumentView, EntryStatus, FileKind, FormatId } from '../rpc/api.ts';
import type { TreeEntryInput, TreeEntrySource } from '../tree/entry-tree.ts';
import type { CancelToken } from '../jobs/jobs.ts';

export interface AdapterEntry {
  path: string;
  dataOffset: number;
  size: number;
  storedSize: number;
  isCompressed: boolean;
  crc: number | null;
  recordOffset: number;
  recordLength: number;
}

export interface EntryContent {
  bytes: Uint8Array;
  warning: string | null;
}

export interface ArchiveAdapter {
  readonly format: FormatId;
  readonly kind: FileKind;
  /** Decoded bytes that document offsets refer to; absent for archives (their offsets are in the file). */
  readonly logical?: Uint8Array;
  /** The decoded model for a document's dedicated view. */
  readonly document?: DocumentView;
  /** True when the tree is a document's sections (nodes with fields and children, file order). */
  readonly isDocument?: boolean;
  readonly formatLabel: string;
  readonly details: DetailField[];
  readonly issues: Issue[];
  readonly fatal: ErrorInfo | null;
  /** Entries read (may be fewer than declared after a fatal error). */
  entryCount(): number;
  entry(entryIndex: number): AdapterEntry;
  /** `entry(i).dataOffset` and `.storedSize` without the rest (no name, no object). */
  dataOffset(entryIndex: number): number;
  storedSize(entryIndex: number): number;
  fields(entryIndex: number): DetailField[];
  /** Content as the user sees it (inflated). Throws FormatError. */
  readContent(entryIndex: number): Promise<EntryContent>;
  /** Checks the given entries, reporting each status as it is known. */
  verify(
    entryIndexes: readonly number[],
    onStatus: (entryIndex: number, status: EntryStatus, storedBytes: number) => void,
    token: CancelToken,
  ): Promise<void>;
}

export interface OpenHooks {
  source: ByteSource;
  /**
   * Whether helper workers an opened file may want later (Verify all's checksum pool) are
   * started ahead. False for the spare worker's warm-up, whose archives are never verified.
   */
  startsHelpersAhead: boolean;
  /** Called as entries are parsed, in batches, so rows show before the table is complete. */
  onEntries(batch: TreeEntryInput[], entriesRead: number, entryCount: number): void;
  /**
   * The same for entries `[start, end)` of a table the adapter keeps (archives of 100,000s
   * of entries): no object per entry on the way to the tree. `end` is the entries read so far.
   */
  onEntryRange(source: TreeEntrySource, start: number, end: number, entryCount: number): void;
}
