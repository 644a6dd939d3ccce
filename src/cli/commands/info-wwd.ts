/**
 * `delve info LEVEL.wwd [--json] [--encoding cp1250]`: the header, checksum, planes and
 * tile-property count of a WWD level. A level that cannot be read is one stderr line with
 * the byte offset (in the logical buffer L) and exit 1; a checksum mismatch is not an error
 * (the games do not check it), it is shown and listed with the other issues.
 */
import { readWwd } from '../../formats/wwd/read.ts';
import type { WwdEncoding, WwdLevel } from '../../formats/wwd/types.ts';
import type { Issue } from '../../formats/model.ts';
import type { CommandContext } from '../command.ts';
import { hex } from '../command.ts';
import { withSource } from '../archive.ts';
import { CliError, oneLine, printable } from '../output.ts';
import { usageError } from '../args.ts';

const ENCODINGS: readonly WwdEncoding[] = ['cp1252', 'cp1250'];

/** The `--encoding` option: cp1252 (default) or cp1250; anything else is a usage error. */
export function wwdEncodingOption(value: string | undefined): WwdEncoding {
  if (value === undefined) return 'cp1252';
  const found = ENCODINGS.find((encoding) => encoding === value.toLowerCase());
  if (!found) throw usageError(`--encoding must be cp1252 or cp1250, not ${JSON.stringify(value)}`);
  return found;
}

/** The JSON shape of `info --json` for a level. */
export interface WwdInfo {
  format: 'wwd';
  file: string;
  size: number;
  encoding: WwdEncoding;
  name: string;
  author: string;
  birth: string;
  flags: number;
  compressed: boolean;
  startX: number;
  startY: number;
  checksum: { stored: number; computed: number; match: boolean } | null;
  planes: Array<{
    name: string;
    isMain: boolean;
    tilesWide: number;
    tilesHigh: number;
    tileWidth: number;
    tileHeight: number;
    zCoord: number;
    objectCount: number;
    imageSets: string[];
  }>;
  tileProperties: { count: number; single: number; double: number; mask: number };
  issues: Array<{ severity: string; code: string; message: string; offset: number | null }>;
}

export function wwdInfoOf(file: string, level: WwdLevel, issues: readonly Issue[]): WwdInfo {
  const { header, checksum } = level;
  const records = level.tileProperties?.records ?? [];
  const kinds = (kind: string) => records.filter((record) => record.kind === kind).length;
  return {
    format: 'wwd',
    file,
    size: level.fileSize,
    encoding: level.encoding,
    name: header.name,
    author: header.author,
    birth: header.birth,
    flags: header.flags,
    compressed: level.isCompressed,
    startX: header.startX,
    startY: header.startY,
    checksum: checksum && {
      stored: checksum.stored,
      computed: checksum.computed,
      match: checksum.match,
    },
    planes: level.planes.map((plane) => ({
      name: plane.name,
      isMain: (plane.flags & 1) !== 0,
      tilesWide: plane.tilesWide,
      tilesHigh: plane.tilesHigh,
      tileWidth: plane.tileWidth,
      tileHeight: plane.tileHeight,
      zCoord: plane.zCoord,
      objectCount: plane.objects.length,
      imageSets: plane.imageSets,
    })),
    tileProperties: {
      count: records.length,
      single: kinds('single'),
      double: kinds('double'),
      mask: kinds('mask'),
    },
    issues: issues.map((issue) => ({
      severity: issue.severity,
      code: issue.code,
      message: issue.message,
      offset: issue.span?.offset ?? null,
    })),
  };
}

const count = (value: number) => value.toLocaleString('en-US');

function textLines(info: WwdInfo, level: WwdLevel): string[] {
  const { checksum } = info;
  const checksumText = !checksum
    ? 'not computed'
    : checksum.match
      ? `${checksum.stored} (OK)`
      : `${checksum.stored} (mismatch: computed ${checksum.computed}, stored − computed = ${(checksum.stored - checksum.computed) | 0})`;
  const flagNames = [info.flags & 1 ? 'use z-coords' : '', info.flags & 2 ? 'compressed' : '']
    .filter(Boolean)
    .join(', ');
  const planes = info.planes.map((plane, index) => {
    const label = `${printable(plane.name)}${plane.isMain ? ' (main)' : ''}`;
    const sets = plane.imageSets.map(printable).join(', ') || 'none';
    return `  ${index}  ${label}: ${plane.tilesWide} × ${plane.tilesHigh} tiles of ${plane.tileWidth} × ${plane.tileHeight} px, z ${plane.zCoord}, ${count(plane.objectCount)} objects, image sets ${sets}`;
  });
  const { tileProperties: table } = info;
  return [
    `file        ${printable(info.file)}`,
    `format      WWD level (${info.compressed ? 'zlib-compressed main block' : 'uncompressed'})`,
    `size        ${count(info.size)} bytes (logical ${count(level.logical.length)})`,
    `name        ${printable(info.name)}`,
    `author      ${printable(info.author)}`,
    `birth       ${printable(info.birth)}`,
    `encoding    ${info.encoding === 'cp1250' ? 'windows-1250' : 'windows-1252'}`,
    `flags       ${hex(info.flags)}${flagNames ? ` (${flagNames})` : ''}`,
    `start       (${info.startX}, ${info.startY})`,
    `checksum    ${checksumText}`,
    `planes      ${info.planes.length}`,
    ...planes,
    `tile props  ${count(table.count)} (${table.single} single, ${table.double} double, ${table.mask} mask)`,
    `issues      ${info.issues.length === 0 ? 'none' : info.issues.length}`,
    ...info.issues.map((issue) => `  ${issue.severity} ${issue.code}: ${oneLine(issue.message)}`),
  ];
}

export async function wwdInfo(context: CommandContext, path: string): Promise<number> {
  const { out, args } = context;
  const encoding = wwdEncodingOption(args.values.get('--encoding'));
  return withSource(context.cwd, path, async (source) => {
    const result = await readWwd(source, { encoding });
    if (result.fatal) throw new CliError(`${path}: ${oneLine(result.fatal.message)}`);
    const info = wwdInfoOf(source.name, result.value, result.issues);
    if (args.flags.has('--json')) await out.line(JSON.stringify(info, null, 2));
    else await out.lines(textLines(info, result.value));
    return 0;
  });
}
