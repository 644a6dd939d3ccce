/**
 * A minimal PNG encoder for sample files: 8-bit RGBA, one IDAT, filter 0 on every row.
 * Chunks are length (u32 BE), type, data, CRC-32 (IEEE) of type + data.
 */
import { zlibSync } from 'fflate';
import { ByteWriter } from './byte-writer.ts';
import { crc32Ieee } from './crc32.ts';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(writer: ByteWriter, type: string, data: Uint8Array): void {
  const typed = new Uint8Array(4 + data.length);
  for (let i = 0; i < 4; i++) typed[i] = type.charCodeAt(i);
  typed.set(data, 4);
  writer.u32be(data.length).bytes(typed).u32be(crc32Ieee(typed));
}

/** `pixel(x, y)` returns [r, g, b, a], each 0..255. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number, number],
): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgba.set(pixel(x, y), (y * width + x) * 4);
  }
  return encodePngRgba(width, height, rgba, 9);
}

/**
 * RGBA pixels (`width` × `height` × 4 bytes, rows top to bottom) as a PNG, rows copied
 * whole: decoded textures and their exports. `level` is the deflate level.
 */
export function encodePngRgba(
  width: number,
  height: number,
  rgba: Uint8Array,
  level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 6,
): Uint8Array {
  const header = new ByteWriter(13)
    .u32be(width)
    .u32be(height)
    .u8(8)
    .u8(6)
    .u8(0)
    .u8(0)
    .u8(0)
    .finish();
  const rowLength = 1 + width * 4;
  const raw = new Uint8Array(rowLength * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowLength] = 0; // filter: none
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * rowLength + 1);
  }
  const writer = new ByteWriter(1024).bytes(SIGNATURE);
  chunk(writer, 'IHDR', header);
  chunk(writer, 'IDAT', zlibSync(raw, { level }));
  chunk(writer, 'IEND', new Uint8Array(0));
  return writer.finish();
}
