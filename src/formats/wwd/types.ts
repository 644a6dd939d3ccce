/**
 * WWD (WAP32 "World" level of Claw, Gruntz, Get Medieval) model. Little-endian on disk.
 * Every offset and span is absolute in the **logical buffer** L = header ‖ inflate(main
 * block) (for uncompressed files, L is the file). See spec.md beside this file.
 *
 * Fields named `unknownXX` are stored values with no known meaning (0 in nearly all data),
 * named after their offset in their record; they are kept so a re-save is byte-exact.
 */
import type { Span } from '../model.ts';

/** Encoding of every string in the level: windows-1252 (default) or windows-1250 (Polish levels). */
export type WwdEncoding = 'cp1252' | 'cp1250';

/** Pixel rectangle, i32 ×4 in file order. Tile-property rects are inclusive of right/bottom. */
export interface WwdRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The 1524-byte header (spec §2). */
export interface WwdHeader {
  span: Span;
  /** u32 at 0x000, must be 0x5F4 (a size, used as the signature). */
  headerSize: number;
  unknown004: number;
  /** u32 at 0x008: bit 0 use z-coords, bit 1 compressed main block. */
  flags: number;
  unknown00C: number;
  /** char[64] at 0x010, e.g. `Claw - Level 1`. */
  name: string;
  /** char[64] at 0x050. */
  author: string;
  /** char[64] at 0x090: free-text date. */
  birth: string;
  /** char[256] at 0x0D0, e.g. `..\CLAW.REZ`. */
  rezFile: string;
  /** char[128] at 0x1D0, e.g. `\LEVEL1\TILES`. */
  imageDir: string;
  /** char[128] at 0x250, e.g. `\LEVEL1\PALETTES\MAIN.PAL`; empty in Gruntz. */
  palRez: string;
  /** i32 at 0x2D0/0x2D4: player spawn, world pixels. */
  startX: number;
  startY: number;
  unknown2D8: number;
  /** u32 at 0x2DC. */
  planeCount: number;
  /** u32 at 0x2E0: offset of the plane headers in L (0x5F4 in practice). */
  planesOffset: number;
  /** u32 at 0x2E4: offset of the tile-property table in L. */
  tileDescriptionsOffset: number;
  /** u32 at 0x2E8: inflated main-block size when compressed, 0 when not. */
  mainBlockLength: number;
  /** u32 at 0x2EC: see WwdChecksum. */
  checksum: number;
  unknown2F0: number;
  /** char[128] at 0x2F4. */
  launchApp: string;
  /** char[128] ×4 at 0x374 (unreliable, never read by Gruntz). */
  imageSets: string[];
  /** char[32] ×4 at 0x574 (same caveat). */
  prefixes: string[];
}

/**
 * The header checksum recomputed the way real files follow (spec §8): over the main block
 * as stored, skipping its first byte, plus T, the inflated byte at the stored length.
 */
export interface WwdChecksum {
  /** u32 at 0x2EC. */
  stored: number;
  computed: number;
  match: boolean;
  /** T: L[1524 + N] when compressed and inside L, else 0. */
  inflatedByte: number;
  /** `computed − T`: what tools that drop T compute, so a difference of exactly T shows. */
  computedWithoutInflatedByte: number;
}

/** A plane header (160 bytes, spec §4) and the sections it points at. */
export interface WwdPlane {
  /** Position among the plane headers; planes are keyed by index (names repeat). */
  index: number;
  /** The 160-byte header. */
  span: Span;
  /** u32 at +0x00, must be 0xA0. */
  size: number;
  unknown04: number;
  /** u32 at +0x08: 0x01 main, 0x02 no draw, 0x04 wrap X, 0x08 wrap Y, 0x10 auto tile size. */
  flags: number;
  unknown0C: number;
  /** char[64] at +0x10. */
  name: string;
  /** i32 at +0x50/+0x54: redundant, tiles × tile pixels. */
  pixelWidth: number;
  pixelHeight: number;
  /** i32 at +0x58/+0x5C: tile size in pixels (Claw 64, Gruntz 32). */
  tileWidth: number;
  tileHeight: number;
  /** i32 at +0x60/+0x64: grid size in tiles. */
  tilesWide: number;
  tilesHigh: number;
  /** i32 at +0x68/+0x6C: scroll offset, 0 in all data. */
  scrollX: number;
  scrollY: number;
  /** i32 at +0x70/+0x74: parallax, percent of the camera movement. */
  moveXPercent: number;
  moveYPercent: number;
  /** i32 at +0x78: a palette index, not RGB. */
  fillColor: number;
  /** u32 at +0x7C. */
  imageSetCount: number;
  /** u32 at +0x80. */
  objectCount: number;
  /** u32 at +0x84/+0x88/+0x8C: offsets in L (objects 0 when there are none). */
  tilesOffset: number;
  imageSetsOffset: number;
  objectsOffset: number;
  /** i32 at +0x90: draw order. */
  zCoord: number;
  /** u32 ×3 at +0x94..+0x9F, 0 in all data. */
  unknown94: number;
  unknown98: number;
  unknown9C: number;
  /**
   * Row-major, top-left first: 0xFFFFFFFF empty, 0xEEEEEEEE filled with fillColor,
   * else low 16 bits tile id (and tile-property index), high 16 bits image set.
   */
  tiles: Uint32Array;
  tilesSpan: Span;
  /** NUL-terminated names; editors use only the first. */
  imageSets: string[];
  imageSetsSpan: Span;
  objects: WwdObject[];
  objectsSpan: Span;
}

/** An object record (spec §6): 284 fixed bytes, then 4 exact-length strings. */
export interface WwdObject {
  /** Position in its plane's object list. */
  index: number;
  /** Whole record, strings included. */
  span: Span;
  /** i32 at 0x00. */
  id: number;
  /** u32 at 0x04..0x10: byte lengths of the four strings. */
  nameLength: number;
  logicLength: number;
  imageSetLength: number;
  animationLength: number;
  /** i32 at 0x14..0x20: position, z, and frame i (−1 = default frame). */
  x: number;
  y: number;
  z: number;
  i: number;
  /** u32 at 0x24: 1 difficult, 2 eye candy, 4 high detail, 8 multiplayer, 0x10 extra memory, 0x20 fast CPU. */
  addFlags: number;
  /** u32 at 0x28: 1 no hit, 2 always active, 4 safe, 8 auto hit damage. */
  dynamicFlags: number;
  /** u32 at 0x2C: 1 no draw, 2 mirror, 4 invert, 8 flash. */
  drawFlags: number;
  /** u32 at 0x30: user flags 1–12. */
  userFlags: number;
  /** i32 at 0x34..0x48. */
  score: number;
  points: number;
  powerup: number;
  damage: number;
  smarts: number;
  health: number;
  /** Rects at 0x4C, 0x5C, 0x6C, 0x7C, 0x8C, 0x9C. */
  moveRect: WwdRect;
  hitRect: WwdRect;
  attackRect: WwdRect;
  clipRect: WwdRect;
  userRect1: WwdRect;
  userRect2: WwdRect;
  /** i32 ×8 at 0xAC: user values 1–8. */
  userValues: number[];
  /** i32 at 0xCC..0x108. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  speedX: number;
  speedY: number;
  tweakX: number;
  tweakY: number;
  counter: number;
  speed: number;
  width: number;
  height: number;
  direction: number;
  faceDir: number;
  timeDelay: number;
  frameDelay: number;
  /** u32 at 0x10C: one value (1 generic, 2 player, 4 enemy, …, 0x300 user3, 0x400 user4). */
  objectType: number;
  /** u32 at 0x110: hit-type bit flags, 0xFFFFFFFF = all. */
  hitTypeFlags: number;
  /** u32 at 0x114/0x118. */
  moveResX: number;
  moveResY: number;
  /** The four strings at 0x11C, in this order. */
  name: string;
  logic: string;
  imageSet: string;
  /** "animation" (WapMap) or "sound" (OpenClaw): a free key, shown verbatim. */
  animation: string;
}

interface WwdTilePropertyBase {
  /** Record index = tile id. */
  index: number;
  span: Span;
  /** u32 at +0x04, 0 in all data. */
  unknown04: number;
  /** u32 at +0x08/+0x0C: tile size in pixels. */
  width: number;
  height: number;
}

/** Type 1 (20 bytes): one attribute for the whole tile (0 clear, 1 solid, 2 ground, 3 climb, 4 death). */
export interface WwdSingleTileProperty extends WwdTilePropertyBase {
  kind: 'single';
  attribute: number;
}

/** Type 2 (40 bytes): `inside` within the inclusive rect, `outside` elsewhere. */
export interface WwdDoubleTileProperty extends WwdTilePropertyBase {
  kind: 'double';
  outside: number;
  inside: number;
  rect: WwdRect;
}

/** Type 3 (16 + width·height bytes): one attribute byte per pixel, row-major. */
export interface WwdMaskTileProperty extends WwdTilePropertyBase {
  kind: 'mask';
  mask: Uint8Array;
}

export type WwdTileProperty = WwdSingleTileProperty | WwdDoubleTileProperty | WwdMaskTileProperty;

/** The tile-property table (spec §7): a 32-byte header, then `count` packed records. */
export interface WwdTileProperties {
  /** Header and every record read. */
  span: Span;
  /** u32 at +0x00, 0x20 in all data. */
  headerSize: number;
  unknown04: number;
  /** u32 at +0x08: records declared. */
  count: number;
  /** u32 ×5 at +0x0C..+0x1F. */
  unknown0C: number[];
  /** Records read; fewer than `count` when an unknown record type stopped the table. */
  records: WwdTileProperty[];
}

export interface WwdLevel {
  /** Encoding the strings were decoded with (and are written back with). */
  encoding: WwdEncoding;
  header: WwdHeader;
  /** Header flags bit 1: the main block is a zlib stream. */
  isCompressed: boolean;
  /** Size of the file as given. */
  fileSize: number;
  /** N: bytes of the main block as stored (the zlib stream when compressed). */
  storedMainBlockLength: number;
  /**
   * L: header ‖ inflated main block; every span points into it. The header alone when the
   * main block could not be read; empty when the header could not.
   */
  logical: Uint8Array;
  planes: WwdPlane[];
  /** Null when a fatal error came first. */
  tileProperties: WwdTileProperties | null;
  /** Null when the main block could not be read. */
  checksum: WwdChecksum | null;
  /** Bytes after the end of the zlib stream (file offset, not in L); null when none. */
  trailingData: { fileOffset: number; bytes: Uint8Array } | null;
}

export interface WwdParseOptions {
  /** Default 'cp1252'. */
  encoding?: WwdEncoding;
}

export interface WwdWriteOptions {
  /** Compress the main block (zlib); default: as the level's header flags say. */
  compress?: boolean;
  /** zlib level 0–9, default 6 (`78 9C`, as the retail files). */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

/*
 * Writer input: the model without what the writer derives (spans, indexes, offsets, counts,
 * string lengths, header size, checksum). A parsed WwdLevel is a valid input as it is.
 */

export type WwdHeaderInput = Omit<
  WwdHeader,
  | 'span'
  | 'headerSize'
  | 'planeCount'
  | 'planesOffset'
  | 'tileDescriptionsOffset'
  | 'mainBlockLength'
  | 'checksum'
>;

export type WwdObjectInput = Omit<
  WwdObject,
  'index' | 'span' | 'nameLength' | 'logicLength' | 'imageSetLength' | 'animationLength'
>;

export type WwdPlaneInput = Omit<
  WwdPlane,
  | 'index'
  | 'span'
  | 'size'
  | 'imageSetCount'
  | 'objectCount'
  | 'tilesOffset'
  | 'imageSetsOffset'
  | 'objectsOffset'
  | 'tilesSpan'
  | 'imageSetsSpan'
  | 'objectsSpan'
  | 'objects'
> & { objects: WwdObjectInput[] };

export type WwdTilePropertyInput =
  | Omit<WwdSingleTileProperty, 'index' | 'span'>
  | Omit<WwdDoubleTileProperty, 'index' | 'span'>
  | Omit<WwdMaskTileProperty, 'index' | 'span'>;

export interface WwdTilePropertiesInput {
  unknown04: number;
  /** Five u32 at +0x0C; missing ones are written as 0. */
  unknown0C: number[];
  records: WwdTilePropertyInput[];
}

export interface WwdLevelInput {
  encoding: WwdEncoding;
  header: WwdHeaderInput;
  planes: WwdPlaneInput[];
  /** Null: an empty table. */
  tileProperties: WwdTilePropertiesInput | null;
  /** Bytes to append after the zlib stream (compressed output only). */
  trailingData?: { bytes: Uint8Array } | null;
}

/**
 * One node of a level shown as a document tree (wwdDocumentNodes): a `/`-separated path
 * (segments never contain `/`), the bytes of L it covers, and label/value rows.
 */
export interface WwdDocumentNode {
  path: string;
  span: Span;
  fields: Array<[string, string]>;
  /** For an object's node: its plane index and its position in that plane's `objects`. */
  object?: { plane: number; index: number };
  /**
   * What a comparison with another version of the level matches the node by, when its path
   * holds its position in the file (an object's index): see NodeTable.diffPath.
   */
  diffPath?: string;
}

/** A level for the level view: everything but the raw bytes (read those through the logical content). */
export type WwdLevelView = Omit<WwdLevel, 'logical' | 'trailingData'>;

/*
 * Game art for the level view (the view's questions, `Session.view.request`): once the
 * game's REZ archive is a source of the level, `art-plan` says which planes' tiles and which
 * objects' image sets resolve in it (and why the rest do not); `art-images` decodes some of
 * them (PID palette indexes to RGBA, in the worker).
 */

/** The view's questions about art. */
export type WwdArtQuery =
  | { kind: 'art-plan' }
  /** Tiles of one plane by id, or objects' sprites by image set and frame. */
  | { kind: 'art-images'; plane: number; tiles: number[] }
  | { kind: 'art-images'; sprites: WwdSpriteKey[] };

/** An object's sprite: its image set and frame (`i`, −1 the default). */
export interface WwdSpriteKey {
  imageSet: string;
  frame: number;
}

/** How one plane's tiles resolve. */
export interface WwdPlaneArt {
  plane: number;
  /** The plane's first image set (the one editors use), as named. */
  tileSet: string;
  /** The REZ folder its tiles are in; null when none of the candidates is in the archive. */
  folder: string | null;
  /** Tile ids the plane uses whose image is in `folder`, ascending. */
  ids: number[];
  /** Tile ids the plane uses without an image, ascending. */
  missingIds: number[];
  /** Cells of those ids (empty and filled cells need no art). */
  missingCells: number;
  /** Why those cells have no art; null when every tile resolves. */
  reason: string | null;
}

/** How one object image set resolves. */
export interface WwdImageSetArt {
  imageSet: string;
  /** Its REZ folder; null: not in the archive (`reason` says where it was looked for). */
  folder: string | null;
  /** Objects that use it. */
  objects: number;
  reason: string | null;
}

/** Answer to `art-plan`; null when the level has no REZ source. */
export interface WwdArtPlan {
  /** The REZ source's name. */
  rezName: string;
  /** The level palette's REZ path, and its 768 RGB bytes; null when the archive lacks it. */
  palette: { path: string; rgb: Uint8Array } | null;
  /** Why there is no level palette (images without their own are then grey); null when there is. */
  paletteNote: string | null;
  planes: WwdPlaneArt[];
  imageSets: WwdImageSetArt[];
  /** Set when the archive itself could not be read: nothing resolves. */
  error: string | null;
}

/** One decoded image of `art-images`: RGBA pixels with the PID's offset, or why it failed. */
export type WwdArtImage =
  | {
      width: number;
      height: number;
      /** The PID's offset: where a sprite's centre is drawn relative to its object. */
      offsetX: number;
      offsetY: number;
      rgba: Uint8Array;
      error?: undefined;
    }
  | { error: string };

/**
 * Records of one shape sent to the view as columns (the level's objects: thousands of
 * records of ~90 numbers): numbers in one typed array, strings in one list, so the copy to
 * the page is a block copy, not a walk of every field. A number key is a field (`x`), a
 * field of a nested record (`moveRect.left`) or an array item (`userValues[3]`).
 */
/**
 * A plane's objects as the level view data sends them (view-wire.ts packs, the page makes
 * them again with `wwdObjectFromWords`).
 */
export interface WwdPackedObjects {
  count: number;
  /** `count × 71` i32 words: each object's fixed part as the file holds it. */
  words: Int32Array;
  /** `count × 3`: each object's index, span offset and span length. */
  places: Float64Array;
  /** `count × 4`: each object's name, logic, image set and animation. */
  strings: string[];
}

/** A plane as the view data sends it: its objects packed (the view unpacks them). */
export type WwdPackedPlane = Omit<WwdPlane, 'objects'> & {
  objects: [];
  packedObjects: WwdPackedObjects;
};

// The one function that makes an object of its words: the reader's, and the page's for the
// objects the view data sends packed.
export { WWD_OBJECT_WORDS, wwdObjectFromWords } from './object-words.ts';
