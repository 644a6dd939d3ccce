/**
 * What a DDS's pixel format means: the legacy FourCCs and bit masks of `DDS_PIXELFORMAT`,
 * and the DXGI formats of the DX10 extension, as pixel encodings (binary/pixels/types.ts).
 * A format Delve knows but does not decode (floats, video formats) has a name and no
 * encoding; one it does not know at all is a FormatError naming its code.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import type { BlockCodec, PackedEncoding, PixelEncoding } from '../../binary/pixels/types.ts';
import {
  DDPF_ALPHA,
  DDPF_ALPHAPIXELS,
  DDPF_FOURCC,
  DDPF_LUMINANCE,
  DDPF_RGB,
  DDS_FORMAT,
  DDS_PIXELFORMAT_OFFSET,
  type DdsPixelFormat,
} from './types.ts';

/** A stored pixel format: how to decode it (null: Delve does not), and its name for people. */
export interface DdsPixels {
  encoding: PixelEncoding | null;
  name: string;
  /** The colour space, where the format says: `sRGB`. */
  isSrgb: boolean;
}

const block = (codec: BlockCodec, isSigned = false): PixelEncoding => ({
  kind: 'block',
  codec,
  blockWidth: 4,
  blockHeight: 4,
  bytesPerBlock: codec === 'bc1' || codec === 'bc4' ? 8 : 16,
  ...(isSigned ? { isSigned } : {}),
});

const packed = (
  bitsPerPixel: PackedEncoding['bitsPerPixel'],
  redMask: number,
  greenMask: number,
  blueMask: number,
  alphaMask: number,
  isLuminance = false,
): PackedEncoding => ({
  kind: 'packed',
  bitsPerPixel,
  redMask,
  greenMask,
  blueMask,
  alphaMask,
  ...(isLuminance ? { isLuminance } : {}),
});

/** A FourCC as its four characters, little-endian (`DXT1` is 0x31545844). */
export function fourCCText(fourCC: number): string {
  let text = '';
  for (let shift = 0; shift < 32; shift += 8)
    text += String.fromCharCode((fourCC >>> shift) & 0xff);
  return text;
}

export function fourCCOf(text: string): number {
  let value = 0;
  for (let at = 0; at < 4; at += 1) value |= (text.charCodeAt(at) & 0xff) << (8 * at);
  return value >>> 0;
}

/** The legacy FourCCs of compressed formats (DX10 has its own: the extension follows). */
const FOURCCS: Record<string, DdsPixels> = {
  DXT1: { encoding: block('bc1'), name: 'BC1 (DXT1)', isSrgb: false },
  DXT2: { encoding: block('bc2'), name: 'BC2 (DXT2, premultiplied alpha)', isSrgb: false },
  DXT3: { encoding: block('bc2'), name: 'BC2 (DXT3)', isSrgb: false },
  DXT4: { encoding: block('bc3'), name: 'BC3 (DXT4, premultiplied alpha)', isSrgb: false },
  DXT5: { encoding: block('bc3'), name: 'BC3 (DXT5)', isSrgb: false },
  ATI1: { encoding: block('bc4'), name: 'BC4 (ATI1)', isSrgb: false },
  BC4U: { encoding: block('bc4'), name: 'BC4 unorm', isSrgb: false },
  BC4S: { encoding: block('bc4', true), name: 'BC4 snorm', isSrgb: false },
  ATI2: { encoding: block('bc5'), name: 'BC5 (ATI2)', isSrgb: false },
  BC5U: { encoding: block('bc5'), name: 'BC5 unorm', isSrgb: false },
  BC5S: { encoding: block('bc5', true), name: 'BC5 snorm', isSrgb: false },
};

/** DXGI formats by number: a name, the encoding (null: known, not decoded), sRGB. */
const DXGI: Record<number, [string, PixelEncoding | null, boolean?]> = {
  2: ['R32G32B32A32_FLOAT', null],
  10: ['R16G16B16A16_FLOAT', null],
  11: ['R16G16B16A16_UNORM', null],
  24: ['R10G10B10A2_UNORM', packed(32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000)],
  26: ['R11G11B10_FLOAT', null],
  27: ['R8G8B8A8_TYPELESS', packed(32, 0xff, 0xff00, 0xff0000, 0xff000000)],
  28: ['R8G8B8A8_UNORM', packed(32, 0xff, 0xff00, 0xff0000, 0xff000000)],
  29: ['R8G8B8A8_UNORM_SRGB', packed(32, 0xff, 0xff00, 0xff0000, 0xff000000), true],
  41: ['R32_FLOAT', null],
  49: ['R8G8_UNORM', packed(16, 0xff, 0xff00, 0, 0)],
  54: ['R16_FLOAT', null],
  56: ['R16_UNORM', null],
  61: ['R8_UNORM', packed(8, 0xff, 0, 0, 0, true)],
  65: ['A8_UNORM', packed(8, 0, 0, 0, 0xff)],
  70: ['BC1_TYPELESS', block('bc1')],
  71: ['BC1_UNORM', block('bc1')],
  72: ['BC1_UNORM_SRGB', block('bc1'), true],
  73: ['BC2_TYPELESS', block('bc2')],
  74: ['BC2_UNORM', block('bc2')],
  75: ['BC2_UNORM_SRGB', block('bc2'), true],
  76: ['BC3_TYPELESS', block('bc3')],
  77: ['BC3_UNORM', block('bc3')],
  78: ['BC3_UNORM_SRGB', block('bc3'), true],
  79: ['BC4_TYPELESS', block('bc4')],
  80: ['BC4_UNORM', block('bc4')],
  81: ['BC4_SNORM', block('bc4', true)],
  82: ['BC5_TYPELESS', block('bc5')],
  83: ['BC5_UNORM', block('bc5')],
  84: ['BC5_SNORM', block('bc5', true)],
  85: ['B5G6R5_UNORM', packed(16, 0xf800, 0x7e0, 0x1f, 0)],
  86: ['B5G5R5A1_UNORM', packed(16, 0x7c00, 0x3e0, 0x1f, 0x8000)],
  87: ['B8G8R8A8_UNORM', packed(32, 0xff0000, 0xff00, 0xff, 0xff000000)],
  88: ['B8G8R8X8_UNORM', packed(32, 0xff0000, 0xff00, 0xff, 0)],
  90: ['B8G8R8A8_TYPELESS', packed(32, 0xff0000, 0xff00, 0xff, 0xff000000)],
  91: ['B8G8R8A8_UNORM_SRGB', packed(32, 0xff0000, 0xff00, 0xff, 0xff000000), true],
  92: ['B8G8R8X8_TYPELESS', packed(32, 0xff0000, 0xff00, 0xff, 0)],
  93: ['B8G8R8X8_UNORM_SRGB', packed(32, 0xff0000, 0xff00, 0xff, 0), true],
  94: ['BC6H_TYPELESS', block('bc6h')],
  95: ['BC6H_UF16', block('bc6h')],
  96: ['BC6H_SF16', block('bc6h', true)],
  97: ['BC7_TYPELESS', block('bc7')],
  98: ['BC7_UNORM', block('bc7')],
  99: ['BC7_UNORM_SRGB', block('bc7'), true],
  115: ['B4G4R4A4_UNORM', packed(16, 0xf00, 0xf0, 0xf, 0xf000)],
};

/** DXGI formats by name, for the writer and tests. */
export const DXGI_FORMATS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(DXGI).map(([code, [name]]) => [name, Number(code)]),
);

/** A DXGI format's pixels; FormatError UNSUPPORTED_PIXEL_FORMAT naming an unknown one. */
export function dxgiPixels(dxgiFormat: number, offset: number): DdsPixels {
  const known = DXGI[dxgiFormat];
  if (!known) {
    throw new FormatError({
      code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
      offset,
      detail: `DXGI format ${dxgiFormat} is not one Delve knows`,
      format: DDS_FORMAT,
    });
  }
  const [name, encoding, isSrgb = false] = known;
  return { encoding, name: `DXGI ${name}`, isSrgb };
}

/** Legacy masks with a name (D3DFMT's), as bit count and R, G, B, A masks. */
const NAMED_MASKS: [string, number, number, number, number, number][] = [
  ['R5G6B5', 16, 0xf800, 0x7e0, 0x1f, 0],
  ['A1R5G5B5', 16, 0x7c00, 0x3e0, 0x1f, 0x8000],
  ['X1R5G5B5', 16, 0x7c00, 0x3e0, 0x1f, 0],
  ['A4R4G4B4', 16, 0xf00, 0xf0, 0xf, 0xf000],
  ['R8G8B8', 24, 0xff0000, 0xff00, 0xff, 0],
  ['B8G8R8A8 (A8R8G8B8)', 32, 0xff0000, 0xff00, 0xff, 0xff000000],
  ['B8G8R8X8 (X8R8G8B8)', 32, 0xff0000, 0xff00, 0xff, 0],
  ['R8G8B8A8 (A8B8G8R8)', 32, 0xff, 0xff00, 0xff0000, 0xff000000],
  ['R8G8B8X8 (X8B8G8R8)', 32, 0xff, 0xff00, 0xff0000, 0],
  ['R10G10B10A2 (A2B10G10R10)', 32, 0x3ff, 0xffc00, 0x3ff00000, 0xc0000000],
  ['B10G10R10A2 (A2R10G10B10)', 32, 0x3ff00000, 0xffc00, 0x3ff, 0xc0000000],
];

const hexMask = (mask: number) => hex32(mask >>> 0);

/** The pixel format of the legacy header (no DX10 extension). */
export function legacyPixels(format: DdsPixelFormat): DdsPixels {
  const { flags, rgbBitCount: bits } = format;
  if (flags & DDPF_FOURCC) {
    const text = fourCCText(format.fourCC);
    const known = Object.hasOwn(FOURCCS, text) ? FOURCCS[text] : undefined;
    if (known) return known;
    const shown = /^[\x20-\x7e]{4}$/.test(text) ? `"${text}"` : `${format.fourCC}`;
    throw new FormatError({
      code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
      offset: DDS_PIXELFORMAT_OFFSET + 8,
      detail: `FourCC ${shown} (${hex32(format.fourCC)}) is not one Delve knows`,
      format: DDS_FORMAT,
    });
  }
  const isMasked = (flags & (DDPF_RGB | DDPF_LUMINANCE | DDPF_ALPHA)) !== 0;
  if (!isMasked || (bits !== 8 && bits !== 16 && bits !== 24 && bits !== 32)) {
    throw new FormatError({
      code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
      offset: DDS_PIXELFORMAT_OFFSET + 4,
      detail: `pixel format flags ${hex32(flags)} with ${bits} bits a pixel are not one Delve knows`,
      format: DDS_FORMAT,
    });
  }
  const hasAlpha = (flags & (DDPF_ALPHAPIXELS | DDPF_ALPHA)) !== 0;
  const alphaMask = hasAlpha ? format.alphaMask : 0;
  if (flags & DDPF_LUMINANCE) {
    const name = alphaMask ? `luminance and alpha ${bits}-bit` : `luminance ${bits}-bit`;
    return {
      encoding: packed(bits, format.redMask, 0, 0, alphaMask, true),
      name,
      isSrgb: false,
    };
  }
  if (!(flags & DDPF_RGB)) {
    return {
      encoding: packed(bits, 0, 0, 0, format.alphaMask),
      name: `alpha ${bits}-bit`,
      isSrgb: false,
    };
  }
  const masks = [
    format.redMask >>> 0,
    format.greenMask >>> 0,
    format.blueMask >>> 0,
    alphaMask >>> 0,
  ];
  const named = NAMED_MASKS.find(
    ([, count, ...rest]) => count === bits && rest.every((mask, at) => mask >>> 0 === masks[at]),
  );
  return {
    encoding: packed(bits, masks[0]!, masks[1]!, masks[2]!, masks[3]!),
    name: named?.[0] ?? `RGB ${bits}-bit, masks ${masks.map(hexMask).join(' ')}`,
    isSrgb: false,
  };
}
