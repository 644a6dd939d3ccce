/**
 * PVR files for tests, fuzzing and samples, made by the writer: RGBA8888 with its mip
 * chain, packed RGB565, a cube map with its face-order metadata, and an ASTC 8×8 texture
 * under a pixel format code the specification does not list.
 */
import { encodedByteLength } from '../../binary/pixels/decode.ts';
import type { PixelEncoding } from '../../binary/pixels/types.ts';
import { astcBlock } from './pixel-formats.ts';
import { PVR_VERSION, type PvrHeader } from './read.ts';
import { writePvr, type PvrInput } from './write.ts';

/** The channel names and bits of an uncompressed code, as the two u32 halves. */
export function channelCode(names: string, bits: readonly number[]): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (let at = 0; at < names.length; at++) {
    low |= names.charCodeAt(at) << (at * 8);
    high |= bits[at]! << (at * 8);
  }
  return { low: low >>> 0, high: high >>> 0 };
}

export const pvrHeader = (overrides: Partial<PvrInput['header']>): PvrInput['header'] => ({
  flags: 0,
  pixelFormatLow: 0,
  pixelFormatHigh: 0,
  colourSpace: 0,
  channelType: 0,
  height: 8,
  width: 8,
  depth: 1,
  surfaces: 1,
  faces: 1,
  mipLevels: 1,
  ...overrides,
});

/** Bytes for every surface of a header in an encoding: byte i of the data is (i × 37) & 0xFF. */
export function surfaceData(
  header: Omit<PvrHeader, 'metadataSize'>,
  encoding: PixelEncoding,
): Uint8Array {
  let length = 0;
  for (let level = 0; level < header.mipLevels; level++) {
    const width = Math.max(1, header.width >>> level);
    const height = Math.max(1, header.height >>> level);
    length += encodedByteLength(encoding, width, height) * header.surfaces * header.faces;
  }
  return Uint8Array.from({ length }, (_, at) => (at * 37) & 0xff);
}

const rgba8888 = channelCode('rgba', [8, 8, 8, 8]);
const rgb565 = channelCode('rgb', [5, 6, 5]);
const packed = (
  bitsPerPixel: 16 | 32,
  red: number,
  green: number,
  blue: number,
  alpha: number,
): PixelEncoding => ({
  kind: 'packed',
  bitsPerPixel,
  redMask: red,
  greenMask: green,
  blueMask: blue,
  alphaMask: alpha,
});

export function pvrSamples(): { name: string; input: PvrInput; bytes: Uint8Array }[] {
  const mips = pvrHeader({
    pixelFormatLow: rgba8888.low,
    pixelFormatHigh: rgba8888.high,
    mipLevels: 4,
  });
  const mipsInput = {
    header: mips,
    data: surfaceData(mips, packed(32, 0xff, 0xff00, 0xff0000, 0xff000000)),
  };
  const rgb = pvrHeader({
    pixelFormatLow: rgb565.low,
    pixelFormatHigh: rgb565.high,
    width: 4,
    height: 2,
    channelType: 4,
  });
  const rgbInput = { header: rgb, data: surfaceData(rgb, packed(16, 0xf800, 0x07e0, 0x001f, 0)) };
  const cube = pvrHeader({
    pixelFormatLow: rgba8888.low,
    pixelFormatHigh: rgba8888.high,
    width: 2,
    height: 2,
    faces: 6,
  });
  const cubeInput = {
    header: cube,
    metadata: [{ fourCC: PVR_VERSION, key: 2, data: new TextEncoder().encode('XxYyZz') }],
    data: surfaceData(cube, packed(32, 0xff, 0xff00, 0xff0000, 0xff000000)),
  };
  const astc = pvrHeader({ pixelFormatLow: 100, width: 64, height: 64, mipLevels: 3 });
  const astcInput = { header: astc, data: surfaceData(astc, astcBlock(8, 8)) };
  return [
    { name: 'mips.pvr', input: mipsInput, bytes: writePvr(mipsInput) },
    { name: 'rgb565.pvr', input: rgbInput, bytes: writePvr(rgbInput) },
    { name: 'cube.pvr', input: cubeInput, bytes: writePvr(cubeInput) },
    { name: 'astc-own-code.pvr', input: astcInput, bytes: writePvr(astcInput) },
  ];
}
