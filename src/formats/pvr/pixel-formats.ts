/**
 * PVR v3 pixel formats: the 64-bit code's compressed formats (high 32 bits zero, low the
 * enum of the PowerVR specification's table) and its uncompressed layouts (low 4 bytes the
 * channel names, high 4 bytes their bits), as pixel encodings.
 */
import {
  ASTC_FOOTPRINTS,
  type BlockCodec,
  type BlockEncoding,
  type PackedEncoding,
  type PixelEncoding,
} from '../../binary/pixels/types.ts';

const block = (
  codec: BlockCodec,
  blockWidth: number,
  blockHeight: number,
  bytesPerBlock: number,
  isSigned = false,
): BlockEncoding => ({
  kind: 'block',
  codec,
  blockWidth,
  blockHeight,
  bytesPerBlock,
  ...(isSigned ? { isSigned } : {}),
});

/** The ASTC 2D block sizes, in the order of PVR codes 27–40 (and of GL's 0x93B0–0x93BD). */
export const ASTC_BLOCKS = ASTC_FOOTPRINTS;

export const astcBlock = (width: number, height: number) => block('astc', width, height, 16);

/** A compressed format code's name and encoding (null: known but not decoded). */
export function compressedFormat(
  code: number,
): { name: string; encoding: PixelEncoding | null } | null {
  const named = (name: string, encoding: PixelEncoding | null) => ({ name, encoding });
  switch (code) {
    case 0:
      return named('PVRTC 2bpp RGB', block('pvrtc-2bpp', 8, 4, 8));
    case 1:
      return named('PVRTC 2bpp RGBA', block('pvrtc-2bpp', 8, 4, 8));
    case 2:
      return named('PVRTC 4bpp RGB', block('pvrtc-4bpp', 4, 4, 8));
    case 3:
      return named('PVRTC 4bpp RGBA', block('pvrtc-4bpp', 4, 4, 8));
    case 4:
      return named('PVRTC-II 2bpp', null);
    case 5:
      return named('PVRTC-II 4bpp', null);
    case 6:
      return named('ETC1', block('etc1', 4, 4, 8));
    case 7:
      return named('BC1 (DXT1)', block('bc1', 4, 4, 8));
    case 8:
      return named('DXT2 (premultiplied BC2)', block('bc2', 4, 4, 16));
    case 9:
      return named('BC2 (DXT3)', block('bc2', 4, 4, 16));
    case 10:
      return named('DXT4 (premultiplied BC3)', block('bc3', 4, 4, 16));
    case 11:
      return named('BC3 (DXT5)', block('bc3', 4, 4, 16));
    case 12:
      return named('BC4', block('bc4', 4, 4, 8));
    case 13:
      return named('BC5', block('bc5', 4, 4, 16));
    case 14:
      return named('BC6H', block('bc6h', 4, 4, 16));
    case 15:
      return named('BC7', block('bc7', 4, 4, 16));
    case 22:
      return named('ETC2 RGB', block('etc2-rgb', 4, 4, 8));
    case 23:
      return named('ETC2 RGBA', block('etc2-rgba', 4, 4, 16));
    case 24:
      return named('ETC2 RGB A1', block('etc2-rgb-a1', 4, 4, 8));
    case 25:
      return named('EAC R11', block('eac-r11', 4, 4, 8));
    case 26:
      return named('EAC RG11', block('eac-rg11', 4, 4, 16));
    default: {
      const astc = ASTC_BLOCKS[code - 27];
      if (astc) return named(`ASTC ${astc[0]}×${astc[1]}`, astcBlock(astc[0], astc[1]));
      const others: Record<number, string> = {
        16: 'UYVY',
        17: 'YUY2',
        18: 'BW 1bpp',
        19: 'R9G9B9E5',
        20: 'RGBG8888',
        21: 'GRGB8888',
      };
      return others[code] ? named(others[code], null) : null;
    }
  }
}

/** Channel types whose values are unsigned integers shown as they are (normalised or not). */
const UNSIGNED_CHANNEL_TYPES = new Set([0, 2, 4, 6, 8, 10]);

/**
 * An uncompressed layout from the code's channel names (low 4 bytes) and bits (high 4
 * bytes): channels of 8 bits lie one per byte in the named order; narrower ones are packed
 * into one little-endian word with the first named channel in the highest bits (as GL's
 * UNSIGNED_SHORT_5_6_5 and 4_4_4_4). Null when it is not one the decoder takes.
 */
export function uncompressedFormat(
  low: number,
  high: number,
  channelType: number,
): { name: string; encoding: PackedEncoding | null } {
  const names: string[] = [];
  const bits: number[] = [];
  for (let at = 0; at < 4; at++) {
    const char = (low >>> (at * 8)) & 0xff;
    if (char === 0) break;
    names.push(String.fromCharCode(char));
    bits.push((high >>> (at * 8)) & 0xff);
  }
  const name = names.map((char, at) => `${char}${bits[at]}`).join('');
  const total = bits.reduce((sum, each) => sum + each, 0);
  const isByteAligned = bits.every((each) => each === 8);
  if (
    !UNSIGNED_CHANNEL_TYPES.has(channelType) ||
    ![8, 16, 24, 32].includes(total) ||
    bits.some((each) => each === 0 || each > 8)
  ) {
    return { name, encoding: null };
  }
  const masks: Record<string, number> = {};
  let used = 0;
  names.forEach((char, at) => {
    const width = bits[at]!;
    const shift = isByteAligned ? at * 8 : total - used - width;
    used += width;
    masks[char] = (((1 << width) - 1) << shift) >>> 0;
  });
  const grey = masks.l ?? masks.i;
  if (
    names.some((char) => !'rgbali'.includes(char)) ||
    (grey !== undefined && (masks.r ?? masks.g ?? masks.b) !== undefined)
  ) {
    return { name, encoding: null };
  }
  return {
    name,
    encoding: {
      kind: 'packed',
      bitsPerPixel: total as PackedEncoding['bitsPerPixel'],
      redMask: grey ?? masks.r ?? 0,
      greenMask: masks.g ?? 0,
      blueMask: masks.b ?? 0,
      alphaMask: masks.a ?? 0,
      ...(grey !== undefined ? { isLuminance: true } : {}),
    },
  };
}
