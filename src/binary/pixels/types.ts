/**
 * Pixel encodings: how one surface (a mip level of one layer and face) of a texture is
 * stored, whatever container holds it (DDS, PVR, KTX, a PID inside a REZ). Containers
 * describe their surfaces with these; `decode.ts` turns any of them into 8-bit RGBA.
 */

/** Block-compressed codecs. Each block is `blockWidth` × `blockHeight` pixels. */
export type BlockCodec =
  /** BC1 / DXT1: colour with its 1-bit alpha mode (c0 <= c1 gives a transparent index 3). */
  | 'bc1'
  /** BC2 / DXT3: explicit 4-bit alpha. */
  | 'bc2'
  /** BC3 / DXT5: interpolated alpha. */
  | 'bc3'
  /** BC4: one channel, shown as grey (`isSigned`: snorm, each value v shown as v + 128). */
  | 'bc4'
  /** BC5: two channels, shown as (R, G, 0) unorm or (R, G, 128) snorm (v + 128). */
  | 'bc5'
  /** BC6H: half-float HDR, tone-mapped to 8 bits (`isSigned`: the signed variant). */
  | 'bc6h'
  /** BC7: eight modes. */
  | 'bc7'
  | 'etc1'
  | 'etc2-rgb'
  | 'etc2-rgba'
  /** ETC2 RGB with punch-through (1-bit) alpha. */
  | 'etc2-rgb-a1'
  /** EAC R11 / RG11 (`isSigned` for the signed variants). */
  | 'eac-r11'
  | 'eac-rg11'
  /** PVRTC 1: 8 × 4 blocks at 2 bits a pixel, 4 × 4 at 4 (whole-image, Morton-ordered). */
  | 'pvrtc-2bpp'
  | 'pvrtc-4bpp'
  /** ASTC LDR, any block size from 4 × 4 to 12 × 12 (16 bytes a block). */
  | 'astc';

export interface BlockEncoding {
  kind: 'block';
  codec: BlockCodec;
  blockWidth: number;
  blockHeight: number;
  /** Bytes of one block (8 or 16). */
  bytesPerBlock: number;
  /** Signed (snorm) variant of BC4, BC5, BC6H and EAC. */
  isSigned?: boolean;
}

/**
 * Pixels packed in little-endian words of 8, 16, 24 or 32 bits, each channel a bit mask
 * (a zero mask: the channel is absent — alpha opaque, colour 0). `isLuminance`: the red mask
 * is a grey level copied to R, G and B.
 */
export interface PackedEncoding {
  kind: 'packed';
  bitsPerPixel: 8 | 16 | 24 | 32;
  redMask: number;
  greenMask: number;
  blueMask: number;
  alphaMask: number;
  isLuminance?: boolean;
}

/** One byte an index into a palette of RGBA colours (4 bytes each). */
export interface IndexedEncoding {
  kind: 'indexed';
  /** RGBA, 4 bytes per colour; an index past its end is shown transparent black. */
  palette: Uint8Array;
  /** An index shown fully transparent (a PID's key colour), or null. */
  transparentIndex: number | null;
}

export type PixelEncoding = BlockEncoding | PackedEncoding | IndexedEncoding;

/** A decoded surface: `width` × `height` pixels, RGBA, 8 bits a channel, rows top to bottom. */
export interface DecodedImage {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/**
 * Decodes a whole surface of block-compressed pixels. `src` holds exactly
 * `encodedByteLength` bytes (checked by the caller); `out` is `width * height * 4` bytes.
 */
export type BlockKernel = (
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  encoding: BlockEncoding,
) => void;

/** The ASTC 2D block footprints (width × height), in the order of PVR codes 27–40 and GL's 0x93B0–0x93BD. */
export const ASTC_FOOTPRINTS: readonly (readonly [number, number])[] = [
  [4, 4],
  [5, 4],
  [5, 5],
  [6, 5],
  [6, 6],
  [8, 5],
  [8, 6],
  [8, 8],
  [10, 5],
  [10, 6],
  [10, 8],
  [10, 10],
  [12, 10],
  [12, 12],
];
