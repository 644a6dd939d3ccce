/**
 * PCX writer, the mirror of read.ts: the header, the scanlines run-length encoded (runs
 * never cross a scanline's end, as ZSoft's encoder writes them), and the palette at the end
 * of a paletted image.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { PCX_HEADER_SIZE, PCX_MAGIC, PCX_PALETTE_MARKER, PCX_PALETTE_SIZE } from './types.ts';

export interface PcxInput {
  width: number;
  height: number;
  /** 1: palette indexes; 3: RGB; 4: RGBA (8 bits a plane). */
  planes: 1 | 3 | 4;
  /** width × height × planes bytes, pixel by pixel, rows top to bottom. */
  pixels: Uint8Array;
  /** 768 RGB bytes, written after the scanlines of a paletted image. */
  palette?: Uint8Array;
}

/** A scanline's bytes: a run of 2–63 equal bytes, or a byte of 0xC0 or more, as `0xC0 | n, value`. */
function encodeLine(out: ByteWriter, line: Uint8Array): void {
  let at = 0;
  while (at < line.length) {
    const value = line[at]!;
    let count = 1;
    while (at + count < line.length && line[at + count] === value && count < 63) count++;
    if (count > 1 || value >= 0xc0) out.u8(0xc0 | count).u8(value);
    else out.u8(value);
    at += count;
  }
}

export function writePcx(input: PcxInput): Uint8Array {
  const { width, height, planes, pixels } = input;
  if (pixels.length !== width * height * planes) {
    throw new RangeError(`${pixels.length} bytes for ${width} × ${height} × ${planes}`);
  }
  // Lines are padded to an even length.
  const bytesPerLine = width + (width & 1);
  const out = new ByteWriter(PCX_HEADER_SIZE + pixels.length * 2 + PCX_PALETTE_SIZE + 1);
  out.u8(PCX_MAGIC).u8(5).u8(1).u8(8);
  out
    .u16le(0)
    .u16le(0)
    .u16le(width - 1)
    .u16le(height - 1);
  out.u16le(72).u16le(72);
  out.bytes(new Uint8Array(48));
  out.u8(0).u8(planes).u16le(bytesPerLine).u16le(1);
  out.bytes(new Uint8Array(PCX_HEADER_SIZE - 70));
  const line = new Uint8Array(bytesPerLine);
  for (let y = 0; y < height; y++) {
    for (let plane = 0; plane < planes; plane++) {
      for (let x = 0; x < width; x++) line[x] = pixels[(y * width + x) * planes + plane]!;
      encodeLine(out, line);
    }
  }
  if (planes === 1) {
    const palette = input.palette ?? new Uint8Array(PCX_PALETTE_SIZE);
    if (palette.length !== PCX_PALETTE_SIZE)
      throw new RangeError(`a palette of ${palette.length} bytes`);
    out.u8(PCX_PALETTE_MARKER).bytes(palette);
  }
  return out.finish();
}
