/**
 * WWD sections inside the logical buffer L, each located by its own offset (spec §4–§7):
 * plane headers, tile grids, image-set names and tile properties (objects: read-object.ts),
 * plus the checks they share. Used by read.ts; the mirror of write-sections.ts, field by
 * field in file order.
 *
 * Every count is checked against the bytes left before anything is allocated, every offset
 * against len(L), and a budget of bytes consumed (see ReadContext) keeps overlapping
 * sections from multiplying memory.
 */
import type { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { Issue } from '../model.ts';
import {
  WWD_DOUBLE_SIZE,
  WWD_FORMAT,
  WWD_MIN_TILE_PROPERTY_SIZE,
  WWD_PLANE_FIELD,
  WWD_PLANE_HEADER_SIZE,
  WWD_PLANE_NAME_SIZE,
  WWD_SINGLE_SIZE,
  WWD_TILE_DOUBLE,
  WWD_TILE_MASK,
  WWD_TILE_PROPERTIES_FIELD,
  WWD_TILE_PROPERTIES_HEADER_SIZE,
  WWD_TILE_PROPERTY_BASE_SIZE,
  WWD_TILE_SINGLE,
  wwdError,
} from './layout.ts';
import { decodeFixedString, decodeWwdString } from './strings.ts';
import type {
  WwdEncoding,
  WwdPlane,
  WwdRect,
  WwdTileProperties,
  WwdTileProperty,
} from './types.ts';

/** What section readers share: a reader over all of L, the encoding, and the issue list. */
export interface ReadContext {
  reader: ByteReader;
  encoding: WwdEncoding;
  issues: Issue[];
  /**
   * Bytes of L claimed by sections so far. Sections of a valid level do not overlap, so the
   * total never passes len(L); a forged level whose sections all point at one big region
   * would otherwise allocate that region once per section.
   */
  claimed: number;
}

/** Adds a section's size to the budget; OVERLAP when the sections claim more than L holds. */
export function claim(context: ReadContext, length: number, offset: number, path: string): void {
  context.claimed += length;
  if (context.claimed > context.reader.length) {
    const detail = `${path} would bring the sections to ${context.claimed} bytes, more than the ${context.reader.length} of the level: sections overlap`;
    throw wwdError(ErrorCode.OVERLAP, offset, detail, path);
  }
}

/** OUT_OF_BOUNDS at the offset field when `target` lies past the end of L. */
export function checkOffset(
  context: ReadContext,
  target: number,
  fieldAt: number,
  path: string,
): void {
  if (target > context.reader.length) {
    const detail = `${path} ${target} is past the end of the ${context.reader.length}-byte level`;
    throw wwdError(ErrorCode.OUT_OF_BOUNDS, fieldAt, detail, path);
  }
}

/** BAD_COUNT at the count field when `count × recordSize` bytes do not follow `start`. */
export function checkCount(
  context: ReadContext,
  count: number,
  recordSize: number,
  start: number,
  fieldAt: number,
  path: string,
): void {
  const room = context.reader.length - start;
  if (count * recordSize > room) {
    const detail = `${count} × ${recordSize} bytes do not fit in the ${room} bytes after ${start}`;
    throw wwdError(ErrorCode.BAD_COUNT, fieldAt, detail, path);
  }
}

/** Reads a fixed-size string field and notes junk after its NUL. */
export function readFixedString(context: ReadContext, size: number, path: string): string {
  const at = context.reader.offset;
  const { text, hasJunkAfterNul } = decodeFixedString(
    context.reader.bytesView(size, path),
    context.encoding,
  );
  if (hasJunkAfterNul) {
    context.issues.push({
      severity: 'info',
      code: 'STRING_PADDING',
      message: `${path}: non-zero bytes after the NUL (not kept on re-save)`,
      span: { offset: at, length: size },
    });
  }
  return text;
}

/** Four i32: left, top, right, bottom. `what` names the rect in an error (no label per side). */
export function readRect(reader: ByteReader, what: string): WwdRect {
  const left = reader.i32le(what);
  const top = reader.i32le(what);
  const right = reader.i32le(what);
  const bottom = reader.i32le(what);
  return { left, top, right, bottom };
}

/** The 160-byte plane header at the reader's position; sections come later. */
export function readPlaneHeader(context: ReadContext, index: number): WwdPlane {
  const { reader } = context;
  const start = reader.offset;
  const empty = () => ({ offset: 0, length: 0 });
  // Property initialisers run in source order: this literal reads the fields in file order.
  return {
    index,
    span: { offset: start, length: WWD_PLANE_HEADER_SIZE },
    size: reader.u32le('size'),
    unknown04: reader.u32le('unknown04'),
    flags: reader.u32le('flags'),
    unknown0C: reader.u32le('unknown0C'),
    name: readFixedString(context, WWD_PLANE_NAME_SIZE, `planes[${index}].name`),
    pixelWidth: reader.i32le('pixelWidth'),
    pixelHeight: reader.i32le('pixelHeight'),
    tileWidth: reader.i32le('tileWidth'),
    tileHeight: reader.i32le('tileHeight'),
    tilesWide: reader.i32le('tilesWide'),
    tilesHigh: reader.i32le('tilesHigh'),
    scrollX: reader.i32le('scrollX'),
    scrollY: reader.i32le('scrollY'),
    moveXPercent: reader.i32le('moveXPercent'),
    moveYPercent: reader.i32le('moveYPercent'),
    fillColor: reader.i32le('fillColor'),
    imageSetCount: reader.u32le('imageSetCount'),
    objectCount: reader.u32le('objectCount'),
    tilesOffset: reader.u32le('tilesOffset'),
    imageSetsOffset: reader.u32le('imageSetsOffset'),
    objectsOffset: reader.u32le('objectsOffset'),
    zCoord: reader.i32le('zCoord'),
    unknown94: reader.u32le('unknown94'),
    unknown98: reader.u32le('unknown98'),
    unknown9C: reader.u32le('unknown9C'),
    tiles: new Uint32Array(0),
    tilesSpan: empty(),
    imageSets: [],
    imageSetsSpan: empty(),
    objects: [],
    objectsSpan: empty(),
  };
}

/** The plane's tile grid: tilesWide × tilesHigh u32, row-major. */
export function readTiles(context: ReadContext, plane: WwdPlane): void {
  const path = `planes[${plane.index}]`;
  const at = plane.span.offset;
  for (const field of ['tilesWide', 'tilesHigh'] as const) {
    if (plane[field] < 0) {
      throw wwdError(
        ErrorCode.BAD_VALUE,
        at + WWD_PLANE_FIELD[field],
        `${field} ${plane[field]} is negative`,
        `${path}.${field}`,
      );
    }
  }
  checkOffset(context, plane.tilesOffset, at + WWD_PLANE_FIELD.tilesOffset, `${path}.tilesOffset`);
  const cells = plane.tilesWide * plane.tilesHigh;
  checkCount(
    context,
    cells,
    4,
    plane.tilesOffset,
    at + WWD_PLANE_FIELD.tilesWide,
    `${path}.tilesWide`,
  );
  claim(context, cells * 4, plane.tilesOffset, `${path}.tiles`);
  context.reader.seek(plane.tilesOffset);
  plane.tiles = context.reader.u32leArray(cells, `${path}.tiles`);
  plane.tilesSpan = { offset: plane.tilesOffset, length: cells * 4 };
}

/** `imageSetCount` NUL-terminated names at imageSetsOffset, each terminated within L. */
export function readImageSets(context: ReadContext, plane: WwdPlane): void {
  const { reader } = context;
  const path = `planes[${plane.index}]`;
  const at = plane.span.offset;
  checkOffset(
    context,
    plane.imageSetsOffset,
    at + WWD_PLANE_FIELD.imageSetsOffset,
    `${path}.imageSetsOffset`,
  );
  checkCount(
    context,
    plane.imageSetCount,
    1,
    plane.imageSetsOffset,
    at + WWD_PLANE_FIELD.imageSetCount,
    `${path}.imageSetCount`,
  );
  const bytes = reader.bytes;
  let cursor = plane.imageSetsOffset;
  for (let index = 0; index < plane.imageSetCount; index++) {
    const nul = bytes.indexOf(0, cursor);
    if (nul < 0) {
      const detail = `image-set name ${index} has no NUL before the end of the level`;
      throw wwdError(ErrorCode.UNEXPECTED_EOF, cursor, detail, `${path}.imageSets[${index}]`);
    }
    claim(context, nul + 1 - cursor, cursor, `${path}.imageSets[${index}]`);
    plane.imageSets.push(decodeWwdString(bytes.subarray(cursor, nul), context.encoding));
    cursor = nul + 1;
  }
  plane.imageSetsSpan = { offset: plane.imageSetsOffset, length: cursor - plane.imageSetsOffset };
}

/**
 * The tile-property table at `offset`: header, then records until `count` or until an
 * unknown type (the table is then corrupt: reading stops with an error-severity issue).
 * `table` is filled as it goes, so a fatal error keeps the records read.
 */
export function readTileProperties(
  context: ReadContext,
  table: WwdTileProperties,
  offset: number,
  fieldAt: number,
): void {
  const { reader, issues } = context;
  checkOffset(context, offset, fieldAt, 'tileDescriptionsOffset');
  reader.seek(offset);
  table.span = { offset, length: 0 };
  table.headerSize = reader.u32le('tileProperties.headerSize');
  table.unknown04 = reader.u32le('tileProperties.unknown04');
  table.count = reader.u32le('tileProperties.count');
  for (let index = 0; index < 5; index++)
    table.unknown0C.push(reader.u32le('tileProperties.unknown0C'));
  table.span.length = WWD_TILE_PROPERTIES_HEADER_SIZE;
  claim(context, WWD_TILE_PROPERTIES_HEADER_SIZE, offset, 'tileProperties');
  if (table.headerSize !== WWD_TILE_PROPERTIES_HEADER_SIZE) {
    issues.push({
      severity: 'warning',
      code: 'TILE_PROPERTIES_HEADER',
      message: `tile-property table header size is ${table.headerSize}, expected 32`,
      span: { offset, length: 4 },
    });
  }
  const countAt = offset + WWD_TILE_PROPERTIES_FIELD.count;
  checkCount(
    context,
    table.count,
    WWD_MIN_TILE_PROPERTY_SIZE,
    reader.offset,
    countAt,
    'tileProperties.count',
  );
  for (let index = 0; index < table.count; index++) {
    const record = readTileProperty(context, index);
    if (!record) break;
    table.records.push(record);
    table.span.length = reader.offset - offset;
  }
}

/**
 * One record. Tables hold thousands: labels are constants (the error's path, the table's,
 * comes from `within`), and each kind is one literal.
 */
function readTileProperty(context: ReadContext, index: number): WwdTileProperty | null {
  const { reader } = context;
  const start = reader.offset;
  const type = reader.u32le('tile property type');
  if (type !== WWD_TILE_SINGLE && type !== WWD_TILE_DOUBLE && type !== WWD_TILE_MASK) {
    context.issues.push({
      severity: 'error',
      code: 'TILE_PROPERTY_TYPE',
      message: `tile property ${index} has unknown type ${type}; the rest of the table is not read`,
      span: { offset: start, length: 4 },
    });
    return null;
  }
  const unknown04 = reader.u32le('tile property unknown04');
  const width = reader.u32le('tile property width');
  const height = reader.u32le('tile property height');
  const size =
    type === WWD_TILE_SINGLE
      ? WWD_SINGLE_SIZE
      : type === WWD_TILE_DOUBLE
        ? WWD_DOUBLE_SIZE
        : WWD_TILE_PROPERTY_BASE_SIZE + width * height;
  // width × height from u32s reaches 2⁶⁴: need() rejects it before anything is allocated.
  reader.need(size - WWD_TILE_PROPERTY_BASE_SIZE, 'tile property body');
  if (context.claimed + size > reader.length) {
    claim(context, size, start, `tileProperties[${index}]`);
  }
  context.claimed += size;
  const span = { offset: start, length: size };
  if (type === WWD_TILE_SINGLE) {
    const attribute = reader.i32le('tile property attribute');
    return { kind: 'single', index, span, unknown04, width, height, attribute };
  }
  if (type === WWD_TILE_DOUBLE) {
    const outside = reader.i32le('tile property outside');
    const inside = reader.i32le('tile property inside');
    const rect = readRect(reader, 'tile property rect');
    return { kind: 'double', index, span, unknown04, width, height, outside, inside, rect };
  }
  // A copy of its own (not `.slice()`: on a Node Buffer that is a view into the file).
  const mask = new Uint8Array(reader.bytesView(width * height, 'tile property mask'));
  return { kind: 'mask', index, span, unknown04, width, height, mask };
}

/** Runs `read`, giving a FormatError without a field path the path of this section. */
export function within<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FormatError && !error.path) throw error.withContext(WWD_FORMAT, path);
    throw error;
  }
}
