/**
 * DDS (DirectDraw Surface): a texture, with its mip levels, array layers and cube faces.
 * Sections, in file order (u32 little-endian throughout):
 *
 *   magic        `DDS `
 *   header       124 bytes: size (124), flags, height, width, pitchOrLinearSize, depth,
 *                mipMapCount, reserved1[11], the pixel format (32 bytes: size 32, flags,
 *                fourCC, rgbBitCount, R, G, B and A masks), caps, caps2, caps3, caps4, reserved2
 *   dx10         20 bytes when the FourCC is `DX10`: dxgiFormat, resourceDimension,
 *                miscFlag, arraySize, miscFlags2
 *   surfaces     for each array layer, for each cube face, each mip level from the largest
 *
 * Only the headers are read here; the surfaces are read when shown. The sizes the header
 * implies are checked against the bytes present before anything is allocated. A World of
 * Warships texture may keep its largest levels in tier files beside it (`.dd0`, `.dd1`, …):
 * see spec.md and tiers.ts.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { MAX_TEXTURE_SIDE, encodedByteLength } from '../../binary/pixels/decode.ts';
import type { ImageLevel } from '../image-types.ts';
import { dxgiPixels, fourCCOf, legacyPixels, type DdsPixels } from './pixel-formats.ts';
import {
  DDPF_FOURCC,
  DDSCAPS2_CUBEMAP,
  DDSCAPS2_CUBEMAP_FACES,
  DDSCAPS2_VOLUME,
  DDSD_DEPTH,
  DDS_DATA_OFFSET,
  DDS_DIMENSION_TEXTURE3D,
  DDS_DX10_SIZE,
  DDS_FORMAT,
  DDS_HEADER_SIZE,
  DDS_MAGIC,
  DDS_RESOURCE_MISC_TEXTURECUBE,
  type DdsDx10Header,
  type DdsHeader,
} from './types.ts';

/** Bytes to read for the headers: magic, header, DX10 extension. */
export const DDS_HEADERS_MAX = DDS_DATA_OFFSET + DDS_DX10_SIZE;
/** More surfaces than this (layers × faces × levels) is not a texture but a forged count. */
export const DDS_MAX_SURFACES = 65_536;

const DX10 = fourCCOf('DX10');

export interface DdsHeaders {
  header: DdsHeader;
  dx10: DdsDx10Header | null;
  /** Where the surfaces start: 128, or 148 with the DX10 extension. */
  dataOffset: number;
}

const fail = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: DDS_FORMAT });

/** Reads the magic, the header and the DX10 extension from the file's first bytes. */
export function readDdsHeaders(bytes: Uint8Array): DdsHeaders {
  const reader = new ByteReader(bytes, 0, DDS_FORMAT);
  const magic = reader.u32le('magic');
  if (magic !== DDS_MAGIC) throw fail(ErrorCode.BAD_MAGIC, 0, 'not a DDS file (no "DDS " magic)');
  const size = reader.u32le('header size');
  if (size !== DDS_HEADER_SIZE) {
    throw fail(ErrorCode.BAD_VALUE, 4, `header size ${size}, a DDS header is ${DDS_HEADER_SIZE}`);
  }
  const flags = reader.u32le('flags');
  const height = reader.u32le('height');
  const width = reader.u32le('width');
  const pitchOrLinearSize = reader.u32le('pitch or linear size');
  const depth = reader.u32le('depth');
  const mipMapCount = reader.u32le('mip map count');
  const reserved1: number[] = [];
  for (let at = 0; at < 11; at += 1) reserved1.push(reader.u32le('reserved'));
  const pixelFormat = {
    size: reader.u32le('pixel format size'),
    flags: reader.u32le('pixel format flags'),
    fourCC: reader.u32le('FourCC'),
    rgbBitCount: reader.u32le('bits a pixel'),
    redMask: reader.u32le('red mask'),
    greenMask: reader.u32le('green mask'),
    blueMask: reader.u32le('blue mask'),
    alphaMask: reader.u32le('alpha mask'),
  };
  const header: DdsHeader = {
    size,
    flags,
    height,
    width,
    pitchOrLinearSize,
    depth,
    mipMapCount,
    reserved1,
    pixelFormat,
    caps: reader.u32le('caps'),
    caps2: reader.u32le('caps2'),
    caps3: reader.u32le('caps3'),
    caps4: reader.u32le('caps4'),
    reserved2: reader.u32le('reserved2'),
  };
  if (!(pixelFormat.flags & DDPF_FOURCC) || pixelFormat.fourCC !== DX10) {
    return { header, dx10: null, dataOffset: DDS_DATA_OFFSET };
  }
  const dx10: DdsDx10Header = {
    dxgiFormat: reader.u32le('DXGI format'),
    resourceDimension: reader.u32le('resource dimension'),
    miscFlag: reader.u32le('misc flag'),
    arraySize: reader.u32le('array size'),
    miscFlags2: reader.u32le('misc flags 2'),
  };
  return { header, dx10, dataOffset: DDS_DATA_OFFSET + DDS_DX10_SIZE };
}

/** What the headers say the texture is: its pixel format, levels, layers and faces. */
export interface DdsLayout {
  pixels: DdsPixels;
  width: number;
  height: number;
  levels: ImageLevel[];
  layers: number;
  faces: number;
  /** Bytes of one layer's face: its whole mip chain. */
  chainBytes: number;
  /** Bytes of every surface: layers × faces × chain. */
  totalBytes: number;
  /** Why the pixels cannot be shown though the file reads (a volume texture), or null. */
  unsupported: string | null;
}

/** The most mip levels a `width` × `height` texture has: down to 1 × 1. */
export function maxMipLevels(width: number, height: number): number {
  return Math.floor(Math.log2(Math.max(width, height))) + 1;
}

/** Level `level`'s side from the top level's: halved, at least 1. */
export const levelSide = (side: number, level: number) =>
  Math.max(1, Math.floor(side / 2 ** level));

/** Checks the headers and works out the layout. Throws FormatError with the field's offset. */
export function ddsLayout({ header, dx10 }: DdsHeaders): DdsLayout {
  const { width, height } = header;
  if (width === 0 || height === 0) {
    throw fail(
      ErrorCode.BAD_VALUE,
      width === 0 ? 16 : 12,
      `a texture of ${width} × ${height} pixels`,
    );
  }
  if (width > MAX_TEXTURE_SIDE || height > MAX_TEXTURE_SIDE) {
    throw fail(
      ErrorCode.TOO_LARGE,
      width > MAX_TEXTURE_SIDE ? 16 : 12,
      `${width} × ${height} pixels (at most ${MAX_TEXTURE_SIDE} a side)`,
    );
  }
  // A count of 0 (or no DDSD_MIPMAPCOUNT flag, which many writers leave out) is one level.
  const levelCount = Math.max(1, header.mipMapCount);
  const mostLevels = maxMipLevels(width, height);
  if (levelCount > mostLevels) {
    throw fail(
      ErrorCode.BAD_COUNT,
      28,
      `${levelCount} mip levels, a ${width} × ${height} texture has at most ${mostLevels}`,
    );
  }
  const pixels = dx10
    ? dxgiPixels(dx10.dxgiFormat, DDS_DATA_OFFSET)
    : legacyPixels(header.pixelFormat);
  const isCube = dx10
    ? (dx10.miscFlag & DDS_RESOURCE_MISC_TEXTURECUBE) !== 0
    : (header.caps2 & DDSCAPS2_CUBEMAP) !== 0;
  // A legacy cube map may hold fewer than six faces; it says which.
  const faces = !isCube
    ? 1
    : dx10
      ? 6
      : DDSCAPS2_CUBEMAP_FACES.filter((bit) => header.caps2 & bit).length || 6;
  const layers = dx10 ? Math.max(1, dx10.arraySize) : 1;
  const isVolume =
    (dx10
      ? dx10.resourceDimension === DDS_DIMENSION_TEXTURE3D
      : (header.caps2 & DDSCAPS2_VOLUME) !== 0) ||
    ((header.flags & DDSD_DEPTH) !== 0 && header.depth > 1);
  if (isVolume) {
    throw fail(
      ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
      dx10 ? DDS_DATA_OFFSET + 4 : 24,
      `a volume texture (depth ${header.depth}) is not one Delve shows`,
    );
  }
  if (layers * faces * levelCount > DDS_MAX_SURFACES) {
    throw fail(
      ErrorCode.BAD_COUNT,
      DDS_DATA_OFFSET + 12,
      `${layers} layers × ${faces} faces × ${levelCount} levels: more than ${DDS_MAX_SURFACES} surfaces`,
    );
  }
  const levels: ImageLevel[] = [];
  for (let level = 0; level < levelCount; level += 1) {
    const levelWidth = levelSide(width, level);
    const levelHeight = levelSide(height, level);
    // A format Delve cannot decode still has a size when its encoding is known; floats are not.
    const byteLength = pixels.encoding
      ? encodedByteLength(pixels.encoding, levelWidth, levelHeight)
      : 0;
    levels.push({ width: levelWidth, height: levelHeight, byteLength });
  }
  const chainBytes = levels.reduce((sum, level) => sum + level.byteLength, 0);
  return {
    pixels,
    width,
    height,
    levels,
    layers,
    faces,
    chainBytes,
    totalBytes: chainBytes * layers * faces,
    unsupported: pixels.encoding ? null : `${pixels.name} pixels are not decoded`,
  };
}

/** One stored surface: which it is, where its bytes are, in which source (0: the `.dds`). */
export interface DdsSurface {
  level: number;
  layer: number;
  face: number;
  source: number;
  offset: number;
  length: number;
}

/**
 * Where each surface lies when every byte is in the file: layer by layer, face by face,
 * each mip chain from the largest level. Throws UNEXPECTED_EOF (at the file's end) when the
 * file is shorter than the header implies.
 */
export function surfacesInFile(
  layout: DdsLayout,
  dataOffset: number,
  fileSize: number,
): DdsSurface[] {
  if (dataOffset + layout.totalBytes > fileSize) {
    throw fail(
      ErrorCode.UNEXPECTED_EOF,
      fileSize,
      `${layout.layers * layout.faces} × ${layout.levels.length} surfaces need ${layout.totalBytes} bytes after the headers, ${Math.max(0, fileSize - dataOffset)} present`,
    );
  }
  const surfaces: DdsSurface[] = [];
  let offset = dataOffset;
  for (let layer = 0; layer < layout.layers; layer += 1) {
    for (let face = 0; face < layout.faces; face += 1) {
      layout.levels.forEach((level, index) => {
        surfaces.push({ level: index, layer, face, source: 0, offset, length: level.byteLength });
        offset += level.byteLength;
      });
    }
  }
  return surfaces;
}
