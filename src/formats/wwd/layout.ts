/**
 * WWD layout constants shared by the reader and the writer, the caps that guard memory,
 * and the one way this format builds its errors. See spec.md.
 */
import { FormatError, type ErrorCode } from '../../binary/format-error.ts';

export const WWD_FORMAT = 'wwd';
/** Header size; u32 at offset 0 must equal it (the format has no other signature). */
export const WWD_HEADER_SIZE = 0x5f4;
export const WWD_PLANE_HEADER_SIZE = 0xa0;
export const WWD_OBJECT_FIXED_SIZE = 284;
export const WWD_TILE_PROPERTIES_HEADER_SIZE = 0x20;
/** Fixed part shared by every tile-property record: type, 0, width, height. */
export const WWD_TILE_PROPERTY_BASE_SIZE = 16;
export const WWD_SINGLE_SIZE = 20;
export const WWD_DOUBLE_SIZE = 40;
/** Smallest tile-property record (a 0×0 mask: the base alone), for the count check. */
export const WWD_MIN_TILE_PROPERTY_SIZE = WWD_TILE_PROPERTY_BASE_SIZE;

export const WWD_TILE_EMPTY = 0xffffffff;
export const WWD_TILE_FILL = 0xeeeeeeee;

/** Header flags. */
export const WWD_FLAG_USE_Z = 0x1;
export const WWD_FLAG_COMPRESSED = 0x2;
/** Plane flags. */
export const WWD_PLANE_MAIN = 0x01;
export const WWD_PLANE_NO_DRAW = 0x02;
export const WWD_PLANE_WRAP_X = 0x04;
export const WWD_PLANE_WRAP_Y = 0x08;
export const WWD_PLANE_AUTO_TILE_SIZE = 0x10;

/** Tile-property record types. */
export const WWD_TILE_SINGLE = 1;
export const WWD_TILE_DOUBLE = 2;
export const WWD_TILE_MASK = 3;

/**
 * Largest file `readWwd` accepts, and largest logical buffer (declared inflated main block
 * plus header). Real levels are under 2 MiB inflated; this leaves room for giant custom maps
 * while keeping a forged size from allocating gigabytes.
 */
export const WWD_MAX_FILE_SIZE = 256 * 1024 * 1024;
export const WWD_MAX_LOGICAL_SIZE = 256 * 1024 * 1024;
/** More planes than this draws a warning (retail has 2–3). */
export const WWD_USUAL_MAX_PLANES = 64;
/** Deflate cannot expand past ~1032:1; a larger declared size is refused before allocating. */
export const WWD_MAX_INFLATE_RATIO = 1032;

/** Field offsets of the header. */
export const WWD_HEADER_FIELD = {
  headerSize: 0x000,
  unknown004: 0x004,
  flags: 0x008,
  unknown00C: 0x00c,
  name: 0x010,
  author: 0x050,
  birth: 0x090,
  rezFile: 0x0d0,
  imageDir: 0x1d0,
  palRez: 0x250,
  startX: 0x2d0,
  startY: 0x2d4,
  unknown2D8: 0x2d8,
  planeCount: 0x2dc,
  planesOffset: 0x2e0,
  tileDescriptionsOffset: 0x2e4,
  mainBlockLength: 0x2e8,
  checksum: 0x2ec,
  unknown2F0: 0x2f0,
  launchApp: 0x2f4,
  imageSets: 0x374,
  prefixes: 0x574,
} as const;

/** Sizes of the header's fixed strings. */
export const WWD_HEADER_STRING_SIZE = {
  name: 64,
  author: 64,
  birth: 64,
  rezFile: 256,
  imageDir: 128,
  palRez: 128,
  launchApp: 128,
  imageSet: 128,
  prefix: 32,
} as const;

/** Field offsets of a plane header, relative to its start. */
export const WWD_PLANE_FIELD = {
  size: 0x00,
  unknown04: 0x04,
  flags: 0x08,
  unknown0C: 0x0c,
  name: 0x10,
  pixelWidth: 0x50,
  pixelHeight: 0x54,
  tileWidth: 0x58,
  tileHeight: 0x5c,
  tilesWide: 0x60,
  tilesHigh: 0x64,
  scrollX: 0x68,
  scrollY: 0x6c,
  moveXPercent: 0x70,
  moveYPercent: 0x74,
  fillColor: 0x78,
  imageSetCount: 0x7c,
  objectCount: 0x80,
  tilesOffset: 0x84,
  imageSetsOffset: 0x88,
  objectsOffset: 0x8c,
  zCoord: 0x90,
  unknown94: 0x94,
  unknown98: 0x98,
  unknown9C: 0x9c,
} as const;
export const WWD_PLANE_NAME_SIZE = 64;

/** Field offsets of an object record, relative to its start. */
export const WWD_OBJECT_FIELD = {
  id: 0x00,
  nameLength: 0x04,
  logicLength: 0x08,
  imageSetLength: 0x0c,
  animationLength: 0x10,
  x: 0x14,
  addFlags: 0x24,
  score: 0x34,
  moveRect: 0x4c,
  userValues: 0xac,
  minX: 0xcc,
  objectType: 0x10c,
  hitTypeFlags: 0x110,
  moveResX: 0x114,
  moveResY: 0x118,
  strings: 0x11c,
} as const;

/** Field offsets of the tile-property table header and of a record. */
export const WWD_TILE_PROPERTIES_FIELD = {
  headerSize: 0x00,
  unknown04: 0x04,
  count: 0x08,
} as const;
export const WWD_TILE_PROPERTY_FIELD = {
  type: 0x00,
  unknown04: 0x04,
  width: 0x08,
  height: 0x0c,
  body: 0x10,
} as const;

/** A FormatError of this format. */
export function wwdError(
  code: ErrorCode,
  offset: number,
  detail: string,
  path: string,
): FormatError {
  return new FormatError({ code, offset, detail, format: WWD_FORMAT, path });
}
