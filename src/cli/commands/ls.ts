/**
 * `delve ls FILE [--json]`: one line (or JSON object) per node of an archive, in the
 * session's order (an archive's table order), from each node's details and, in JSON, the
 * cells of the format's own columns. A document is listed only by a format that says how
 * (model.ts FormatCli.list: the records of its tables); any other is refused (exit 2).
 */
import { hex, hex32 } from '../../binary/hex.ts';
import {
  DEFAULT_COLUMNS,
  type ColumnKind,
  type NodeDetails,
  type Session,
} from '../../formats/model.ts';
import type { Command } from '../command.ts';
import { asArchive, reportIssues, requireReadable, withSession } from '../open-session.ts';
import { printable } from '../output.ts';

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
 * checksum: no details made per node), else from the node's details.
 */
function listingOf(session: Session): (index: number) => ListedEntry {
  const table = session.nodeTable();
  const { offset, isCompressed, checksum } = table;
  if (!offset || !isCompressed || !checksum) {
    return (index) => listedEntry(session.details(index));
  }
  return (index) => {
    const crc = checksum.call(table, index);
    return {
      path: table.path(index),
      offset: offset.call(table, index),
      size: table.size(index),
      storedSize: table.storedSize(index),
      compressed: isCompressed.call(table, index),
      crc: crc === null ? null : crc >>> 0,
    };
  };
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

/** A value as JSON.stringify writes it inside an object. */
const jsonValue = (value: unknown): string =>
  typeof value === 'number'
    ? Number.isFinite(value)
      ? String(value)
      : 'null'
    : (JSON.stringify(value) ?? 'null');

/**
 * The ids of the format's own columns of each column set that `ListedEntry` does not have
 * already: in JSON an entry lists their cells too (a volume, a compression), so what the
 * tree shows of an entry, `ls --json` lists.
 */
function ownColumnsOf(session: Session): (set: string) => readonly string[] {
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

/** Listing text is written in chunks of about this many characters. */
const CHUNK_CHARS = 1 << 20;

/**
 * The JSON listing in chunks of whole lines: one object per entry, written as JSON.stringify
 * writes the `ListedEntry` with its own cells after it, without making that object, and
 * gathered into one string per chunk. (A listing of 350,000 entries made and collected an
 * object, an array of columns and a line string per entry, then joined the lines: about a
 * third of its time.)
 */
function* jsonText(session: Session): Generator<string> {
  const count = session.nodeCount();
  const ownColumns = ownColumnsOf(session);
  const listing = listingOf(session);
  let text = '[\n';
  for (let index = 0; index < count; index++) {
    const entry = listing(index);
    text +=
      `  {"path":${JSON.stringify(entry.path)},"offset":${jsonValue(entry.offset)},` +
      `"size":${jsonValue(entry.size)},"storedSize":${jsonValue(entry.storedSize)},` +
      `"compressed":${entry.compressed},"crc":${jsonValue(entry.crc)}`;
    for (const id of ownColumns(session.columnSetOf?.(index) ?? DEFAULT_COLUMNS)) {
      text += `,${JSON.stringify(id)}:${jsonValue(session.cell?.(index, id) ?? null)}`;
    }
    text += index < count - 1 ? '},\n' : '}\n';
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  yield text + ']\n';
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
  usage: 'ls FILE... [--json]',
  summary:
    'list entries: data offset, size, stored size, compressed, checksum, path (of a document whose format lists it: its records)',
  spec: { flags: ['--json'] },
  positionals: ['FILE'],
  required: 1,
  manyFiles: true,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const path = args.positionals[0]!;
    const isJson = args.flags.has('--json');
    return withSession(
      cwd,
      path,
      async (opened) => {
        const { source, module, session, services } = opened;
        const list = formats.find((format) => format.module.id === module.id)?.cli.list;
        if (session.layout === 'document' && list) {
          requireReadable(path, session);
          const listing = await list({ session, source, options: {}, services });
          await reportIssues(err, path, session.issues);
          await out.lines(isJson ? jsonLines(listing.json) : listing.lines);
          return 0;
        }
        asArchive(path, opened);
        await reportIssues(err, path, session.issues);
        await out.text(isJson ? jsonText(session) : plainText(session));
        return 0;
      },
      { args, formats },
    );
  },
};
