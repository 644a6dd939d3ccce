/**
 * WWD reader: the "World" levels of the WAP32 engine (Claw 1997, Gruntz 1999, Get Medieval).
 * Facts: spec.md beside this file, source of truth ../shared/specs/wwd.md (it corrects the
 * seed: zlib not raw deflate, the exact checksum, cp1250 levels). Little-endian throughout.
 *
 * Sections:
 *   1. Header, 1524 bytes: size 0x5F4 (the only signature), flags (bit 1 = compressed),
 *      fixed strings, start position, plane count and offset, tile-property offset,
 *      inflated main-block length, checksum, launch app, image sets and prefixes.
 *   2. Main block, the rest of the file, a zlib stream when compressed. Everything below
 *      lives in L = header ‖ inflate(main block), located by absolute offsets in L:
 *      plane headers (160 bytes each) → tile grids → image-set names → objects (main plane)
 *      → tile-property table (the last thing in L in real files).
 *
 * Levels are small (retail: under 1.1 MB inflated), so the reader takes the whole file; the
 * caps in layout.ts bound what a forged one can make it allocate. A checksum mismatch never
 * rejects a level: the games do not check it either.
 */
import { hex } from '../../binary/hex.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import type { Issue, ParseResult } from '../model.ts';
import { checkWwdHeader, checkWwdLayout, checkWwdPlane } from './checks.ts';
import { wwdChecksumWithoutInflatedByte, wwdInflatedByte } from './checksum.ts';
import {
  WWD_FLAG_COMPRESSED,
  WWD_FORMAT,
  WWD_HEADER_FIELD,
  WWD_HEADER_SIZE,
  WWD_HEADER_STRING_SIZE as STRING_SIZE,
  WWD_MAX_FILE_SIZE,
  WWD_PLANE_HEADER_SIZE,
  WWD_PLANE_MAIN,
  wwdError,
} from './layout.ts';
import { buildLogicalBuffer } from './main-block.ts';
import { readObjects } from './read-object.ts';
import {
  checkCount,
  checkOffset,
  claim,
  readFixedString,
  readImageSets,
  readPlaneHeader,
  readTileProperties,
  readTiles,
  within,
  type ReadContext,
} from './read-sections.ts';
import type {
  WwdChecksum,
  WwdHeader,
  WwdLevel,
  WwdParseOptions,
  WwdTileProperties,
} from './types.ts';

export * from './layout.ts';

function emptyHeader(): WwdHeader {
  return {
    span: { offset: 0, length: 0 },
    headerSize: 0,
    unknown004: 0,
    flags: 0,
    unknown00C: 0,
    name: '',
    author: '',
    birth: '',
    rezFile: '',
    imageDir: '',
    palRez: '',
    startX: 0,
    startY: 0,
    unknown2D8: 0,
    planeCount: 0,
    planesOffset: 0,
    tileDescriptionsOffset: 0,
    mainBlockLength: 0,
    checksum: 0,
    unknown2F0: 0,
    launchApp: '',
    imageSets: [],
    prefixes: [],
  };
}

/**
 * The 1524-byte header. Throws FormatError: BAD_MAGIC at 0 when the size field is not
 * 0x5F4 (not a WWD, or a damaged one), UNEXPECTED_EOF at the first field cut short.
 */
export function parseWwdHeader(
  bytes: Uint8Array,
  context: Omit<ReadContext, 'reader' | 'claimed'>,
): WwdHeader {
  const reader = new ByteReader(bytes, 0, WWD_FORMAT);
  const sub: ReadContext = { ...context, reader, claimed: 0 };
  return within('header', () => {
    const headerSize = reader.u32le('headerSize');
    if (headerSize !== WWD_HEADER_SIZE) {
      const detail = `header size ${hex(headerSize)} is not 0x5F4: not a WWD level, or its header is damaged`;
      throw wwdError(ErrorCode.BAD_MAGIC, 0, detail, 'header.headerSize');
    }
    const unknown004 = reader.u32le('unknown004');
    const flags = reader.u32le('flags');
    const unknown00C = reader.u32le('unknown00C');
    const name = readFixedString(sub, STRING_SIZE.name, 'header.name');
    const author = readFixedString(sub, STRING_SIZE.author, 'header.author');
    const birth = readFixedString(sub, STRING_SIZE.birth, 'header.birth');
    const rezFile = readFixedString(sub, STRING_SIZE.rezFile, 'header.rezFile');
    const imageDir = readFixedString(sub, STRING_SIZE.imageDir, 'header.imageDir');
    const palRez = readFixedString(sub, STRING_SIZE.palRez, 'header.palRez');
    const startX = reader.i32le('startX');
    const startY = reader.i32le('startY');
    const unknown2D8 = reader.u32le('unknown2D8');
    const planeCount = reader.u32le('planeCount');
    const planesOffset = reader.u32le('planesOffset');
    const tileDescriptionsOffset = reader.u32le('tileDescriptionsOffset');
    const mainBlockLength = reader.u32le('mainBlockLength');
    const checksum = reader.u32le('checksum');
    const unknown2F0 = reader.u32le('unknown2F0');
    const launchApp = readFixedString(sub, STRING_SIZE.launchApp, 'header.launchApp');
    const imageSets: string[] = [];
    for (let index = 0; index < 4; index++) {
      imageSets.push(readFixedString(sub, STRING_SIZE.imageSet, `header.imageSets[${index}]`));
    }
    const prefixes: string[] = [];
    for (let index = 0; index < 4; index++) {
      prefixes.push(readFixedString(sub, STRING_SIZE.prefix, `header.prefixes[${index}]`));
    }
    return {
      span: { offset: 0, length: WWD_HEADER_SIZE },
      headerSize,
      unknown004,
      flags,
      unknown00C,
      name,
      author,
      birth,
      rezFile,
      imageDir,
      palRez,
      startX,
      startY,
      unknown2D8,
      planeCount,
      planesOffset,
      tileDescriptionsOffset,
      mainBlockLength,
      checksum,
      unknown2F0,
      launchApp,
      imageSets,
      prefixes,
    };
  });
}

function checksumOf(level: WwdLevel, file: Uint8Array): WwdChecksum {
  const stored = file.subarray(WWD_HEADER_SIZE, WWD_HEADER_SIZE + level.storedMainBlockLength);
  const inflatedByte = wwdInflatedByte(
    level.logical,
    WWD_HEADER_SIZE,
    stored.length,
    level.isCompressed,
  );
  // One pass over the stored bytes: the full formula is this sum plus T.
  const computedWithoutInflatedByte = wwdChecksumWithoutInflatedByte(stored);
  const computed = (computedWithoutInflatedByte + inflatedByte) >>> 0;
  return {
    stored: level.header.checksum,
    computed,
    match: computed === level.header.checksum,
    inflatedByte,
    computedWithoutInflatedByte,
  };
}

function emptyTileProperties(): WwdTileProperties {
  return {
    span: { offset: 0, length: 0 },
    headerSize: 0,
    unknown04: 0,
    count: 0,
    unknown0C: [],
    records: [],
  };
}

/** Plane headers, then each plane's grid, image-set names and objects, then tile properties. */
function readBody(level: WwdLevel, context: ReadContext): void {
  const { header } = level;
  const { reader, issues } = context;
  within('header.planesOffset', () => {
    checkOffset(context, header.planesOffset, WWD_HEADER_FIELD.planesOffset, 'header.planesOffset');
    const at = WWD_HEADER_FIELD.planeCount;
    checkCount(
      context,
      header.planeCount,
      WWD_PLANE_HEADER_SIZE,
      header.planesOffset,
      at,
      'header.planeCount',
    );
    claim(context, header.planeCount * WWD_PLANE_HEADER_SIZE, header.planesOffset, 'planes');
  });
  reader.seek(header.planesOffset);
  for (let index = 0; index < header.planeCount; index++) {
    const plane = within(`planes[${index}]`, () => readPlaneHeader(context, index));
    level.planes.push(plane);
    checkWwdPlane(plane, issues);
  }
  const mainPlanes = level.planes.filter((plane) => (plane.flags & WWD_PLANE_MAIN) !== 0).length;
  if (mainPlanes !== 1 && level.planes.length > 0) {
    issues.push({
      severity: 'warning',
      code: 'MAIN_PLANE',
      message: `${mainPlanes} planes are marked main (flags & 1); levels have exactly one`,
      span: { offset: header.planesOffset, length: level.planes.length * WWD_PLANE_HEADER_SIZE },
    });
  }
  for (const plane of level.planes) {
    const path = `planes[${plane.index}]`;
    within(`${path}.tiles`, () => readTiles(context, plane));
    within(`${path}.imageSets`, () => readImageSets(context, plane));
    within(`${path}.objects`, () => readObjects(context, plane));
  }
  const table = emptyTileProperties();
  level.tileProperties = table;
  within('tileProperties', () =>
    readTileProperties(
      context,
      table,
      header.tileDescriptionsOffset,
      WWD_HEADER_FIELD.tileDescriptionsOffset,
    ),
  );
  checkWwdLayout(level, issues);
}

/** A level with nothing read yet: what a parse that fails at the header returns. */
export function emptyWwdLevel(encoding: WwdLevel['encoding'], fileSize: number): WwdLevel {
  return {
    encoding,
    header: emptyHeader(),
    isCompressed: false,
    fileSize,
    storedMainBlockLength: 0,
    logical: new Uint8Array(0),
    planes: [],
    tileProperties: null,
    checksum: null,
    trailingData: null,
  };
}

/**
 * Parses a whole WWD file. Never throws for bad data: the result holds what was read
 * (planes read before a fatal error stay), the issues, and `fatal` when it stopped.
 * Async because a large main block inflates through the platform's DecompressionStream.
 */
export async function parseWwd(
  bytes: Uint8Array,
  options: WwdParseOptions = {},
): Promise<ParseResult<WwdLevel>> {
  const encoding = options.encoding ?? 'cp1252';
  const issues: Issue[] = [];
  const level = emptyWwdLevel(encoding, bytes.length);
  try {
    level.header = parseWwdHeader(bytes, { encoding, issues });
    checkWwdHeader(level.header, issues);
    level.isCompressed = (level.header.flags & WWD_FLAG_COMPRESSED) !== 0;
    // Until the main block is read, L is the header alone: what a failed inflate still shows.
    level.logical = bytes.subarray(0, WWD_HEADER_SIZE);
    const main = await buildLogicalBuffer(
      bytes,
      level.isCompressed,
      level.header.mainBlockLength,
      issues,
    );
    level.logical = main.logical;
    level.storedMainBlockLength = main.storedLength;
    level.trailingData = main.trailingData;
    level.checksum = checksumOf(level, bytes);
    if (!level.checksum.match) {
      const { stored, computed, inflatedByte } = level.checksum;
      const delta = (stored - computed) | 0;
      issues.push({
        severity: 'warning',
        code: 'CHECKSUM_MISMATCH',
        message: `checksum mismatch: stored ${stored}, computed ${computed} (stored − computed = ${delta}; T = ${inflatedByte})`,
        span: { offset: WWD_HEADER_FIELD.checksum, length: 4 },
      });
    }
    const reader = new ByteReader(level.logical, 0, WWD_FORMAT);
    readBody(level, { reader, encoding, issues, claimed: WWD_HEADER_SIZE });
    return { value: level, issues, fatal: null };
  } catch (error) {
    const info = toErrorInfo(error instanceof FormatError ? error.withContext(WWD_FORMAT) : error);
    return { value: level, issues, fatal: info };
  }
}

/**
 * Reads a WWD level from a source. Refuses files above WWD_MAX_FILE_SIZE (256 MiB) with
 * TOO_LARGE before reading them; otherwise as parseWwd.
 */
export async function readWwd(
  source: ByteSource,
  options: WwdParseOptions = {},
): Promise<ParseResult<WwdLevel>> {
  if (source.size > WWD_MAX_FILE_SIZE) {
    const level = emptyWwdLevel(options.encoding ?? 'cp1252', source.size);
    const detail = `${source.size} bytes is above the ${WWD_MAX_FILE_SIZE}-byte limit for a level`;
    return {
      value: level,
      issues: [],
      fatal: toErrorInfo(wwdError(ErrorCode.TOO_LARGE, 0, detail, '')),
    };
  }
  return parseWwd(await source.read(0, source.size), options);
}
