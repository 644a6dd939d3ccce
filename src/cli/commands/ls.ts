/** `delve ls FILE [--json]`: one line (or JSON object) per entry, in journal order. */
import { hex32 } from '../../binary/hashes.ts';
import type { KiwadEntry } from '../../formats/kiwad/types.ts';
import type { Command } from '../command.ts';
import { hex } from '../command.ts';
import { reportIssues, withKiwad } from '../archive.ts';
import { printable } from '../output.ts';

/** The JSON shape of one listed entry; `crc` is unsigned. */
export interface ListedEntry {
  path: string;
  offset: number;
  /** Uncompressed bytes. */
  size: number;
  /** Bytes in the archive. */
  storedSize: number;
  compressed: boolean;
  crc: number;
}

export function listedEntry(entry: KiwadEntry): ListedEntry {
  return {
    path: entry.name,
    offset: entry.dataOffset,
    size: entry.uncompressedSize,
    storedSize: entry.storedSize,
    compressed: entry.isCompressed,
    crc: entry.crc >>> 0,
  };
}

function* jsonLines(entries: readonly KiwadEntry[]): Generator<string> {
  yield '[';
  for (let i = 0; i < entries.length; i++) {
    yield '  ' + JSON.stringify(listedEntry(entries[i]!)) + (i < entries.length - 1 ? ',' : '');
  }
  yield ']';
}

function* textLines(entries: readonly KiwadEntry[]): Generator<string> {
  yield `${'offset'.padStart(12)} ${'size'.padStart(12)} ${'stored'.padStart(12)}  z  ${'crc'.padEnd(10)}  path`;
  for (const entry of entries) {
    yield [
      hex(entry.dataOffset).padStart(12),
      String(entry.uncompressedSize).padStart(12),
      String(entry.storedSize).padStart(12),
      entry.isCompressed ? ' z ' : ' - ',
      hex32(entry.crc),
      printable(entry.name),
    ].join(' ');
  }
}

export const lsCommand: Command = {
  usage: 'ls FILE [--json]',
  summary: 'list entries: data offset, size, stored size, compressed, CRC, path',
  spec: { flags: ['--json'] },
  positionals: ['FILE'],
  required: 1,
  run({ args, out, err, cwd }) {
    const path = args.positionals[0]!;
    return withKiwad(cwd, path, async ({ archive, issues }) => {
      await reportIssues(err, path, issues);
      await out.lines(
        args.flags.has('--json') ? jsonLines(archive.entries) : textLines(archive.entries),
      );
      return 0;
    });
  },
};
