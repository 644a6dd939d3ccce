/**
 * Uncompressed layouts: pixels packed in little-endian words with a bit mask per channel
 * (DDS's DDPF_RGB / LUMINANCE / ALPHA forms, PVR's and KTX's plain layouts), and palette
 * indexes (PID images).
 */
import type { IndexedEncoding, PackedEncoding } from './types.ts';

/** How to take one channel out of a word: shift right, then scale the masked value to 0–255. */
interface Channel {
  mask: number;
  shift: number;
  /** The largest masked value after the shift (0: the channel is absent). */
  max: number;
}

function channelOf(mask: number): Channel {
  const unsigned = mask >>> 0;
  if (unsigned === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((unsigned >>> shift) & 1) === 0) shift += 1;
  return { mask: unsigned, shift, max: unsigned >>> shift };
}

/** A masked channel scaled to 8 bits, rounded (a 5-bit 31 is 255, a 10-bit 1023 is 255). */
function scaleTable(channel: Channel): Uint8Array | null {
  // Wide channels (over 16 bits) are scaled arithmetically; the rest through a table.
  if (channel.max === 0 || channel.max > 0xffff) return null;
  const table = new Uint8Array(channel.max + 1);
  for (let value = 0; value <= channel.max; value += 1) {
    table[value] = Math.round((value * 255) / channel.max);
  }
  return table;
}

function channelReader(mask: number): (word: number) => number {
  const channel = channelOf(mask);
  if (channel.max === 0) return () => 0;
  const table = scaleTable(channel);
  const { shift, max } = channel;
  if (table) return (word) => table[((word & channel.mask) >>> 0) >>> shift] ?? 0;
  return (word) => Math.round(((((word & channel.mask) >>> 0) >>> shift) * 255) / max);
}

export function decodePacked(
  src: Uint8Array,
  width: number,
  height: number,
  out: Uint8Array,
  encoding: PackedEncoding,
): void {
  const bytesPerPixel = encoding.bitsPerPixel / 8;
  const red = channelReader(encoding.redMask);
  const green = channelReader(encoding.greenMask);
  const blue = channelReader(encoding.blueMask);
  const hasAlpha = encoding.alphaMask !== 0;
  const alpha = channelReader(encoding.alphaMask);
  const count = width * height;
  for (let pixel = 0, at = 0; pixel < count; pixel += 1, at += bytesPerPixel) {
    let word = src[at] ?? 0;
    if (bytesPerPixel > 1) word |= (src[at + 1] ?? 0) << 8;
    if (bytesPerPixel > 2) word |= (src[at + 2] ?? 0) << 16;
    if (bytesPerPixel > 3) word = (word | ((src[at + 3] ?? 0) << 24)) >>> 0;
    const target = pixel * 4;
    const r = red(word);
    out[target] = r;
    out[target + 1] = encoding.isLuminance ? r : green(word);
    out[target + 2] = encoding.isLuminance ? r : blue(word);
    out[target + 3] = hasAlpha ? alpha(word) : 255;
  }
}

export function decodeIndexed(src: Uint8Array, out: Uint8Array, encoding: IndexedEncoding): void {
  const { palette, transparentIndex } = encoding;
  for (let pixel = 0; pixel < src.length; pixel += 1) {
    const index = src[pixel] ?? 0;
    const target = pixel * 4;
    const from = index * 4;
    if (index === transparentIndex || from + 3 >= palette.length) {
      out[target] = out[target + 1] = out[target + 2] = out[target + 3] = 0;
      continue;
    }
    out[target] = palette[from] ?? 0;
    out[target + 1] = palette[from + 1] ?? 0;
    out[target + 2] = palette[from + 2] ?? 0;
    out[target + 3] = palette[from + 3] ?? 0;
  }
}
