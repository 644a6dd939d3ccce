/**
 * Any surface to 8-bit RGBA: the one entry point of pixel decoding. Containers check the
 * stored size against `encodedByteLength` before anything is allocated (a forged header
 * cannot make this allocate more than its dimensions imply); block codecs live in files of
 * their own and join through `BLOCK_KERNELS`. A codec not listed there is reported by name.
 */
import { ErrorCode, FormatError } from '../format-error.ts';
import { decodeAstc } from './astc.ts';
import { decodeBc6h } from './bc6h.ts';
import { decodeBc7 } from './bc7.ts';
import {
  decodeEacR11,
  decodeEacRg11,
  decodeEtc2Punchthrough,
  decodeEtc2Rgb,
  decodeEtc2Rgba,
} from './etc.ts';
import { BC_KERNELS } from './bc.ts';
import { decodeIndexed, decodePacked } from './packed.ts';
import { checkPvrtcSides, decodePvrtc } from './pvrtc.ts';
import type { BlockCodec, BlockKernel, DecodedImage, PixelEncoding } from './types.ts';

/** The side limit every container enforces (DDS and PVR readers name it in their errors). */
export const MAX_TEXTURE_SIDE = 16_384;

/** Block codecs that decode, by name. */
const BLOCK_KERNELS: Partial<Record<BlockCodec, BlockKernel>> = {
  bc6h: decodeBc6h,
  bc7: decodeBc7,
  astc: decodeAstc,
  etc1: decodeEtc2Rgb,
  'etc2-rgb': decodeEtc2Rgb,
  'etc2-rgba': decodeEtc2Rgba,
  'etc2-rgb-a1': decodeEtc2Punchthrough,
  'eac-r11': decodeEacR11,
  'eac-rg11': decodeEacRg11,
  'pvrtc-2bpp': decodePvrtc,
  'pvrtc-4bpp': decodePvrtc,
  ...BC_KERNELS,
};

/** A codec's human name, for facts and messages. */
export const BLOCK_CODEC_NAMES: Record<BlockCodec, string> = {
  bc1: 'BC1 (DXT1)',
  bc2: 'BC2 (DXT3)',
  bc3: 'BC3 (DXT5)',
  bc4: 'BC4',
  bc5: 'BC5',
  bc6h: 'BC6H',
  bc7: 'BC7',
  etc1: 'ETC1',
  'etc2-rgb': 'ETC2 RGB',
  'etc2-rgba': 'ETC2 RGBA',
  'etc2-rgb-a1': 'ETC2 RGB A1',
  'eac-r11': 'EAC R11',
  'eac-rg11': 'EAC RG11',
  'pvrtc-2bpp': 'PVRTC 2bpp',
  'pvrtc-4bpp': 'PVRTC 4bpp',
  astc: 'ASTC',
};

/** Why an encoding cannot be decoded (its codec is not implemented), or null when it can. */
export function unsupportedReason(encoding: PixelEncoding): string | null {
  if (encoding.kind !== 'block' || BLOCK_KERNELS[encoding.codec]) return null;
  return `${BLOCK_CODEC_NAMES[encoding.codec]} pixels are not decoded`;
}

/**
 * Bytes a `width` × `height` surface takes in this encoding. PVRTC pads to its minimum of
 * 2 × 2 blocks (the PowerVR SDK's size rule).
 */
export function encodedByteLength(encoding: PixelEncoding, width: number, height: number): number {
  switch (encoding.kind) {
    case 'packed':
      return width * height * (encoding.bitsPerPixel / 8);
    case 'indexed':
      return width * height;
    case 'block': {
      const isPvrtc = encoding.codec === 'pvrtc-2bpp' || encoding.codec === 'pvrtc-4bpp';
      const minBlocks = isPvrtc ? 2 : 1;
      const across = Math.max(minBlocks, Math.ceil(width / encoding.blockWidth));
      const down = Math.max(minBlocks, Math.ceil(height / encoding.blockHeight));
      return across * down * encoding.bytesPerBlock;
    }
  }
}

/**
 * Decodes one surface. `bytes` must hold at least `encodedByteLength` bytes (more are
 * ignored); `offset` is where they start in their file, for errors.
 */
export function decodePixels(
  encoding: PixelEncoding,
  bytes: Uint8Array,
  width: number,
  height: number,
  offset = 0,
): DecodedImage {
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width < 1 || height < 1) {
    throw new FormatError({
      code: ErrorCode.BAD_VALUE,
      offset,
      detail: `a surface of ${width} × ${height} pixels`,
    });
  }
  if (width > MAX_TEXTURE_SIDE || height > MAX_TEXTURE_SIDE) {
    throw new FormatError({
      code: ErrorCode.TOO_LARGE,
      offset,
      detail: `${width} × ${height} pixels (at most ${MAX_TEXTURE_SIDE} a side)`,
    });
  }
  const needed = encodedByteLength(encoding, width, height);
  if (bytes.length < needed) {
    throw new FormatError({
      code: ErrorCode.UNEXPECTED_EOF,
      offset: offset + bytes.length,
      detail: `${width} × ${height} pixels need ${needed} bytes, ${bytes.length} present`,
    });
  }
  const src = bytes.subarray(0, needed);
  const rgba = new Uint8Array(width * height * 4);
  if (encoding.kind === 'packed') decodePacked(src, width, height, rgba, encoding);
  else if (encoding.kind === 'indexed') decodeIndexed(src, rgba, encoding);
  else {
    const kernel = BLOCK_KERNELS[encoding.codec];
    if (!kernel) {
      throw new FormatError({
        code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
        offset,
        detail: `${BLOCK_CODEC_NAMES[encoding.codec]} pixels are not decoded`,
      });
    }
    if (encoding.codec === 'pvrtc-2bpp' || encoding.codec === 'pvrtc-4bpp')
      checkPvrtcSides(width, height, encoding.codec === 'pvrtc-2bpp', offset);
    kernel(src, width, height, rgba, encoding);
  }
  return { width, height, rgba };
}
