/**
 * PCX files for tests, fuzzing and samples, made by the writer: an 8-bit paletted picture
 * (long runs, values of 0xC0 and more, an odd width padded to an even line) and a 24-bit
 * one of three planes.
 */
import { writePcx, type PcxInput } from './write.ts';

/** A palette whose index i is (i, 255 − i, i × 5 mod 256). */
export function pcxTestPalette(): Uint8Array {
  const rgb = new Uint8Array(768);
  for (let index = 0; index < 256; index++)
    rgb.set([index, 255 - index, (index * 5) % 256], index * 3);
  return rgb;
}

export function pcxSamples(): { name: string; input: PcxInput; bytes: Uint8Array }[] {
  const width = 9;
  const height = 5;
  const indexes = new Uint8Array(width * height);
  for (let at = 0; at < indexes.length; at++) indexes[at] = at < 12 ? 7 : at % 3 === 0 ? 0xc5 : at;
  const paletted: PcxInput = {
    width,
    height,
    planes: 1,
    pixels: indexes,
    palette: pcxTestPalette(),
  };
  const rgb = new Uint8Array(6 * 4 * 3);
  for (let pixel = 0; pixel < 24; pixel++)
    rgb.set([pixel * 10, 255 - pixel * 10, pixel < 12 ? 0 : 200], pixel * 3);
  const truecolour: PcxInput = { width: 6, height: 4, planes: 3, pixels: rgb };
  return [
    { name: 'paletted.pcx', input: paletted, bytes: writePcx(paletted) },
    { name: 'truecolour.pcx', input: truecolour, bytes: writePcx(truecolour) },
  ];
}
