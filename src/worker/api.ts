/**
 * The only contract between the UI and a decoder worker. Each opened file gets its own
 * worker (so a decoder that hangs or dies takes down that file only); the worker owns the
 * file, its parsed model and its tree, and the UI pulls what it shows: pages of rows, byte
 * ranges, digests. Every type here is structured-cloneable.
 *
 * Errors cross as data (`{ok: false, error}`): comlink keeps only message and stack of a
 * thrown error, so a thrown FormatError would lose its code and offset.
 */
import type { ErrorInfo } from '../binary/format-error.ts';
import type { Digests } from '../binary/hashes.ts';
import type { FormatId, Issue } from '../formats/model.ts';
import type { WwdLevel } from '../formats/wwd/types.ts';

export type { ErrorInfo, Digests, FormatId, Issue };

/** The name a spare decoder worker is started with (`self.name` inside it): it warms itself up. */
export const SPARE_WORKER_NAME = 'delve-decoder-spare';
/** Key of the message a spare posts when its warm-up is done (its value: the time it took, ms). */
export const WARM_UP_DONE = 'delveWarmUpMs';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** Checksum state of an entry: not yet checked, or the outcome of a CRC check. */
export type EntryStatus = 'unchecked' | 'ok' | 'mismatch' | 'unpatched' | 'error';

/** `WHOLE_FILE` as an entry reference means the opened file itself, not an entry in it. */
export const WHOLE_FILE = -1;
/**
 * `LOGICAL` means the decoded bytes a document's offsets refer to (a WWD level: header plus
 * inflated main block). For archives and unknown files it is the file itself.
 */
export const LOGICAL = -2;

/** Archives hold entries; documents (WWD levels) hold decoded sections; raw is anything else. */
export type FileKind = 'archive' | 'document' | 'raw';

/** One visible row of a file's tree (folders and entries; the file's own row is the UI's). */
export interface TreeRow {
  /** Stable id of the node within this file. */
  nodeId: number;
  /** Id of the parent folder node; -1 at the top level. */
  parentId: number;
  /** 1 for top-level rows of the file (the file's own row is level 0 in the UI). */
  depth: number;
  name: string;
  /** Full path for entries and folders, `/`-separated. */
  path: string;
  isFolder: boolean;
  isExpanded: boolean;
  /** Index of the archive entry; -1 for folders. */
  entryIndex: number;
  /** Uncompressed bytes (folders: sum over descendants). */
  size: number;
  /** Bytes in the archive (folders: sum over descendants). */
  storedSize: number;
  isCompressed: boolean;
  /** Stored checksum, unsigned; null when the format has none. */
  crc: number | null;
  status: EntryStatus;
  /** Entries below a folder (0 for entries). */
  entryCount: number;
}

/** Header facts of the opened file, for the info panel: label and display value. */
export type DetailField = [label: string, value: string];

export interface FileSummary {
  name: string;
  /** File size in bytes. */
  size: number;
  format: FormatId;
  kind: FileKind;
  /** Human name of the format, e.g. `KIWAD v2`. */
  formatLabel: string;
  details: DetailField[];
  entryCount: number;
  totalSize: number;
  totalStoredSize: number;
  issues: Issue[];
  /** Set when parsing stopped early: the rows read so far are still browsable. */
  fatal: ErrorInfo | null;
  /** Visible rows of the tree as opened (no filter), so the page needs no second call for it. */
  rowCount: number;
}

export interface OpenProgress {
  /** Entries parsed so far. */
  entriesRead: number;
  /** Entries declared by the header (0 when unknown). */
  entryCount: number;
  /** Visible rows now available through `getRows`. */
  rowCount: number;
}

/** Full facts of one entry, for the details panel. */
export interface EntryDetails {
  entryIndex: number;
  path: string;
  dataOffset: number;
  size: number;
  storedSize: number;
  isCompressed: boolean;
  crc: number | null;
  status: EntryStatus;
  /** Format-specific fields (label, value). */
  fields: DetailField[];
  /** Byte span of the entry's table record. */
  recordOffset: number;
  recordLength: number;
  /** For document nodes: the node's bytes in the LOGICAL view, to highlight there. */
  span: { offset: number; length: number } | null;
}

/** A WWD level for the level view: everything but the raw bytes (read those through LOGICAL). */
export type WwdLevelView = Omit<WwdLevel, 'logical' | 'trailingData'>;

/**
 * The decoded model of a document, for its dedicated view. `objectEntries[plane][i]` is the
 * entry index of the tree node of `level.planes[plane].objects[i]`: its fields come from
 * `entryDetails`, so the worker formats them once for the tree and the level view alike.
 */
export type DocumentView = { format: 'wwd'; level: WwdLevelView; objectEntries: number[][] };

export interface VerifyProgress {
  entriesDone: number;
  entryCount: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface VerifySummary {
  ok: number;
  mismatched: number;
  unpatched: number;
  errors: number;
  /** Number of entries checked (all, unless cancelled). */
  checked: number;
  cancelled: boolean;
}

export interface ByteRange {
  bytes: Uint8Array;
  /** Size of the whole entry (or file) the range was taken from. */
  totalSize: number;
  /** Set when the bytes are shown raw because decoding failed (e.g. "compressed" data that is not zlib). */
  warning: string | null;
}

export interface JobProgress {
  done: number;
  total: number;
  label: string;
}

/** The cancellable jobs. */
export type JobKind = 'verify' | 'zip' | 'digest';

export interface FilterResult {
  rowCount: number;
  /** Entries that match the filter. */
  matchCount: number;
}

export interface DecoderApi {
  /** Opens a file: detects its format, streams the table into the tree, reports progress. */
  open(
    file: Blob,
    name: string,
    onProgress: (progress: OpenProgress) => void,
  ): Promise<Result<FileSummary>>;

  /** Visible rows `[start, start + count)` of the tree. */
  getRows(start: number, count: number): TreeRow[];
  rowCount(): number;
  /** Expands or collapses a folder; returns the new visible row count. */
  setExpanded(nodeId: number, isExpanded: boolean): number;
  /** Expands (or collapses) every folder; returns the new visible row count. */
  setAllExpanded(isExpanded: boolean): number;
  /** Row index of a node, or -1 when hidden (collapsed parent or filtered out). */
  rowIndexOf(nodeId: number): number;
  /** Substring, or glob when it contains `*`, `?` or `[`: `*.dds`, `Textures/**`. Empty clears. */
  setFilter(pattern: string): FilterResult;

  entryDetails(entryIndex: number): Result<EntryDetails>;
  /** Bytes `[offset, offset + length)` of an entry's content (inflated), or of the file (`WHOLE_FILE`). */
  readRange(entryIndex: number, offset: number, length: number): Promise<Result<ByteRange>>;
  /** The whole content of an entry, or the file, as a Blob (for downloads, images, audio). */
  readBlob(entryIndex: number): Promise<Result<Blob>>;
  /** The decoded model of a document (FileKind `document`), e.g. a WWD level for the level view. */
  documentView(): Result<DocumentView>;
  /** CRC-32, KI-CRC, MD5, SHA-1 and SHA-256 of an entry's content (or the file). */
  digest(entryIndex: number, onProgress: (progress: JobProgress) => void): Promise<Result<Digests>>;

  /** Recomputes every entry's CRC; rows then show ok / mismatch / unpatched. Cancellable. */
  verifyAll(onProgress: (progress: VerifyProgress) => void): Promise<Result<VerifySummary>>;
  /**
   * A zip of the entries under the given nodes (all entries when empty), built in a
   * streamed way with progress. Fails clearly past zip32 limits. Cancellable.
   */
  zip(nodeIds: number[], onProgress: (progress: JobProgress) => void): Promise<Result<Blob>>;
  /** Answers at once unless the worker is stuck: the client's watchdog calls it. */
  ping(): 'pong';
  /** Cancels running jobs of one kind (all without one); they then end with CANCELLED. */
  cancel(kind?: JobKind): void;
}
