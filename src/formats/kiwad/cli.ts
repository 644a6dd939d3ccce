/**
 * What KIWAD archives add to the generic CLI (model.ts FormatCli): the header facts of
 * `info` with their JSON (docs/CLI.md), and the writer behind `pack`. Listing, reading,
 * extracting and verifying entries need nothing here: they go through the session.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { hex } from '../../binary/hex.ts';
import type { CliInfo, CliOptionValues, FormatCli, Session } from '../model.ts';
import { KIWAD_FORMAT } from './layout.ts';
import { parseKiwadHeader } from './read.ts';
import { writeKiwad } from './write.ts';
import { cliIssues, issueLines, type CliIssue } from '../cli-info.ts';

/** The JSON shape of `info --json` for an archive (docs/CLI.md). */
export interface KiwadInfo {
  format: typeof KIWAD_FORMAT;
  name: string;
  version: number;
  /** null for v1 headers, which have no flags byte. */
  flags: number | null;
  /** As the header declares it. */
  entryCount: number;
  size: number;
  headerLength: number;
  /** First byte after the last journal record. */
  journalEnd: number;
  totalSize: number;
  totalStoredSize: number;
  compressedCount: number;
  issues: CliIssue[];
}

async function kiwadInfo(session: Session, source: ByteSource): Promise<CliInfo> {
  const header = parseKiwadHeader(await source.read(0, Math.min(14, source.size)));
  const count = session.nodeCount();
  const table = session.nodeTable();
  let totalSize = 0;
  let totalStoredSize = 0;
  let compressedCount = 0;
  let journalEnd = header.headerLength;
  for (let index = 0; index < count; index++) {
    totalSize += table.size(index);
    totalStoredSize += table.storedSize(index);
    const details = session.details(index);
    if (details.isCompressed) compressedCount++;
    if (index === count - 1 && details.record) {
      journalEnd = details.record.offset + details.record.length;
    }
  }
  const info: KiwadInfo = {
    format: KIWAD_FORMAT,
    name: source.name,
    version: header.version,
    flags: header.flags,
    entryCount: header.entryCount,
    size: source.size,
    headerLength: header.headerLength,
    journalEnd,
    totalSize,
    totalStoredSize,
    compressedCount,
    issues: cliIssues(session.issues),
  };
  const flags =
    header.flags === null
      ? 'none (v1 header)'
      : `${hex(header.flags, 2)} (bit 0 mmap, bit 1 prefetch)`;
  const lines = [
    `file        ${info.name}`,
    `format      ${session.label}`,
    `size        ${info.size} bytes`,
    `version     ${header.version}`,
    `flags       ${flags}`,
    `header      ${header.headerLength} bytes`,
    `journal     ${hex(header.headerLength)}..${hex(journalEnd)} (${journalEnd - header.headerLength} bytes)`,
    `entries     ${header.entryCount} (${compressedCount} compressed)`,
    `content     ${totalSize} bytes (${totalStoredSize} stored)`,
    ...issueLines(info.issues),
  ];
  return { json: info, lines };
}

/** `--wad-version`: 1 unless given (the CLI has checked it is one of the choices). */
const versionOf = (options: CliOptionValues) => Number(options['wad-version'] ?? '1');

export const kiwadCli: FormatCli = {
  info: ({ session, source }) => kiwadInfo(session, source),
  pack: {
    summary: 'pack a folder into a KIWAD archive (v2 with --flags 1 for Root.wad)',
    options: [
      {
        name: 'wad-version',
        value: '1|2',
        choices: ['1', '2'],
        summary: 'KIWAD header version of pack (default 1)',
      },
      {
        name: 'flags',
        value: 'N',
        summary: 'flags byte of a v2 header (0..255; 1 for Root.wad)',
      },
    ],
    checkOptions(options) {
      const flags = options.flags;
      if (flags === undefined) return null;
      if (!/^(0x[0-9a-f]+|\d+)$/i.test(flags) || Number(flags) > 255) {
        return `--flags must be 0..255, not ${flags}`;
      }
      if (versionOf(options) < 2) {
        return '--flags needs --wad-version 2 (v1 headers have no flags byte)';
      }
      return null;
    },
    // Names are sorted by byte order, zlib level 9, .mp3/.ogg stored (write.ts).
    write(files, options) {
      const version = versionOf(options);
      const entries = files.map((file) => ({ name: file.path, data: file.bytes }));
      const flags = options.flags;
      const bytes = writeKiwad(
        entries,
        flags === undefined ? { version } : { version, flags: Number(flags) },
      );
      return { bytes, label: `KIWAD v${version}` };
    },
  },
};
