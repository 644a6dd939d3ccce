/**
 * The one model every format shares: a format module opens byte sources into a `Session`, and
 * a session is a tree of nodes (folders, entries, sections, records, values), each with a
 * stable path, a span into its bytes, and the columns its format declares. Content is
 * addressed by typed references (`ContentRef`); what a session can do beyond showing nodes
 * (read content, verify, give a decoded view, take more sources, list an install's files)
 * are optional capabilities.
 *
 * Sessions are pure code: they run in the decoder worker and in the Node CLI alike, and reach
 * the machine only through the `FormatServices` they are given (services.ts).
 */
import type { ByteSource } from '../binary/byte-source.ts';
import type { ErrorInfo } from '../binary/format-error.ts';
import type { FuzzTarget } from './fuzz/fuzz-target.ts';
import type { ImageCapability } from './image-types.ts';
import type { ListedFile } from './install-types.ts';
import type { FormatServices } from './services.ts';

export type * from './grid.ts';
export { GRID_PAGE_ROWS, gridFirstQueries, gridRowsQuery } from './grid.ts';
export type * from './install-types.ts';
export type * from './image-types.ts';

/** A byte range: `[offset, offset + length)`. */
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
  /** The node it concerns, when it concerns one. */
  entryIndex?: number;
}

/** What a parse returns: the value read so far, its issues, and a fatal error if it stopped early. */
export interface ParseResult<T> {
  value: T;
  issues: Issue[];
  fatal: ErrorInfo | null;
}

/** A label and a display value: header facts, a node's fields. */
export type Fact = [label: string, value: string];

/**
 * What a node is. Folders group by path (the generic tree makes them); entries are archive
 * members with content; sections, records and values are parts of a decoded document.
 */
export type NodeKind = 'folder' | 'entry' | 'section' | 'record' | 'value';

/**
 * How a column's cells are made. `size`, `stored`, `ratio` and `status` are the generic
 * columns every tree can fill (folders sum their entries); `text`, `number` and `hex` take
 * the session's own `cell(index, columnId)`.
 */
export type ColumnKind = 'size' | 'stored' | 'ratio' | 'status' | 'text' | 'number' | 'hex';

export interface ColumnDef {
  /** Stable within the format (widths are remembered by it). */
  id: string;
  label: string;
  kind: ColumnKind;
}

/** A cell of a format's own column: shown as is (`text`), with separators (`number`) or in hex. */
export type CellValue = string | number | null;

/** The column set every session has; subtrees may name others (`NodeTable.columnSet`). */
export const DEFAULT_COLUMNS = 'default';

/** The columns of an archive of entries: unpacked size, stored size, ratio, checksum state. */
export const ARCHIVE_COLUMNS: readonly ColumnDef[] = [
  { id: 'size', label: 'Size', kind: 'size' },
  { id: 'stored', label: 'Stored', kind: 'stored' },
  { id: 'ratio', label: 'Ratio', kind: 'ratio' },
  { id: 'status', label: 'Checksum', kind: 'status' },
];

/**
 * A session's nodes by index, as the tree reads them while they stream in: no object per
 * node (an archive's own columns stand behind it). Paths are `/`-separated; the tree makes
 * the folders. The optional hints come from a reader that has already looked at every byte
 * of the paths: where a plain path's last `/` is (-1: none; -2: not known, search it, which
 * it must be for any path that is not plain), whether the text before it is the previous
 * node's, and how many leading characters the two share. They save the tree work.
 */
export interface NodeTable {
  path(index: number): string;
  /** Unpacked bytes (documents: the node's own span length). */
  size(index: number): number;
  /** Bytes in the file. */
  storedSize(index: number): number;
  lastSlash?(index: number): number;
  sharesFolderWithPrevious?(index: number): boolean;
  /** How many leading characters the path shares with the previous node's; -1: not known. */
  commonWithPrevious?(index: number): number;
  sortsAfterPrevious?(index: number): boolean;
  /** What the node is; `entry` for archives and `section` for documents when absent. */
  kind?(index: number): NodeKind;
  /** Whether its content is stored compressed. */
  isCompressed?(index: number): boolean;
  /** Its stored checksum, unsigned; null (or absent) when it has none. */
  checksum?(index: number): number | null;
  /**
   * Where its bytes start, as its details' span says (`details(index).span.offset`): with
   * `isCompressed` and `checksum`, what a listing of every node needs without its details.
   */
  offset?(index: number): number;
  /**
   * Writes the node's path as stored (bytes; `/` between names) into `target` from `at`;
   * returns where it ends, or -1 when it does not fit. Where every byte is ASCII they are
   * `path(index)` exactly; any other byte is as stored, so a writer that meets one uses
   * `path`. Lets a listing write paths it never makes strings of.
   */
  writePath?(index: number, target: Uint8Array, at: number): number;
  /**
   * How many nodes the source has room for so far: a hint to size the tree's arrays once.
   * Bounded by bytes actually read, never by a count a file declares.
   */
  expectedCount?(): number;
  /**
   * Documents streamed by index (`OpenSink.documentNodes`): the index of the node's parent
   * node, -1 at the top level. A parent comes before its children in index order (the
   * order a walk opens them in); any other answer puts the node at the top level.
   */
  parentOf?(index: number): number;
  /**
   * Documents streamed by index: the node's own name, the last segment of its path (no
   * `/`): `path(index)` is its parent's path, `/` and this (or this alone at the top).
   */
  nameOf?(index: number): string;
  /**
   * The node's path as a comparison with another version of the file matches it: the same
   * for the same node when others were added or removed before it (a path that holds the
   * node's position does not). `path` when absent. Unique or not, as paths: the diff
   * matches the n-th node of a repeated path with the n-th.
   */
  diffPath?(index: number): string;
}

/** One node as a plain object, for sessions that make few (documents). */
export interface NodeInput {
  index: number;
  path: string;
  size: number;
  storedSize: number;
}

/** Where a node's bytes are: in the file as read, or in the session's decoded (logical) bytes. */
export type SpanBase = 'file' | 'logical';

/** Everything about one node, made on demand for the details pane and the CLI. */
export interface NodeDetails {
  index: number;
  path: string;
  kind: NodeKind;
  /** Unpacked bytes of its content. */
  size: number;
  /** Bytes it takes in the file. */
  storedSize: number;
  /** Its bytes: the content (entries) or the decoded section (documents). */
  span: Span;
  spanBase: SpanBase;
  /** For `file` spans: the source they are in, by name, when it is not the opened file (a volume). */
  spanSource?: string;
  /** The table record that describes it, in the file; null when it has none. */
  record: Span | null;
  /** The source the record is in, by name, when it is not the opened file (another index). */
  recordSource?: string;
  isCompressed: boolean;
  /** Stored checksum, unsigned; null when the format keeps none for it. */
  checksum: number | null;
  /** Format-specific fields. */
  fields: Fact[];
}

/**
 * A typed reference to content: the opened file as is, the session's decoded bytes (what
 * document spans point into; the file itself when the session has none), a node's content,
 * or a node's bytes as they are stored (still compressed: what can be shown of a node whose
 * content cannot be read).
 */
export type ContentRef =
  | { kind: 'file' }
  | { kind: 'logical' }
  | { kind: 'node'; index: number }
  | { kind: 'stored'; index: number };

export const FILE_REF: ContentRef = { kind: 'file' };
export const LOGICAL_REF: ContentRef = { kind: 'logical' };
export const nodeRef = (index: number): ContentRef => ({ kind: 'node', index });
export const storedRef = (index: number): ContentRef => ({ kind: 'stored', index });

export interface Content {
  bytes: Uint8Array;
  /** Set when the bytes are shown raw because decoding failed. */
  warning: string | null;
}

/** Capability: the content of nodes. */
export interface ContentCapability {
  /**
   * Where a node's content lies in a source as it is (stored entries), so it can be sliced
   * without reading; null when it must be decoded.
   */
  storedSpan(index: number): { source: ByteSource; span: Span } | null;
  /** The content as the user sees it (inflated). Throws FormatError. */
  read(index: number): Promise<Content>;
  /**
   * Why `read` cannot give the node's content, known without reading it (a source the
   * session lacks, a compression it does not unpack): its message, or null.
   */
  unavailable?(index: number): string | null;
  /**
   * Where the node's bytes lie as stored (still compressed), when a source holds them; null
   * when none does (its volume is missing): what is shown of a node whose content cannot be
   * read. Without it, such a node shows no bytes.
   */
  storedBytes?(index: number): { source: ByteSource; span: Span } | null;
}

/** Checksum states of a node: not yet checked, or the outcome of its check. */
export const NODE_STATUSES = [
  'unchecked',
  'ok',
  'mismatch',
  'unpatched',
  'missing',
  'unsupported',
  'error',
] as const;

export type NodeStatus = (typeof NODE_STATUSES)[number];

export interface CancelSignal {
  readonly isCancelled: boolean;
  /** Throws a CANCELLED FormatError once cancelled. */
  throwIfCancelled(): void;
}

/** Capability: checking nodes against the checksums the file keeps. */
export interface VerifyCapability {
  /** Bytes a check of the node reads (for progress); 0 when it has nothing to check. */
  cost(index: number): number;
  /** Why the node cannot be checked (it points past the end, ...), or null when it can. */
  precheck?(index: number): NodeStatus | null;
  /** Checks the nodes, reporting each status as it is known. */
  run(
    indexes: readonly number[],
    onStatus: (index: number, status: NodeStatus) => void,
    signal: CancelSignal,
  ): Promise<void>;
}

/**
 * Capability: a decoded model for a dedicated view (a level for a level view). `kind`
 * names the view plug-in (ui/preview/registry.ts); the data is plain, structured-cloneable.
 */
export interface ViewCapability {
  kind: string;
  data(): unknown;
  /**
   * Answers the view's own questions (a node's decoded value, a search, an export) without
   * sending the whole model across: the query and the answer are plain, structured-cloneable
   * and typed by the format (its types.ts). A long answer pauses now and then, reports its
   * progress and stops when cancelled (`job`). Throws FormatError.
   */
  request?(query: unknown, job: ViewJob): Promise<unknown>;
  /**
   * The questions the view's pane asks first when it shows `data` (what `data()` answered),
   * e.g. a grid's first page of rows: while the file opens, the host answers them with the
   * view's offer, so the pane shows them without asking. Queries as `request` takes them,
   * made the way the pane makes its own (the same text), or they are asked again.
   */
  firstQueries?(data: unknown): unknown[];
}

/** What a long view request is given: cancel, pause between chunks, report progress. */
export interface ViewJob {
  readonly signal: CancelSignal;
  /** Lets the host answer other calls (rows, a cancel) between chunks of work. */
  pause(): Promise<void>;
  /** `done` of `total` units of the request's own (nodes, bytes); throttled by the host. */
  progress(done: number, total: number, label: string): void;
}

/**
 * Capability: the list of the files an install should hold (a patch list), so a folder can
 * be checked against it (install verification, install-check.ts): each file present or
 * missing, of the listed size, with the listed checksum. The check, its report and its UI
 * are generic; the format gives only the list.
 */
export interface InstallCheckCapability {
  /** The files listed, in list order. */
  files(): ListedFile[];
}

/** A source the session names but has not been given (a `.pkg` volume of an `.idx`). */
export interface MissingSource {
  name: string;
  /** Other names, any one of which serves instead (a descriptor's `.pvr` for its `.dds`). */
  alternatives?: readonly string[];
  /** Nodes that need it. */
  nodeCount: number;
}

/** Capability: taking more sources after the open. */
export interface SourcesCapability {
  /** Names of the sources in use, the opened file first (what it was given and took). */
  used(): string[];
  missing(): MissingSource[];
  /** Offers a source; true when the session took it (it named it and lacked it). */
  add(source: ByteSource): boolean;
}

export interface Session {
  /** The module's id. */
  readonly format: string;
  /** Human name of what was opened: the format's name with what this file is (a version, compressed). */
  readonly label: string;
  /** Header facts (each fact once; the file's name, size and format are the UI's). */
  readonly facts: Fact[];
  readonly issues: Issue[];
  /** Set when reading stopped early: the nodes read so far are still browsable. */
  readonly fatal: ErrorInfo | null;
  /**
   * `archive`: nodes are entries grouped into folders by path, sizes sum up, sorted by name.
   * `document`: nodes keep file order, a node may have children, sizes are each node's own.
   */
  readonly layout: 'archive' | 'document';
  /** Column sets by name; `DEFAULT_COLUMNS` always. */
  readonly columnSets: Readonly<Record<string, readonly ColumnDef[]>>;
  nodeCount(): number;
  nodeTable(): NodeTable;
  /** The column set of a node when it is not the default. */
  columnSetOf?(index: number): string;
  /** A node's cell in one of the format's own columns. */
  cell?(index: number, columnId: string): CellValue;
  details(index: number): NodeDetails;
  /** Decoded bytes that `logical` spans refer to (a level's header plus inflated main block). */
  readonly logical?: Uint8Array;
  readonly content?: ContentCapability;
  readonly verify?: VerifyCapability;
  readonly view?: ViewCapability;
  readonly sources?: SourcesCapability;
  readonly installCheck?: InstallCheckCapability;
  /** Nodes that hold pixels (a texture file's root, a PID inside a REZ). */
  readonly images?: ImageCapability;
  /**
   * A wrapper's node whose content is the file it wraps (a `.dvpl`'s decoded payload): the
   * app opens it as a file of its own at once, through the registry, as it would on
   * "Open as file".
   */
  readonly wrappedNode?: number;
}

/**
 * How nodes reach the tree while a session opens, so rows show before the table is read.
 * A session uses one of them: `nodes` (or `documentNodes`, by index) for a document's nodes
 * (file order kept, a node may have children), `nodeRange` for an archive's table (grouped
 * into folders by path, sorted).
 * `declared` is the count the file declares (0: unknown).
 */
export interface OpenSink {
  /** Document nodes as objects, in batches (a few thousand at most). */
  nodes(batch: readonly NodeInput[], nodesRead: number, declared: number): void;
  /** Archive nodes `[start, end)` of a table the session keeps: no object per node. */
  nodeRange(table: NodeTable, start: number, end: number, declared: number): void;
  /**
   * Document nodes of a table the session keeps, by index, in the order they are done (a
   * container may come after its children): no object and no path per node, for documents
   * of millions of nodes. The table has `parentOf` and `nameOf`, and is read when called.
   * Optional: a session hands the same nodes to `nodes` when a sink lacks it.
   */
  documentNodes?(table: NodeTable, indexes: Int32Array, nodesRead: number, declared: number): void;
  /**
   * The session's view, offered before `open` answers: it answers for what has been read so
   * far (a grid's tables read so far) while the rest is read, and the session's own `view`
   * (the same, or one made at the end) takes over once `open` has answered. Optional: a
   * host without it asks a view only of the opened session.
   */
  openingView?(view: ViewCapability): void;
}

export interface OpenRequest {
  /** The first is the file opened; more may follow (volumes). Never empty. */
  sources: readonly ByteSource[];
  services: FormatServices;
  sink: OpenSink;
  /**
   * What the user said of this file that its bytes do not (a blob's serializer settings):
   * the CLI's format options by name (`CliOption.opensAs`), or a decode box's choices.
   * Absent: nothing was said.
   */
  settings?: CliOptionValues;
}

/** A sample file a spare decoder worker opens before any real file comes (worker/rpc/warm-up.ts). */
export interface WarmUpSample {
  name: string;
  blob: Blob;
  /** A filter to run over its tree (a glob its names match). */
  filter?: string;
  /** Side inputs it opens with, by kind (a type list its objects are decoded with). */
  sideInputs?: Record<string, readonly { name: string; blob: Blob }[]>;
}

/**
 * How a format warms up a spare worker: its sample opened in `rounds` rounds, then any hot
 * loop of its own (`afterRounds`), and once the engine's background compiles are done, a
 * short pass that installs them (`settle`).
 */
export interface WarmUpPlan {
  rounds: number;
  sample(round: number): WarmUpSample;
  afterRounds?(pause: () => Promise<void>): Promise<void>;
  settle?(): Promise<void>;
}

/**
 * What a format adds to the generic CLI (src/cli): `ls`, `cat`, `extract` and `verify` work
 * on any session through its nodes and capabilities; a format gives only what is its own —
 * the facts `info` prints (and their JSON), options of its own, and a writer for `pack`.
 * Pure like the rest of the format: the CLI walks folders and writes files, the hooks see
 * sessions, sources and bytes.
 */
export interface FormatCli {
  /** Options `info` takes for this format's files, e.g. `--encoding cp1252|cp1250`. */
  readonly infoOptions?: readonly CliOption[];
  /**
   * What `info` prints (default: the session's label, facts, node count and issues).
   * Throws FormatError for a file that cannot be described (one line, exit 1).
   */
  info?(request: CliInfoRequest): Promise<CliInfo>;
  /**
   * What `ls` lists of a document of this format (the records of its tables). Without it,
   * `ls` refuses a document (exit 2, pointing at `info`). Asked only of a session with no
   * fatal error. Throws FormatError for a file that cannot be listed (one line, exit 1).
   */
  list?(request: CliInfoRequest): Promise<CliListing>;
  /** Writes files of this format: `delve pack DIR -o FILE`. */
  readonly pack?: CliWriter;
  /**
   * Where `ls`, `cat`, `extract`, `verify` and `info` find the sources a file names and
   * lacks (the volumes of an index): a folder given by `option`, else the folders
   * `defaultFolders` names for the file's absolute path (the game layout's place).
   */
  readonly sources?: CliSources;
  /** Commands of the format's own, beside the generic ones (`delve decode-frame …`). */
  readonly commands?: readonly CliCommand[];
}

/**
 * A command a format adds to the CLI: it reads files named by an option that may repeat
 * (`--protocol FILE`) and text given as its one argument or on stdin (hex, say). The CLI
 * reads both; the command sees bytes and text only, and says what to print. `load` turns
 * one file into what `run` uses (a FormatError names that file, exit 1).
 */
export interface CliCommand<T = unknown> {
  readonly name: string;
  readonly summary: string;
  /** The option naming the files to read; given once or more. */
  readonly files: CliOption & { readonly isRequired: boolean };
  /** What the text is, for the usage line: `HEX`. Absent or `-`: read from stdin. */
  readonly text: string;
  /** Options with a value it takes besides (`--type TYPE`), passed to `run` by name. */
  readonly options?: readonly CliOption[];
  /** Whether it needs the text, given these options (default: always); if not, absent text is "". */
  isTextNeeded?(options: CliOptionValues): boolean;
  load(bytes: Uint8Array, name: string): T;
  run(loaded: readonly T[], text: string, options?: CliOptionValues): CliCommandResult;
}

/** What a format's command prints (`json` with `--json`), and the problem it ran into. */
export interface CliCommandResult extends CliInfo {
  /** One line for stderr after the output (exit 1); null when all went well. */
  failure: string | null;
}

/** How the CLI finds a file's sources (model.ts FormatCli.sources). */
export interface CliSources {
  /** An option naming a folder, e.g. `--pkg-dir DIR`. */
  readonly option: CliOption;
  /** Folders looked in when the option is not given, for the file's absolute path. */
  defaultFolders(filePath: string): string[];
}

/** An option of a format's CLI hook, given as `--name VALUE` (or `--name` alone: `isFlag`). */
export interface CliOption {
  /** Long name without the dashes, e.g. `encoding`. */
  readonly name: string;
  /** A flag that takes no value: given, its value is `true`. */
  readonly isFlag?: boolean;
  /**
   * Files given beside the opened one, the option repeatable (`--types A --types B`): the
   * CLI reads them and hands them to the session as side inputs of this kind
   * (services.ts `SideInputService`), not as an option value.
   */
  readonly sideInput?: string;
  /**
   * Given, the file opens as this format whatever its bytes (a blob no detection can
   * know), with the format's options given as the session's `settings`.
   */
  readonly opensAs?: boolean;
  /** The value as usage shows it, e.g. `cp1252|cp1250` or `N`. */
  readonly value: string;
  /** The only values it takes (matched case-insensitively, passed on as listed); any when absent. */
  readonly choices?: readonly string[];
  /** What it does, for the help. */
  readonly summary: string;
}

/** The values of a format's CLI options that were given, by name (no dashes). */
export type CliOptionValues = Readonly<Record<string, string>>;

export interface CliInfoRequest {
  /** The session of the file, opened without a fatal error. */
  session: Session;
  /** The file (the session's first source); `name` and `size` are its own. */
  source: ByteSource;
  /** The format's `infoOptions` that were given (already checked against their choices). */
  options: CliOptionValues;
  /** The services the session was opened with (a wrapper opens its payload through them). */
  services: FormatServices;
}

/** What `info` prints: `json` for `--json`, else the lines (the CLI escapes control characters). */
export interface CliInfo {
  json: unknown;
  lines: string[];
}

/** What `ls` prints of a document: one JSON value per row (an array with `--json`), or lines. */
export interface CliListing {
  json: Iterable<unknown>;
  lines: Iterable<string>;
}

/** One file to pack: its path inside the new file (`/`-separated, already checked safe) and bytes. */
export interface CliPackFile {
  path: string;
  bytes: Uint8Array;
}

/** A format's writer as `pack` runs it. */
export interface CliWriter {
  /** For the help, e.g. `pack a folder into an archive`. */
  readonly summary: string;
  readonly options: readonly CliOption[];
  /** A usage problem of the options (exit 2), or null; asked before any file is read. */
  checkOptions(options: CliOptionValues): string | null;
  /** The new file's bytes, and what it is for the summary line (its label, with a version). */
  write(
    files: readonly CliPackFile[],
    options: CliOptionValues,
  ): { bytes: Uint8Array; label: string };
}

/** A file of a drop, before anything of it is read. */
export interface DroppedFile {
  /** Its path inside what was dropped: `/`-separated, no leading `/`; a loose file's is its name. */
  readonly path: string;
  readonly size: number;
}

/** Some files of a drop, opened as one session. */
export interface FileSet {
  /** What this choice is, for the picker, e.g. `build 8512317`. */
  readonly label: string;
  /** The name the session goes by in the file list, e.g. `World of Warships 8512317`. */
  readonly name: string;
  /** Indexes into the drop: the first is opened (its format decides), the rest are its sources. */
  readonly files: readonly number[];
}

/** Files of a drop that open together, and the other ways they could (another build). */
export interface FileGroup {
  /** The first is opened; the user may switch to another. Never empty. */
  readonly choices: readonly FileSet[];
  /** Why the first was chosen, for the file's details, e.g. `the newest of 2 builds with an idx/ folder`. */
  readonly note: string;
  /**
   * Files of the drop the note accounts for but no choice opens (an update's build folder,
   * still downloading): they belong to the group, so they are not reported as left closed.
   */
  readonly accounted?: readonly number[];
}

/**
 * How a format gathers the files of a drop (a game folder) into sessions. It sees paths and
 * sizes only, and must be quick: it runs on the page before anything opens. Files in no
 * group open as usual; a file in two formats' groups goes with the first format's.
 */
export type FileGatherer = (files: readonly DroppedFile[]) => FileGroup[];

/** A file of a sample, made by the format's writer: its path inside the sample and its bytes. */
export interface SampleFile {
  path: string;
  bytes: Uint8Array;
}

/** A demo for *Try a sample*: one file, or a folder of them (`npm run samples`). */
export interface Sample {
  /** What it is, for the menu, e.g. `World of Warships game folder`. */
  label: string;
  files: SampleFile[];
}

/** The end of a file, for formats whose signature is there (a footer). */
export interface FileTail {
  /** The last bytes: `DETECT_TAIL_LENGTH`, fewer when the file is shorter. */
  bytes: Uint8Array;
  /** The whole file's size. */
  size: number;
}

/**
 * A format: one folder below `formats/`, one line in `registry.ts`. The module itself is
 * small (names, detection) and loads its reader, writer and tools on demand, so the page
 * can list every format without carrying their decoders.
 * `detect` sees at least `DETECT_HEAD_LENGTH` bytes (fewer when the file is shorter), and
 * the last `DETECT_TAIL_LENGTH` bytes with the file's size where the caller has them.
 */
export interface FormatModule<Id extends string = string> {
  readonly id: Id;
  /** Human name of the format, for people: the formats table, the CLI help, the empty state. */
  readonly label: string;
  /** What the format is, in a line, for the empty state, CLI help and README. */
  readonly summary: string;
  /** Usual file extensions, lower case, with the dot. */
  readonly extensions: readonly string[];
  /**
   * Formats whose files this format's files name or hold (a WWD level names its REZ archive
   * and palette; a REZ holds PID images and levels). Its folders may name them; the app
   * does nothing else with it (src/format-seam.test.ts).
   */
  readonly companions?: readonly string[];
  /**
   * `magic`: the bytes prove it (the head, or for a signature at the end, the tail);
   * `name`: only the name suggests it; null: not this format.
   */
  detect(head: Uint8Array, name: string, tail?: FileTail): 'magic' | 'name' | null;
  open(request: OpenRequest): Promise<Session>;
  /** Fuzzing and conformance: valid sample files and how to mutate them (loaded on demand). */
  readonly fuzzTarget?: () => Promise<FuzzTarget>;
  /** A demo made by the format's writer, for *Try a sample* (`npm run samples`). */
  readonly sample?: () => Promise<Sample>;
  /** Gathering the files of a drop into sessions (a game folder: an index per file, volumes beside). */
  readonly gather?: () => Promise<FileGatherer>;
  /**
   * A wrapper's (a file around one other file, `Session.wrappedNode`): the name of the file
   * it wraps, read from its own (`tank.tex.dvpl` → `tank.tex`); null when the name is not
   * one of its files'. Drops are gathered by the names of what they wrap, and a file given
   * as a source in a wrapper is handed over unwrapped (wrapped-sources.ts).
   */
  readonly wrappedName?: (name: string) => string | null;
  /** Warming up a spare decoder worker. */
  readonly warmUp?: () => Promise<WarmUpPlan>;
  /** What the format adds to the CLI (loaded on demand: the worker never needs it). */
  readonly cli?: () => Promise<FormatCli>;
  /**
   * The kinds of side input its sessions read (`services.sideInputs`): the app keeps files of
   * these kinds for the user and reopens the format's files when the set changes.
   */
  readonly sideInputs?: readonly SideInputKind[];
}

/** A kind of user-supplied file that outlives the files opened (type lists, protocol files). */
export interface SideInputKind {
  /** The kind a session asks `services.sideInputs.files` for, e.g. `type-lists`. */
  readonly kind: string;
  /** What the files are, for people: `Type lists (wiztype JSON, ClassList XML)`. */
  readonly label: string;
  /** File name endings a picker offers, lower case, with the dot. */
  readonly extensions: readonly string[];
  /**
   * What the format makes of a file of this kind once, when it is added (a type list's
   * compact image): kept beside the file and handed over instead of it (`SideInputFile
   * .isPrepared`), so a file is not parsed again at each open or reload. Loaded on demand;
   * throws FormatError for a file the format cannot read.
   */
  readonly prepare?: (bytes: Uint8Array) => Promise<Uint8Array>;
}
