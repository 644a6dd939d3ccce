/**
 * Small DDS files made with the writer, one per layout the reader takes: legacy FourCCs
 * with mip chains, DX10 arrays and cube maps, and the uncompressed masks. The fuzz and
 * conformance suites start from these.
 */
import { encodeBc, type EncodableCodec } from '../../binary/pixels/bc-encode.ts';
import { levelSide } from './read.ts';
import { writeDdsTexture, type DdsFormatSpec } from './write.ts';

/** A test picture: a colour ramp with an alpha gradient, `width` × `height` RGBA. */
export function rampPixels(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      rgba[at] = Math.round((x * 255) / Math.max(1, width - 1));
      rgba[at + 1] = Math.round((y * 255) / Math.max(1, height - 1));
      rgba[at + 2] = (x * 16 + y * 8) & 0xff;
      rgba[at + 3] = 255 - Math.round(((x + y) * 255) / Math.max(1, width + height - 2));
    }
  }
  return rgba;
}

/** Pixels as little-endian words under the given channel masks (8-bit channels). */
export function packPixels(
  rgba: Uint8Array,
  bytesPerPixel: number,
  shifts: readonly number[],
): Uint8Array {
  const count = rgba.length / 4;
  const out = new Uint8Array(count * bytesPerPixel);
  for (let pixel = 0; pixel < count; pixel += 1) {
    let word = 0;
    shifts.forEach((shift, channel) => {
      if (shift >= 0) word += rgba[pixel * 4 + channel]! * 2 ** shift;
    });
    for (let byte = 0; byte < bytesPerPixel; byte += 1)
      out[pixel * bytesPerPixel + byte] = Math.floor(word / 2 ** (8 * byte)) & 0xff;
  }
  return out;
}

/**
 * A one-level A8R8G8B8 DDS of the ramp (`rampPixels`): every pixel known exactly, the
 * later ones part transparent. Its pixels come with it.
 */
export function rampDds(width: number, height: number): { pixels: Uint8Array; bytes: Uint8Array } {
  const pixels = rampPixels(width, height);
  const bytes = writeDdsTexture({
    width,
    height,
    levels: 1,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: packPixels(pixels, 4, [16, 8, 0, 24]),
  });
  return { pixels, bytes };
}

/** The mip chain of a block-compressed texture (each level the ramp at its size). */
function chain(
  codec: EncodableCodec,
  width: number,
  height: number,
  levels: number,
  isSigned = false,
): Uint8Array[] {
  return Array.from({ length: levels }, (_, level) => {
    const levelWidth = levelSide(width, level);
    const levelHeight = levelSide(height, level);
    return encodeBc(codec, rampPixels(levelWidth, levelHeight), levelWidth, levelHeight, isSigned);
  });
}

const joined = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

function texture(
  format: DdsFormatSpec,
  width: number,
  height: number,
  levels: number,
  parts: Uint8Array[],
  extra: { layers?: number; isCube?: boolean } = {},
) {
  return writeDdsTexture({ width, height, levels, format, data: joined(parts), ...extra });
}

export function ddsSeeds(): Uint8Array[] {
  const bgra = packPixels(rampPixels(8, 4), 4, [16, 8, 0, 24]);
  const rgb565 = (() => {
    const rgba = rampPixels(4, 4);
    const out = new Uint8Array(4 * 4 * 2);
    for (let pixel = 0; pixel < 16; pixel += 1) {
      const word =
        ((rgba[pixel * 4]! >> 3) << 11) |
        ((rgba[pixel * 4 + 1]! >> 2) << 5) |
        (rgba[pixel * 4 + 2]! >> 3);
      out[pixel * 2] = word & 0xff;
      out[pixel * 2 + 1] = word >> 8;
    }
    return out;
  })();
  return [
    texture({ fourCC: 'DXT1' }, 16, 8, 5, chain('bc1', 16, 8, 5)),
    texture({ fourCC: 'DXT5' }, 8, 8, 4, chain('bc3', 8, 8, 4)),
    texture({ fourCC: 'DXT3' }, 5, 3, 1, chain('bc2', 5, 3, 1)),
    texture({ fourCC: 'ATI2' }, 8, 4, 1, chain('bc5', 8, 4, 1)),
    texture({ dxgiFormat: 81 }, 4, 4, 3, chain('bc4', 4, 4, 3, true)),
    texture({ dxgiFormat: 83 }, 4, 4, 1, [...chain('bc5', 4, 4, 1), ...chain('bc5', 4, 4, 1)], {
      layers: 2,
    }),
    texture(
      { dxgiFormat: 87 },
      8,
      4,
      1,
      Array.from({ length: 6 }, () => bgra),
      { isCube: true },
    ),
    texture({ bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] }, 8, 4, 1, [bgra]),
    texture({ bits: 16, masks: [0xf800, 0x7e0, 0x1f, 0] }, 4, 4, 1, [rgb565]),
    texture({ bits: 8, masks: [0xff, 0, 0, 0], kind: 'luminance' }, 4, 2, 1, [
      Uint8Array.from([0, 32, 64, 96, 128, 160, 192, 255]),
    ]),
  ];
}
