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

/**
 * Each entry, and in JSON the cells of the format's own columns by column id (a volume, a
 * compression): what the tree shows of an entry, `ls --json` lists.
 */
function* entries(session: Session): Generator<ListedEntry & Record<string, unknown>> {
  const count = session.nodeCount();
  const ownColumns = (set: string) =>
    (session.columnSets[set] ?? []).filter((column) => OWN_KINDS.has(column.kind));
  for (let index = 0; index < count; index++) {
    const entry: ListedEntry & Record<string, unknown> = {
      ...listedEntry(session.details(index)),
    };
    const set = session.columnSetOf?.(index) ?? DEFAULT_COLUMNS;
    for (const column of ownColumns(set)) {
      if (!(column.id in entry)) entry[column.id] = session.cell?.(index, column.id) ?? null;
    }
    yield entry;
  }
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

function* textLines(session: Session): Generator<string> {
  yield `${'offset'.padStart(12)} ${'size'.padStart(12)} ${'stored'.padStart(12)}  z  ${'crc'.padEnd(10)}  path`;
  for (const entry of entries(session)) {
    yield [
      hex(entry.offset).padStart(12),
      String(entry.size).padStart(12),
      String(entry.storedSize).padStart(12),
      entry.compressed ? ' z ' : ' - ',
      entry.crc === null ? '-'.padEnd(10) : hex32(entry.crc),
      printable(entry.path),
    ].join(' ');
  }
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
        await out.lines(isJson ? jsonLines(entries(session)) : textLines(session));
        return 0;
      },
      { args, formats },
    );
  },
};
