/**
 * What WWD levels add to the generic CLI (model.ts FormatCli): `info` prints the header,
 * checksum, planes and tile-property count, with their JSON (docs/CLI.md), and takes
 * `--encoding` for the level's strings. A checksum mismatch is not an error (the games do
 * not check it): it is shown and listed with the other issues. Offsets are in the logical
 * buffer L, like every WWD offset.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { FormatError, type ErrorInfo } from '../../binary/format-error.ts';
import { hex } from '../../binary/hex.ts';
import type { CliInfo, CliOptionValues, FormatCli, Issue, Session } from '../model.ts';
import { WWD_FORMAT } from './layout.ts';
import { readWwd } from './read.ts';
import type { WwdViewData } from './session.ts';
import type { WwdEncoding, WwdLevelView, WwdPackedPlane } from './types.ts';
import { issueLines } from '../cli-info.ts';

const ENCODINGS: readonly WwdEncoding[] = ['cp1252', 'cp1250'];

/** The `--encoding` option (the CLI has checked it is one of the choices); cp1252 unless given. */
function encodingOf(options: CliOptionValues): WwdEncoding {
  return ENCODINGS.find((encoding) => encoding === options.encoding) ?? 'cp1252';
}

/** The JSON shape of `info --json` for a level (docs/CLI.md). */
export interface WwdInfo {
  format: typeof WWD_FORMAT;
  /** The file's name; `name` is the level's. */
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

/** A plane's object count, whether its objects are listed or packed for the view (view-wire.ts). */
function objectCountOf(plane: WwdLevelView['planes'][number] | WwdPackedPlane): number {
  return 'packedObjects' in plane ? plane.packedObjects.count : plane.objects.length;
}

export function wwdInfoOf(
  file: string,
  level: WwdLevelView | WwdViewData['level'],
  issues: readonly Issue[],
): WwdInfo {
  const { header, checksum } = level;
  const records = level.tileProperties?.records ?? [];
  const kinds = (kind: string) => records.filter((record) => record.kind === kind).length;
  return {
    format: WWD_FORMAT,
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
      objectCount: objectCountOf(plane),
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

function textLines(info: WwdInfo, logicalLength: number): string[] {
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
    const label = `${plane.name}${plane.isMain ? ' (main)' : ''}`;
    const sets = plane.imageSets.join(', ') || 'none';
    return `  ${index}  ${label}: ${plane.tilesWide} × ${plane.tilesHigh} tiles of ${plane.tileWidth} × ${plane.tileHeight} px, z ${plane.zCoord}, ${count(plane.objectCount)} objects, image sets ${sets}`;
  });
  const { tileProperties: table } = info;
  return [
    `file        ${info.file}`,
    `format      WWD level (${info.compressed ? 'zlib-compressed main block' : 'uncompressed'})`,
    `size        ${count(info.size)} bytes (logical ${count(logicalLength)})`,
    `name        ${info.name}`,
    `author      ${info.author}`,
    `birth       ${info.birth}`,
    `encoding    ${info.encoding === 'cp1250' ? 'windows-1250' : 'windows-1252'}`,
    `flags       ${hex(info.flags)}${flagNames ? ` (${flagNames})` : ''}`,
    `start       (${info.startX}, ${info.startY})`,
    `checksum    ${checksumText}`,
    `planes      ${info.planes.length}`,
    ...planes,
    `tile props  ${count(table.count)} (${table.single} single, ${table.double} double, ${table.mask} mask)`,
    ...issueLines(info.issues),
  ];
}

/** A fatal parse problem as the FormatError it was (its message unchanged). */
function fatalError(fatal: ErrorInfo): FormatError {
  const detail = fatal.message.slice(fatal.message.indexOf(': ') + 2);
  return new FormatError({
    code: fatal.code,
    offset: fatal.offset ?? 0,
    detail,
    format: WWD_FORMAT,
  });
}

async function wwdInfo(
  session: Session,
  source: ByteSource,
  options: CliOptionValues,
): Promise<CliInfo> {
  const encoding = encodingOf(options);
  const opened = session.view?.data() as WwdViewData | undefined;
  let level: WwdLevelView | WwdViewData['level'];
  let logicalLength: number;
  let issues: readonly Issue[];
  if (opened && opened.level.encoding === encoding) {
    level = opened.level;
    logicalLength = session.logical?.length ?? 0;
    issues = session.issues;
  } else {
    // The session decoded the strings in the default encoding: read them again in this one.
    const result = await readWwd(source, { encoding });
    if (result.fatal) throw fatalError(result.fatal);
    level = result.value;
    logicalLength = result.value.logical.length;
    issues = result.issues;
  }
  const info = wwdInfoOf(source.name, level, issues);
  return { json: info, lines: textLines(info, logicalLength) };
}

export const wwdCli: FormatCli = {
  infoOptions: [
    {
      name: 'encoding',
      value: 'cp1252|cp1250',
      choices: ENCODINGS,
      summary: 'how info decodes the strings of a WWD level (default cp1252)',
    },
  ],
  info: ({ session, source, options }) => wwdInfo(session, source, options),
};
