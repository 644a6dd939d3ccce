/**
 * The only contract between the UI and a decoder worker. Each opened file gets its own
 * worker (so a decoder that hangs or dies takes down that file only); the worker owns the
 * file, its parsed model and its tree, and the UI pulls what it shows: pages of rows, byte
 * ranges, digests. Every type here is structured-cloneable.
 *
 * Errors cross as data (`{ok: false, error}`): comlink keeps only message and stack of a
 * thrown error, so a thrown FormatError would lose its code and offset.
 */
import type { ErrorInfo } from '../../binary/format-error.ts';
import type { Digests } from '../../binary/hashes.ts';
import type { GrepEncoding, GrepMode, GrepQuery } from '../../binary/grep-query.ts';
import type { ContentHit, GrepProgress, GrepSummary } from '../../formats/content-grep.ts';
import type {
  CellValue,
  ColumnDef,
  ContentRef,
  DecodedImage,
  Fact,
  ImageInfo,
  ImageLevel,
  InstallCheckResult,
  InstallProgress,
  InstallReportKind,
  Issue,
  MissingSource,
  NodeDetails,
  NodeKind,
  NodeStatus,
  SurfaceRef,
} from '../../formats/model.ts';
import type { FormatId } from '../../formats/registry.ts';
import type { NodeFacts } from '../../compare/node-facts.ts';
import type { DiffCounts, DiffRow, DiffStatus } from '../../compare/types.ts';

export type {
  NodeFacts,
  DiffCounts,
  DiffRow,
  DiffStatus,
  ContentHit,
  GrepEncoding,
  GrepMode,
  GrepProgress,
  GrepQuery,
  GrepSummary,
  CellValue,
  ColumnDef,
  ContentRef,
  DecodedImage,
  ImageInfo,
  ImageLevel,
  SurfaceRef,
  Digests,
  ErrorInfo,
  Fact,
  FormatId,
  InstallCheckResult,
  InstallProgress,
  InstallReportKind,
  Issue,
  MissingSource,
  NodeKind,
  NodeStatus,
};
export { FILE_REF, LOGICAL_REF, nodeRef, storedRef } from '../../formats/model.ts';

/** The name a spare decoder worker is started with (`self.name` inside it): it warms itself up. */
export const SPARE_WORKER_NAME = 'delve-decoder-spare';
/** Key of the message a spare posts when its warm-up is done (its value: the time it took, ms). */
export const WARM_UP_DONE = 'delveWarmUpMs';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** Checksum state of a node: not yet checked, or the outcome of its check. */
export type EntryStatus = NodeStatus;

/** A file handed to the worker: its bytes and the name it had (a `File` is both). */
export interface NamedBlob {
  name: string;
  blob: Blob;
  /** The address it was downloaded from whole (a server without Range support). */
  url?: string;
}

/**
 * A remote file the worker reads by HTTP Range requests (binary/http-source.ts). The page
 * probed it first (state/remote-probe.ts): its size, and its first bytes, which the worker
 * keeps instead of fetching them again.
 */
export interface NamedUrl {
  name: string;
  url: string;
  size: number;
  head: Uint8Array;
}

/** A side-input file (a type list) as the page keeps it: a Blob, so handing it over copies nothing. */
export interface SideInputBlob {
  name: string;
  blob: Blob;
  /** What the kind's `prepare` made of it (model.ts `SideInputKind.prepare`): read instead of `blob`. */
  prepared?: Blob;
}

/** What an open is told besides the files (formats/model.ts `OpenRequest`). */
export interface OpenOptions {
  /** Open as this format whatever detection says (bytes no magic identifies: a pasted blob). */
  format?: string;
  /** What the user said of the file that its bytes do not (a blob's serializer settings). */
  settings?: Record<string, string>;
  /** The user's side-input files by kind; the worker reads those of the kinds its format reads. */
  sideInputs?: Record<string, readonly SideInputBlob[]>;
}

/** What a session opens from: a local file, or a remote one. */
export type NamedSource = NamedBlob | NamedUrl;

/** One visible row of a file's tree (folders and nodes; the file's own row is the UI's). */
export interface TreeRow {
  /** Stable id of the row's tree node within this file. */
  nodeId: number;
  /** Id of the parent tree node; -1 at the top level. */
  parentId: number;
  /** 1 for top-level rows of the file (the file's own row is level 0 in the UI). */
  depth: number;
  name: string;
  /** Full path, `/`-separated: stable, usable in a link. */
  path: string;
  kind: NodeKind;
  /** The row can be expanded (a folder, or a document node with children). */
  isFolder: boolean;
  isExpanded: boolean;
  /** The session's node index; -1 for folders the tree made. */
  entryIndex: number;
  /** Unpacked bytes (folders: sum over descendants). */
  size: number;
  /** Bytes in the file (folders: sum over descendants). */
  storedSize: number;
  isCompressed: boolean;
  /** Stored checksum, unsigned; null when the format keeps none. */
  checksum: number | null;
  status: EntryStatus;
  /** Nodes below a folder (0 for nodes). */
  entryCount: number;
  /** The row's column set (`FileSummary.columnSets`). */
  columnSet: string;
  /** Cells of the format's own columns (`text`, `number`, `hex`), by column id. */
  cells: Record<string, CellValue>;
}

/** What an opened session can do beyond showing its nodes. */
export interface Capabilities {
  /** Node content can be read (previews, downloads, zips, digests of nodes). */
  content: boolean;
  /** Verify all checks nodes against stored checksums. */
  verify: boolean;
  /** The kind of decoded view the session offers (ui/preview/registry.ts), or null. */
  view: string | null;
  /** The session takes more sources after the open. */
  sources: boolean;
  /** A wrapper's node that holds the wrapped file (opened at once), or null. */
  wrappedNode: number | null;
  /** The file lists an install's files: a folder can be checked against it (`checkInstall`). */
  installCheck: boolean;
}

export interface FileSummary {
  name: string;
  /** Size of the opened file in bytes. */
  size: number;
  format: FormatId;
  /** Human name of what was opened, with its version where the format has one. */
  formatLabel: string;
  /** Header facts, each once. */
  facts: Fact[];
  layout: 'archive' | 'document';
  columnSets: Record<string, readonly ColumnDef[]>;
  capabilities: Capabilities;
  /** Names of the sources the session opened from, in order. */
  sources: string[];
  /** Sources the session names and lacks. */
  missingSources: MissingSource[];
  entryCount: number;
  totalSize: number;
  totalStoredSize: number;
  issues: Issue[];
  /** Set when parsing stopped early: the rows read so far are still browsable. */
  fatal: ErrorInfo | null;
  /** Visible rows of the tree as opened (no filter), so the page needs no second call for it. */
  rowCount: number;
  /**
   * The checksum states of every node once Verify all has run (null before): after sources
   * were added, nodes that were missing count as unchecked.
   */
  verifySummary: VerifySummary | null;
}

export interface OpenProgress {
  /** Nodes read so far. */
  entriesRead: number;
  /** Nodes declared by the header (0 when unknown). */
  entryCount: number;
  /** Visible rows now available through `getRows`. */
  rowCount: number;
  /**
   * The kind of the session's view when it answers while the file is still being read
   * (`documentView` and `viewRequest` then answer for what was read so far); absent: none.
   */
  view?: string;
  /**
   * With the report that first says `view`: what `documentView` answers then, and the
   * answers to the questions its pane asks first (`ViewCapability.firstQueries`), so the
   * pane shows them without a round trip to a worker busy reading.
   */
  viewOffer?: ViewOffer;
}

/** A view's data and its first questions answered, as a file still being read has them. */
export interface ViewOffer {
  view: DocumentView;
  answers: { query: unknown; answer: unknown }[];
}

/** Everything about one node for the details pane, with its checksum state. */
export interface EntryDetails extends NodeDetails {
  status: EntryStatus;
  /** Why its content cannot be read now (a missing volume), or null. */
  unavailable: string | null;
}

/** A format content was detected as: its id and human name. */
export interface DetectedFormat {
  format: FormatId;
  label: string;
}

/** A decoded view of the session (`Capabilities.view`): its kind names the view plug-in. */
export interface DocumentView {
  kind: string;
  data: unknown;
}

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
  /** Nodes whose source (a volume) is missing. */
  missing: number;
  /** Nodes the format cannot check (an unsupported compression). */
  unsupported: number;
  errors: number;
  /** Nodes not checked (yet): a cancelled run's rest, or ones whose missing source was added since. */
  unchecked: number;
  /** Nodes checked: every node but the unchecked ones. */
  checked: number;
  cancelled: boolean;
}

/** A zip of nodes: the zip, and the nodes left out of it. */
export interface ZipResult {
  blob: Blob;
  /** Nodes in the zip. */
  entryCount: number;
  /** Nodes left out: their content cannot be read (a missing volume, a compression not unpacked). */
  leftOut: number;
  /** Why the first node left out was (its message), or null when none was. */
  leftOutReason: string | null;
}

export interface ZipOptions {
  /** A folder every path goes under: the file's name, in one zip of several files. */
  folder?: string;
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
export type JobKind =
  | 'verify'
  | 'zip'
  | 'digest'
  | 'view'
  | 'find'
  | 'strings'
  | 'install'
  | 'gallery'
  | 'png-zip'
  | 'compare'
  | 'search';

/** A search in contents: what to find, and where (tree nodes; every node when empty). */
export interface ContentSearchQuery extends GrepQuery {
  nodeIds: number[];
  /** Stop after this many matches (the answer then says it was cut short). */
  maxHits: number;
}

/** Matches found since the last update, and how far the search has come. */
export interface ContentSearchUpdate {
  hits: ContentHit[];
  progress: GrepProgress;
}

/** The end of a search: its totals, and the matches found since the last update. */
export interface ContentSearchResult extends GrepSummary {
  hits: ContentHit[];
}

/**
 * A file of a folder picked for an install check: its path from the top of what was picked
 * (`/`-separated, the picked folder's name first, as a folder picker or drop gives it), and
 * its bytes, or why it could not be had (`error`, with no blob).
 */
export interface FolderItem {
  path: string;
  blob: Blob | null;
  error?: string;
}

/** A byte pattern to find in some content (find in hex). */
export interface FindQuery {
  /** The bytes to find; `null` matches any byte (`??`). */
  pattern: (number | null)[];
  /** Forward: the first match starting at `from` or after; backward: the last before it. */
  from: number;
  direction: 'forward' | 'backward';
}

export interface ContentMatch {
  offset: number;
  length: number;
  /** The search came round the end (forward) or the start (backward) to find it. */
  wrapped: boolean;
}

/** A page of the strings view: runs of printable characters. */
export interface StringsQuery {
  /** Where the page starts scanning (0, or the `next` of the page before). */
  from: number;
  /** Runs shorter than this are not strings (4 is the usual). */
  minLength: number;
  /** Strings per page at most. */
  maxCount: number;
}

export interface FoundString {
  offset: number;
  /** Bytes of the run; `text` holds at most its first 256 characters. */
  length: number;
  text: string;
}

export interface StringsPage {
  strings: FoundString[];
  /** Where the next page starts; null when the content has been read to its end. */
  next: number | null;
  totalSize: number;
}

export interface FilterResult {
  rowCount: number;
  /** Entries that match the filter. */
  matchCount: number;
}

/**
 * Which images a gallery shows: the entries under some tree nodes (every entry when none is
 * given) whose path matches a filter (the filter box's language; empty: all of them).
 */
export interface GalleryScope {
  nodeIds: number[];
  filter: string;
}

/** An image of a gallery: an entry that holds one, or whose content is an image file. */
export interface GalleryItem {
  entryIndex: number;
  /** Its path in the file's tree. */
  path: string;
  /** Unpacked bytes. */
  size: number;
}

/** What a thumbnail is asked for with. */
export interface ThumbnailRequest {
  /** The thumbnail fits a `box` × `box` square (device pixels). */
  box: number;
  /** The caller's id for it: `cancelThumbnails` drops the ones it no longer shows. */
  id: number;
}

/** A small RGBA picture of an image, made in the worker from the level nearest its size. */
export interface Thumbnail extends DecodedImage {
  /** The image's own size (its largest level). */
  sourceWidth: number;
  sourceHeight: number;
  /** The mip level it was made from. */
  level: number;
  /**
   * The pixels as a bitmap, where the worker can make one (a browser's): the page shows it
   * without copying pixels on its thread, and `rgba` is then empty.
   */
  bitmap?: ImageBitmap;
}

/** Where a comparison has got to: nodes looked at of both sides, rows so far, their counts. */
export interface CompareProgress {
  done: number;
  total: number;
  /** Visible rows of the diff tree now available through `diffRows`. */
  rowCount: number;
  counts: DiffCounts;
}

/** A finished comparison: what each side is, and the count of each status. */
export interface CompareSummary {
  oldName: string;
  newName: string;
  /** Human name of the format both sides are. */
  formatLabel: string;
  counts: DiffCounts;
  rowCount: number;
  /** Whether the sides can give their content (the side-by-side view reads it). */
  hasContent: boolean;
}

/** One visible row of the diff tree: a folder with its counts, or a node's diff row. */
export interface DiffTreeRow {
  nodeId: number;
  depth: number;
  name: string;
  path: string;
  isFolder: boolean;
  isExpanded: boolean;
  /**
   * The node's diff row; null for a folder that is no node of either side. A document's node
   * that holds others (a table of its records) is a folder with a diff row of its own.
   */
  diff: DiffRow | null;
  /** Of every status under a folder (all of them, filters aside); a leaf's own status counts 1. */
  counts: DiffCounts;
}

/** What a comparison knows of each side: its decoder's node facts, or the file open there. */
export interface CompareFacts {
  old: NodeFacts | 'open-file';
  new: NodeFacts | 'open-file';
}

/** A side of a comparison. */
export type DiffSide = 'old' | 'new';

/** One side of one diff row: its details, and the first bytes of its content. */
export interface DiffSideView {
  details: NodeDetails;
  /** The first `maxBytes` of its content; null when that side cannot give it. */
  bytes: Uint8Array | null;
  /** Size of the whole content. */
  totalSize: number;
  /** Why there are no bytes, or why they are shown raw. */
  warning: string | null;
}

export interface DecoderApi {
  /**
   * Opens a file (and the files that go with it): detects the format (or takes the one
   * `options` names), streams nodes into the tree.
   */
  open(
    files: NamedSource[],
    onProgress: (progress: OpenProgress) => void,
    options?: OpenOptions,
  ): Promise<Result<FileSummary>>;
  /** Offers more sources to the open session (a volume it lacks); answers the new summary. */
  addSources(files: NamedSource[]): Promise<Result<FileSummary>>;
  /**
   * What the format that reads side inputs of `kind` makes of one once (`SideInputKind.prepare`,
   * a type list's compact image), to keep beside it; null when that kind is kept as it is.
   */
  prepareSideInput(kind: string, file: SideInputBlob): Promise<Result<Blob | null>>;

  /** Visible rows `[start, start + count)` of the tree. */
  getRows(start: number, count: number): TreeRow[];
  rowCount(): number;
  /** Expands or collapses a folder; returns the new visible row count. */
  setExpanded(nodeId: number, isExpanded: boolean): number;
  /** Expands (or collapses) every folder; returns the new visible row count. */
  setAllExpanded(isExpanded: boolean): number;
  /** Row index of a tree node, or -1 when hidden (collapsed parent or filtered out). */
  rowIndexOf(nodeId: number): number;
  /** The tree node of a path, or -1. */
  nodeIdOfPath(path: string): number;
  /** Substring, or glob when it contains `*`, `?` or `[`: `*.dds`, `Textures/**`. Empty clears. */
  setFilter(pattern: string): FilterResult;

  entryDetails(entryIndex: number): Result<EntryDetails>;
  /** Bytes `[offset, offset + length)` of some content (node content is inflated). */
  readRange(ref: ContentRef, offset: number, length: number): Promise<Result<ByteRange>>;
  /** The whole content as a Blob (for downloads, images, audio, nested opens). */
  readBlob(ref: ContentRef): Promise<Result<Blob>>;
  /**
   * The file name a node's content leaves Delve under, from the node's `name`: an archive
   * entry keeps its own; a document's node (a key such as `title`) gets the extension of what
   * it holds (`title.txt`, `scene.ka`), as in a zip of them.
   */
  fileNameOf(ref: ContentRef, name: string): Promise<Result<string>>;
  /**
   * The format some content would open as, from its head and `name` (to offer a nested
   * open); null when no format claims it.
   */
  detectContent(ref: ContentRef, name: string): Promise<Result<DetectedFormat | null>>;
  /**
   * The image some content holds: the opened file's, a node's own (a texture's surface), or
   * that of an entry whose content is an image file (a texture in an archive, opened as a
   * nested file). Null when it holds none. Reads no pixels.
   */
  describeImage(ref: ContentRef): Promise<Result<ImageInfo | null>>;
  /** One surface of that image as 8-bit RGBA, decoded in the worker; the pixels are transferred. */
  decodeImage(ref: ContentRef, surface: SurfaceRef): Promise<Result<DecodedImage>>;
  /** One surface as an 8-bit RGBA PNG, as decoded (for "Export PNG"), encoded in the worker. */
  imagePng(ref: ContentRef, surface: SurfaceRef): Promise<Result<Blob>>;
  /**
   * The images of a gallery (`GalleryScope`), in tree order: each kind of entry (by its
   * name's extension) is tried on a few of its entries, then listed whole when it holds
   * images; images the browser decodes (PNG, JPEG, GIF, WebP, BMP) by their extension.
   * Cancellable (`gallery`).
   */
  galleryImages(scope: GalleryScope): Promise<Result<GalleryItem[]>>;
  /**
   * A thumbnail of some content's image: the smallest mip level that still has the
   * thumbnail's pixels, decoded and scaled down to fit `request.box` in the worker; the
   * pixels are transferred, as an ImageBitmap where the worker makes one. Thumbnails start
   * in the order asked, several at once (on helper workers where there are some).
   */
  imageThumbnail(ref: ContentRef, request: ThumbnailRequest): Promise<Result<Thumbnail>>;
  /** Drops thumbnails asked for and no longer wanted: waiting ones never start, a running one stops. */
  cancelThumbnails(ids: number[]): void;
  /**
   * A zip of a gallery's images as PNGs (the largest level, 8-bit RGBA), each named as
   * `extract --png` names it: its path with `.png` appended; a PNG entry goes in as it is.
   * Images that do not convert are left out and counted. Cancellable (`png-zip`).
   */
  galleryPngZip(
    scope: GalleryScope,
    onProgress: (progress: JobProgress) => void,
  ): Promise<Result<ZipResult>>;
  /** The session's decoded view (`Capabilities.view`), e.g. a level for a level view. */
  documentView(): Result<DocumentView>;
  /**
   * A question to the session's decoded view (`Capabilities.view`): a node's value, a
   * search, an export. The query and the answer are plain data typed by the format.
   */
  viewRequest(
    query: unknown,
    onProgress?: (progress: JobProgress) => void,
  ): Promise<Result<unknown>>;
  /**
   * The next (or previous) match of a byte pattern in some content, coming round its end
   * once; null when there is none. Progress is in bytes scanned. Cancellable (`find`).
   */
  findInContent(
    ref: ContentRef,
    query: FindQuery,
    onProgress: (progress: JobProgress) => void,
  ): Promise<Result<ContentMatch | null>>;
  /** A page of the printable strings of some content, with their offsets. Cancellable (`strings`). */
  contentStrings(
    ref: ContentRef,
    query: StringsQuery,
    onProgress: (progress: JobProgress) => void,
  ): Promise<Result<StringsPage>>;
  /**
   * Searches the content of every node under `query.nodeIds` (all when empty), decompressed
   * as it is read, for text, a regular expression or hex bytes. Matches stream in through
   * `onUpdate` (and the last of them with the answer). Cancellable (`search`); a bad
   * pattern answers BAD_VALUE with the offset of the character at fault.
   */
  searchContents(
    query: ContentSearchQuery,
    onUpdate: (update: ContentSearchUpdate) => void,
  ): Promise<Result<ContentSearchResult>>;
  /**
   * The listing as a file: the tree's visible rows (as expanded and filtered) or every node,
   * with the tree's columns and the format's own, as CSV or JSON.
   */
  exportListing(scope: 'visible' | 'all', kind: 'csv' | 'json'): Result<Blob>;
  /** CRC-32, KI-CRC, MD5, SHA-1 and SHA-256 of some content. */
  digest(ref: ContentRef, onProgress: (progress: JobProgress) => void): Promise<Result<Digests>>;

  /** Checks every node against its stored checksum; rows then show their status. Cancellable. */
  verifyAll(onProgress: (progress: VerifyProgress) => void): Promise<Result<VerifySummary>>;
  /**
   * A zip of the nodes under the given tree nodes (all when empty), built in a
   * streamed way with progress. Nodes whose content cannot be read are left out and counted.
   * Fails clearly past zip32 limits. Cancellable.
   */
  zip(
    nodeIds: number[],
    onProgress: (progress: JobProgress) => void,
    options?: ZipOptions,
  ): Promise<Result<ZipResult>>;
  /**
   * Hands over files of a folder to check (`checkInstall`), a few at a time: the first time
   * a File crosses to a worker the browser registers it, about a millisecond each on a busy
   * machine, so a game folder in one message held the page for seconds. `isFirst` starts a
   * new folder. Answers how many files the folder has so far.
   */
  addFolderFiles(files: FolderItem[], isFirst: boolean): number;
  /**
   * Checks the folder handed over (`addFolderFiles`) against the install list the file is
   * (`Capabilities.installCheck`): every listed file present, of its size, with its
   * checksum, and the folder's files the list does not name. Files are hashed in slices on
   * the checksum pool, never read whole. Progress in files and bytes. Cancellable
   * (`install`): a cancelled check answers what it had settled, marked `cancelled`. A list
   * whose read stopped answers its error.
   */
  checkInstall(
    onProgress: (progress: InstallProgress) => void,
  ): Promise<Result<InstallCheckResult>>;
  /** The report of the last install check as a file (install-report.ts): JSON or CSV. */
  installReport(kind: InstallReportKind): Result<Blob>;
  /**
   * The facts the diff reads of every node of the open file (path, size, stored checksum),
   * as arrays transferred to the caller, which hands them to a comparison (`compare`).
   */
  nodeFacts(): Result<NodeFacts>;
  /**
   * Compares two files' sessions: every node added, removed, changed or unchanged, matched
   * by path (compare/). `facts`: for each side, what its file's own decoder read of its
   * nodes (`nodeFacts`), or the file open in this decoder; the diff then starts at once, and
   * a side known by its facts is opened here from its sources only for what they do not tell
   * (content, the change view). Without them both are opened here first, as `open` would.
   * Rows stream into the diff tree as they are decided; progress tells how many. Cancellable
   * (`compare`). A new comparison replaces the last one.
   */
  compare(
    oldFiles: NamedSource[],
    newFiles: NamedSource[],
    onProgress: (progress: CompareProgress) => void,
    facts?: CompareFacts | null,
  ): Promise<Result<CompareSummary>>;
  /** Visible rows `[start, start + count)` of the diff tree. */
  diffRows(start: number, count: number): DiffTreeRow[];
  /**
   * Shows the rows of these statuses whose path matches `pattern` (as `setFilter`); answers
   * the new row count and how many nodes match.
   */
  diffShow(statuses: DiffStatus[], pattern: string): FilterResult;
  /** Expands or collapses a folder of the diff tree; answers the new row count. */
  diffSetExpanded(nodeId: number, isExpanded: boolean): number;
  /** The visible row of the diff row at `path` (its folders opened); -1 when it is hidden. */
  diffRowOfPath(path: string): number;
  /** A node of one side (`DiffRow.oldIndex`/`newIndex`): its details and up to `maxBytes` of its content. */
  diffSide(side: DiffSide, index: number, maxBytes: number): Promise<Result<DiffSideView>>;
  /** Forgets the comparison (its rows, tree and sessions): the page closed or moved it. */
  diffRelease(): void;
  /** The rows shown (statuses and filter) as a file: CSV or the JSON of `delve diff --json`. */
  diffExport(kind: 'csv' | 'json'): Result<Blob>;
  /** Answers at once unless the worker is stuck: the client's watchdog calls it. */
  ping(): 'pong';
  /** Cancels running jobs of one kind (all without one); they then end with CANCELLED. */
  cancel(kind?: JobKind): void;
}
