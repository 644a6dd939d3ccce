/**
 * Writes the app icons of the web app manifest (public/icons/icon-192.png, icon-512.png):
 * a lens over a stack of layers, drawn per pixel with 4×4 supersampling and encoded as PNG
 * with node:zlib. Run: `npx tsx scripts/make-icons.ts`. Icons sit well inside the middle 80%,
 * so they also serve as maskable icons.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const BACKGROUND: Rgba = [28, 36, 52, 255];
const LAYER: Rgba = [86, 118, 170, 255];
const LENS: Rgba = [240, 196, 92, 255];

/** The colour at (x, y) in a 1×1 square, top left at 0,0; null where the background shows. */
function shade(x: number, y: number): Rgba | null {
  const lensX = 0.56;
  const lensY = 0.44;
  const distance = Math.hypot(x - lensX, y - lensY);
  if (distance >= 0.17 && distance <= 0.22) return LENS;
  // The handle: a thick segment from the lens's lower left, out to the corner.
  const t = Math.max(0, Math.min(1, ((x - 0.4) * -1 + (y - 0.6)) / 2 / 0.17));
  const hx = 0.4 - 0.17 * t;
  const hy = 0.6 + 0.17 * t;
  if (Math.hypot(x - hx, y - hy) <= 0.045 && distance > 0.2) return LENS;
  // Three layers behind the lens.
  for (const top of [0.3, 0.45, 0.6]) {
    if (x >= 0.2 && x <= 0.8 && y >= top && y <= top + 0.07 && distance > 0.22) return LAYER;
  }
  return null;
}

function render(size: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const color =
            shade((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size) ??
            BACKGROUND;
          for (let channel = 0; channel < 4; channel++) sum[channel]! += color[channel]!;
        }
      }
      for (let channel = 0; channel < 4; channel++) {
        pixels[(y * size + x) * 4 + channel] = Math.round(sum[channel]! / samples ** 2);
      }
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG: 8-bit RGBA, no interlace, filter 0 on every scanline. */
function encodePng(size: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const out = resolve(import.meta.dirname, '../public/icons');
mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(resolve(out, `icon-${size}.png`), encodePng(size, render(size)));
  console.log(`public/icons/icon-${size}.png`);
}
