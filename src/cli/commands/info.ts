/**
 * `delve info FILE [--json] [--encoding cp1250]`: format and header facts (KIWAD archives,
 * WWD levels); size and digests for unknown files.
 */
import { digestRange, hex32 } from '../../binary/hashes.ts';
import type { Command, CommandContext } from '../command.ts';
import { hex } from '../command.ts';
import { detectFileFormat, withKiwad, withSource } from '../archive.ts';
import { oneLine } from '../output.ts';
import { wwdInfo } from './info-wwd.ts';

async function rawInfo(context: CommandContext, path: string): Promise<number> {
  const { out, args } = context;
  return withSource(context.cwd, path, async (source) => {
    const digests = await digestRange(source, 0, source.size);
    if (args.flags.has('--json')) {
      await out.line(
        JSON.stringify({ format: 'raw', name: source.name, size: source.size, digests }, null, 2),
      );
      return 0;
    }
    await out.lines([
      `file      ${source.name}`,
      'format    raw (not a known format)',
      `size      ${source.size} bytes`,
      `crc32     ${hex32(digests.crc32)}`,
      `ki-crc    ${hex32(digests.kiCrc)}`,
      `md5       ${digests.md5}`,
      `sha1      ${digests.sha1}`,
      `sha256    ${digests.sha256}`,
    ]);
    return 0;
  });
}

async function kiwadInfo(context: CommandContext, path: string): Promise<number> {
  const { out, args } = context;
  return withKiwad(context.cwd, path, async ({ source, archive, issues }) => {
    const { header, entries } = archive;
    const totalSize = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    const totalStoredSize = entries.reduce((sum, entry) => sum + entry.storedSize, 0);
    const compressedCount = entries.filter((entry) => entry.isCompressed).length;
    if (args.flags.has('--json')) {
      const info = {
        format: 'kiwad',
        name: source.name,
        version: header.version,
        flags: header.flags,
        entryCount: header.entryCount,
        size: source.size,
        headerLength: header.headerLength,
        journalEnd: archive.journalEnd,
        totalSize,
        totalStoredSize,
        compressedCount,
        issues: issues.map((issue) => ({
          severity: issue.severity,
          code: issue.code,
          message: issue.message,
          entryIndex: issue.entryIndex ?? null,
          offset: issue.span?.offset ?? null,
        })),
      };
      await out.line(JSON.stringify(info, null, 2));
      return 0;
    }
    const flags =
      header.flags === null
        ? 'none (v1 header)'
        : `${hex(header.flags, 2)} (bit 0 mmap, bit 1 prefetch)`;
    await out.lines([
      `file        ${source.name}`,
      `format      KIWAD v${header.version}`,
      `size        ${source.size} bytes`,
      `version     ${header.version}`,
      `flags       ${flags}`,
      `header      ${header.headerLength} bytes`,
      `journal     ${hex(header.headerLength)}..${hex(archive.journalEnd)} (${archive.journalEnd - header.headerLength} bytes)`,
      `entries     ${header.entryCount} (${compressedCount} compressed)`,
      `content     ${totalSize} bytes (${totalStoredSize} stored)`,
      `issues      ${issues.length === 0 ? 'none' : issues.length}`,
      ...issues.map((issue) => `  ${issue.severity} ${issue.code}: ${oneLine(issue.message)}`),
    ]);
    return 0;
  });
}

export const infoCommand: Command = {
  usage: 'info FILE [--json] [--encoding cp1252|cp1250]',
  summary:
    'format and header fields (WWD: planes, checksum; --encoding for its strings); size and digests for unknown files',
  spec: { flags: ['--json'], values: ['--encoding'] },
  positionals: ['FILE'],
  required: 1,
  async run(context) {
    const path = context.args.positionals[0]!;
    const format = await withSource(context.cwd, path, detectFileFormat);
    if (format === 'kiwad') return kiwadInfo(context, path);
    if (format === 'wwd') return wwdInfo(context, path);
    return rawInfo(context, path);
  },
};
