/**
 * OpenGL formats of KTX 1 files as pixel encodings: the compressed internal formats (S3TC,
 * RGTC, BPTC, ETC1, ETC2/EAC, PVRTC, ASTC 2D) and the common uncompressed type/format pairs
 * (unsigned bytes in RGBA, RGB, BGRA, luminance, alpha; packed 5_6_5, 4_4_4_4, 5_5_5_1).
 * Enum values from the OpenGL registry (glext.h) and its extensions.
 */
import type { BlockCodec, PackedEncoding, PixelEncoding } from '../../binary/pixels/types.ts';
import { ASTC_BLOCKS } from '../pvr/pixel-formats.ts';
import type { KtxHeader } from './read.ts';

export interface GlFormat {
  name: string;
  encoding: PixelEncoding | null;
  /** Bytes of one stored row, for uncompressed data (rows are padded to 4 bytes). */
  rowPitch?: (width: number) => number;
}

const block = (
  codec: BlockCodec,
  bytesPerBlock: number,
  extra: { isSigned?: boolean; width?: number; height?: number } = {},
): PixelEncoding => ({
  kind: 'block',
  codec,
  blockWidth: extra.width ?? (codec.startsWith('pvrtc-2') ? 8 : 4),
  blockHeight: extra.height ?? 4,
  bytesPerBlock,
  ...(extra.isSigned ? { isSigned: true } : {}),
});

const COMPRESSED: Record<number, [string, PixelEncoding]> = {
  0x83f0: ['BC1 (DXT1) RGB', block('bc1', 8)],
  0x83f1: ['BC1 (DXT1) RGBA', block('bc1', 8)],
  0x83f2: ['BC2 (DXT3)', block('bc2', 16)],
  0x83f3: ['BC3 (DXT5)', block('bc3', 16)],
  0x8dbb: ['BC4 (RGTC1)', block('bc4', 8)],
  0x8dbc: ['BC4 signed (RGTC1)', block('bc4', 8, { isSigned: true })],
  0x8dbd: ['BC5 (RGTC2)', block('bc5', 16)],
  0x8dbe: ['BC5 signed (RGTC2)', block('bc5', 16, { isSigned: true })],
  0x8e8c: ['BC7 (BPTC)', block('bc7', 16)],
  0x8e8d: ['BC7 (BPTC) sRGB', block('bc7', 16)],
  0x8e8e: ['BC6H signed (BPTC)', block('bc6h', 16, { isSigned: true })],
  0x8e8f: ['BC6H (BPTC)', block('bc6h', 16)],
  0x8d64: ['ETC1', block('etc1', 8)],
  0x9274: ['ETC2 RGB', block('etc2-rgb', 8)],
  0x9275: ['ETC2 RGB sRGB', block('etc2-rgb', 8)],
  0x9276: ['ETC2 RGB A1', block('etc2-rgb-a1', 8)],
  0x9277: ['ETC2 RGB A1 sRGB', block('etc2-rgb-a1', 8)],
  0x9278: ['ETC2 RGBA', block('etc2-rgba', 16)],
  0x9279: ['ETC2 RGBA sRGB', block('etc2-rgba', 16)],
  0x9270: ['EAC R11', block('eac-r11', 8)],
  0x9271: ['EAC R11 signed', block('eac-r11', 8, { isSigned: true })],
  0x9272: ['EAC RG11', block('eac-rg11', 16)],
  0x9273: ['EAC RG11 signed', block('eac-rg11', 16, { isSigned: true })],
  0x8c00: ['PVRTC 4bpp RGB', block('pvrtc-4bpp', 8)],
  0x8c01: ['PVRTC 2bpp RGB', block('pvrtc-2bpp', 8)],
  0x8c02: ['PVRTC 4bpp RGBA', block('pvrtc-4bpp', 8)],
  0x8c03: ['PVRTC 2bpp RGBA', block('pvrtc-2bpp', 8)],
};
ASTC_BLOCKS.forEach(([width, height], at) => {
  COMPRESSED[0x93b0 + at] = [`ASTC ${width}×${height}`, block('astc', 16, { width, height })];
  COMPRESSED[0x93d0 + at] = [`ASTC ${width}×${height} sRGB`, block('astc', 16, { width, height })];
});

const GL_UNSIGNED_BYTE = 0x1401;
const packed = (
  bitsPerPixel: PackedEncoding['bitsPerPixel'],
  masks: [number, number, number, number],
  isLuminance = false,
): PackedEncoding => ({
  kind: 'packed',
  bitsPerPixel,
  redMask: masks[0],
  greenMask: masks[1],
  blueMask: masks[2],
  alphaMask: masks[3],
  ...(isLuminance ? { isLuminance } : {}),
});

/** Unsigned-byte layouts by glFormat: name and encoding (bytes in memory order). */
const BYTE_LAYOUTS: Record<number, [string, PackedEncoding]> = {
  0x1908: ['RGBA8', packed(32, [0xff, 0xff00, 0xff0000, 0xff000000])],
  0x1907: ['RGB8', packed(24, [0xff, 0xff00, 0xff0000, 0])],
  0x80e1: ['BGRA8', packed(32, [0xff0000, 0xff00, 0xff, 0xff000000])],
  0x1909: ['L8', packed(8, [0xff, 0, 0, 0], true)],
  0x190a: ['L8A8', packed(16, [0xff, 0, 0, 0xff00], true)],
  0x1906: ['A8', packed(8, [0, 0, 0, 0xff])],
  0x1903: ['R8', packed(8, [0xff, 0, 0, 0])],
  0x8227: ['RG8', packed(16, [0xff, 0xff00, 0, 0])],
};

/** Packed 16-bit types: the first named channel in the highest bits. */
const PACKED_TYPES: Record<number, [string, PackedEncoding]> = {
  0x8363: ['RGB565', packed(16, [0xf800, 0x07e0, 0x001f, 0])],
  0x8033: ['RGBA4444', packed(16, [0xf000, 0x0f00, 0x00f0, 0x000f])],
  0x8034: ['RGBA5551', packed(16, [0xf800, 0x07c0, 0x003e, 0x0001])],
};

const pitch = (bytesPerPixel: number) => (width: number) => (width * bytesPerPixel + 3) & ~3;

export function glFormat(header: KtxHeader): GlFormat {
  if (header.glType === 0) {
    const known = COMPRESSED[header.glInternalFormat];
    if (known) return { name: known[0], encoding: known[1] };
    return { name: `compressed format 0x${header.glInternalFormat.toString(16)}`, encoding: null };
  }
  const layout =
    header.glType === GL_UNSIGNED_BYTE
      ? BYTE_LAYOUTS[header.glFormat]
      : PACKED_TYPES[header.glType];
  if (layout)
    return { name: layout[0], encoding: layout[1], rowPitch: pitch(layout[1].bitsPerPixel / 8) };
  return {
    name: `glType 0x${header.glType.toString(16)}, glFormat 0x${header.glFormat.toString(16)}`,
    encoding: null,
  };
}
