/**
 * `delve ls FILE [--json|--csv|--paths]`: one line (or JSON object) per node of an archive, in
 * the session's order (an archive's table order), from each node's details and, in JSON, the
 * cells of the format's own columns; with `--paths`, its full path alone. A document is
 * listed only by a format that says how (model.ts FormatCli.list: the records of its
 * tables); any other is refused (exit 2).
 */
import { hex, hex32 } from '../../binary/hex.ts';
import {
  DEFAULT_COLUMNS,
  type ColumnKind,
  type NodeDetails,
  type NodeTable,
  type Session,
} from '../../formats/model.ts';
import { usageError } from '../args.ts';
import type { Command } from '../command.ts';
import { asArchive, reportIssues, requireReadable, withSession } from '../open-session.ts';
import { printable } from '../output.ts';
import { ascii, ByteChunks, isPlainJsonText } from '../byte-chunks.ts';
import { csvDocumentLines, csvListing } from './ls-csv.ts';

/** The JSON shape of one listed entry; `crc` is the stored checksum, unsigned (null: none kept). */
export interface ListedEntry {
  path: string;
  /** Where its bytes start in the file. */
  offset: number;
  /** Unpacked bytes. */
  size: number;
  /** Bytes in the file. */
  storedSize: number;
  compressed: boolean;
  crc: number | null;
}

/**
 * A node's listing, from the session's table when it tells all of it (offset, compression,
 * checksum: no details made per node), else from the node's details. Read each listing
 * before asking for the next: the table's is one object, refilled.
 */
export function listingOf(session: Session): (index: number) => ListedEntry {
  const table = session.nodeTable();
  const { offset, isCompressed, checksum } = table;
  if (!offset || !isCompressed || !checksum) {
    return (index) => listedEntry(session.details(index));
  }
  const row = new TableRow(table, offset, isCompressed, checksum);
  return (index) => row.fill(index);
}

/** One node's listing read from the table; its path is made only when read. */
class TableRow implements ListedEntry {
  private index = 0;
  offset = 0;
  size = 0;
  storedSize = 0;
  compressed = false;
  crc: number | null = null;

  constructor(
    private readonly table: NodeTable,
    private readonly offsetOf: (index: number) => number,
    private readonly isCompressed: (index: number) => boolean,
    private readonly checksum: (index: number) => number | null,
  ) {}

  /** A JSON listing writes the path's bytes instead, when the table can (`writePath`). */
  get path(): string {
    return this.table.path(this.index);
  }

  fill(index: number): this {
    const { table } = this;
    this.index = index;
    this.offset = this.offsetOf.call(table, index);
    this.size = table.size(index);
    this.storedSize = table.storedSize(index);
    this.compressed = this.isCompressed.call(table, index);
    const crc = this.checksum.call(table, index);
    this.crc = crc === null ? null : crc >>> 0;
    return this;
  }
}

export function listedEntry(details: NodeDetails): ListedEntry {
  return {
    path: details.path,
    offset: details.span.offset,
    size: details.size,
    storedSize: details.storedSize,
    compressed: details.isCompressed,
    crc: details.checksum === null ? null : details.checksum >>> 0,
  };
}

/** Column kinds whose cells the session gives (`Session.cell`): the format's own columns. */
const OWN_KINDS: ReadonlySet<ColumnKind> = new Set(['text', 'number', 'hex']);

/** The keys of a `ListedEntry`: a column of the same id is not listed again. */
const LISTED_KEYS: ReadonlySet<string> = new Set<keyof ListedEntry>([
  'path',
  'offset',
  'size',
  'storedSize',
  'compressed',
  'crc',
]);

/**
 * The ids of the format's own columns of each column set that `ListedEntry` does not have
 * already: in JSON an entry lists their cells too (a volume, a compression), so what the
 * tree shows of an entry, `ls --json` lists.
 */
export function ownColumnsOf(session: Session): (set: string) => readonly string[] {
  const bySet = new Map<string, readonly string[]>();
  return (set) => {
    let ids = bySet.get(set);
    if (ids === undefined) {
      ids = (session.columnSets[set] ?? [])
        .filter((column) => OWN_KINDS.has(column.kind) && !LISTED_KEYS.has(column.id))
        .map((column) => column.id)
        .filter((id, at, all) => all.indexOf(id) === at);
      bySet.set(set, ids);
    }
    return ids;
  };
}

/** The JSON pieces of a listed entry, encoded once. */
const KEYS = {
  open: ascii('  {"path":'),
  offset: ascii(',"offset":'),
  size: ascii(',"size":'),
  storedSize: ascii(',"storedSize":'),
  compressed: ascii(',"compressed":true'),
  stored: ascii(',"compressed":false'),
  crc: ascii(',"crc":'),
  null: ascii('null'),
  next: ascii('},\n'),
  last: ascii('}\n'),
};

/**
 * Writes a node's path as a JSON string: its stored bytes as they are when the table writes
 * them (`NodeTable.writePath`) and they need no escape, else the path's text.
 */
function writePathJson(out: ByteChunks, table: NodeTable, index: number, path: () => string) {
  if (table.writePath) {
    out.room(1024);
    const start = out.at + 1;
    const end = table.writePath(index, out.bytes, start);
    if (end >= 0 && end < out.bytes.length && isPlainJsonText(out.bytes, start, end)) {
      out.bytes[out.at] = 0x22;
      out.bytes[end] = 0x22;
      out.at = end + 1;
      return;
    }
  }
  out.text(JSON.stringify(path()));
}

/** JSON of a cell's value; the texts of a column repeat (a volume, a compression): kept encoded. */
function cellWriter(out: ByteChunks): (value: unknown) => void {
  const encoded = new Map<string, Uint8Array>();
  return (value) => {
    if (typeof value === 'number') return out.number(value);
    if (typeof value !== 'string') return out.put(KEYS.null);
    let bytes = encoded.get(value);
    if (bytes === undefined) {
      if (encoded.size >= 4096) encoded.clear();
      bytes = ascii(JSON.stringify(value));
      encoded.set(value, bytes);
    }
    out.put(bytes);
  };
}

/**
 * The JSON listing in chunks of whole lines: one object per entry, as JSON.stringify writes
 * the `ListedEntry` with its own cells after it, written as bytes without making that object
 * or its line (see byte-chunks.ts).
 */
function* jsonChunks(session: Session): Generator<Uint8Array> {
  const count = session.nodeCount();
  const ownColumns = ownColumnsOf(session);
  const keysOf = new Map<string, Uint8Array>();
  const keyOf = (id: string) => {
    let key = keysOf.get(id);
    if (key === undefined) keysOf.set(id, (key = ascii(`,${JSON.stringify(id)}:`)));
    return key;
  };
  const listing = listingOf(session);
  const table = session.nodeTable();
  const out = new ByteChunks();
  const cell = cellWriter(out);
  out.text('[\n');
  for (let index = 0; index < count; index++) {
    const entry = listing(index);
    out.put(KEYS.open);
    writePathJson(out, table, index, () => entry.path);
    out.put(KEYS.offset);
    out.number(entry.offset);
    out.put(KEYS.size);
    out.number(entry.size);
    out.put(KEYS.storedSize);
    out.number(entry.storedSize);
    out.put(entry.compressed ? KEYS.compressed : KEYS.stored);
    out.put(KEYS.crc);
    if (entry.crc === null) out.put(KEYS.null);
    else out.number(entry.crc);
    for (const id of ownColumns(session.columnSetOf?.(index) ?? DEFAULT_COLUMNS)) {
      out.put(keyOf(id));
      cell(session.cell?.(index, id) ?? null);
    }
    out.put(index < count - 1 ? KEYS.next : KEYS.last);
    if (out.isFull) yield out.take();
  }
  out.text(']\n');
  yield out.take();
}

/** Whether bytes [from, to) print as they are: printable ASCII. */
function isPrintableAscii(bytes: Uint8Array, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const byte = bytes[at]!;
    if (byte < 0x20 || byte >= 0x7f) return false;
  }
  return true;
}

/**
 * Every entry's full path, one per line, as `find` prints them (for grep, sort or diff): the
 * stored bytes as they are when the table writes them and they are printable ASCII, else the
 * path's text with control characters escaped, as the text listing shows it.
 */
function* pathChunks(session: Session): Generator<Uint8Array> {
  const count = session.nodeCount();
  const table = session.nodeTable();
  const out = new ByteChunks();
  for (let index = 0; index < count; index++) {
    let end = -1;
    if (table.writePath) {
      out.room(1024);
      end = table.writePath(index, out.bytes, out.at);
    }
    if (end >= 0 && end < out.bytes.length && isPrintableAscii(out.bytes, out.at, end)) {
      out.at = end;
    } else {
      out.text(printable(table.path(index)));
    }
    out.byte(0x0a);
    if (out.isFull) yield out.take();
  }
  yield out.take();
}

/** A JSON array, one element per line. */
function* jsonLines(items: Iterable<unknown>): Generator<string> {
  yield '[';
  let previous: string | null = null;
  for (const item of items) {
    if (previous !== null) yield `  ${previous},`;
    previous = JSON.stringify(item);
  }
  if (previous !== null) yield `  ${previous}`;
  yield ']';
}

/** Text listings are written in chunks of about this many characters. */
const CHUNK_CHARS = 1 << 20;

/** The text listing in chunks of whole lines: a header, then one line per entry. */
function* plainText(session: Session): Generator<string> {
  let text = `${'offset'.padStart(12)} ${'size'.padStart(12)} ${'stored'.padStart(12)}  z  ${'crc'.padEnd(10)}  path\n`;
  const count = session.nodeCount();
  const listing = listingOf(session);
  for (let index = 0; index < count; index++) {
    const entry = listing(index);
    text +=
      [
        hex(entry.offset).padStart(12),
        String(entry.size).padStart(12),
        String(entry.storedSize).padStart(12),
        entry.compressed ? ' z ' : ' - ',
        entry.crc === null ? '-'.padEnd(10) : hex32(entry.crc),
        printable(entry.path),
      ].join(' ') + '\n';
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  yield text;
}

export const lsCommand: Command = {
  usage: 'ls FILE... [--json|--csv|--paths]',
  summary:
    'list entries: data offset, size, stored size, compressed, checksum, path (of a document whose format lists it: its records); --paths: full paths alone, one per line',
  spec: { flags: ['--json', '--csv', '--paths'] },
  positionals: ['FILE'],
  required: 1,
  manyFiles: true,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const path = args.positionals[0]!;
    const isJson = args.flags.has('--json');
    const isCsv = args.flags.has('--csv');
    const isPaths = args.flags.has('--paths');
    if (Number(isJson) + Number(isCsv) + Number(isPaths) > 1) {
      throw usageError('--json, --csv and --paths do not go together');
    }
    return withSession(
      cwd,
      path,
      async (opened) => {
        const { source, module, session, services } = opened;
        const list = formats.find((format) => format.module.id === module.id)?.cli.list;
        if (session.layout === 'document' && list && !isPaths) {
          requireReadable(path, session);
          const listing = await list({ session, source, options: {}, services });
          await reportIssues(err, path, session.issues);
          if (isCsv) await out.write(csvDocumentLines(listing.json));
          else await out.lines(isJson ? jsonLines(listing.json) : listing.lines);
          return 0;
        }
        asArchive(path, opened);
        await reportIssues(err, path, session.issues);
        if (isCsv) await out.chunks(csvListing(session));
        else if (isPaths) await out.chunks(pathChunks(session));
        else await out.chunks(isJson ? jsonChunks(session) : plainText(session));
        return 0;
      },
      { args, formats },
    );
  },
};
