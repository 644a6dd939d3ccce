/**
 * Textures of the texture bench, made by Delve's own writers: 4096 × 4096 BC1, BC3 and BC7
 * DDS files and ASTC 4 × 4 and 8 × 8 PVR files, one surface each.
 *
 * - BC1 and BC3: a 512 × 512 picture (colour ramps under a hash noise; BC3 with an alpha
 *   gradient) encoded by `encodeBc`, its blocks tiled over the surface. Decoders do the same
 *   work on a tiled block as on any other: the tiling only saves encoding time.
 * - BC7: random blocks, each with a valid mode (the eight modes in turn, from a seeded
 *   generator): every mode's decoding path in the same proportion.
 * - ASTC: the blocks astcenc made for the unit tests (`astcenc-vectors.ts`: every partition
 *   count, one and two planes, bit, trit and quint weights), drawn at random over the surface.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeBc } from '../../src/binary/pixels/bc-encode.ts';
import { ASTCENC_BLOCKS } from '../../src/binary/pixels/astcenc-vectors.ts';
import { writeDdsTexture } from '../../src/formats/dds/write.ts';
import { writePvr } from '../../src/formats/pvr/write.ts';
import { pvrHeader } from '../../src/formats/pvr/fixtures.ts';

export type TextureBenchCodec = 'bc1' | 'bc3' | 'bc7' | 'astc4x4' | 'astc8x8';

export interface TextureBenchFile {
  codec: TextureBenchCodec;
  /** How the image view names its pixel format. */
  label: string;
  name: string;
  path: string;
  width: number;
  height: number;
  fileBytes: number;
  /** The decode-dxt format name, for the codecs that package decodes. */
  decodeDxtFormat: 'dxt1' | 'dxt5' | null;
  /** Whether Pillow reads the file (its DDS plugin: BC1, BC3, BC7; no PVR). */
  isPillowReadable: boolean;
}

/** DXGI_FORMAT_BC7_UNORM. */
const DXGI_BC7_UNORM = 98;
/** PVR v3 compressed format codes of ASTC 4 × 4 and 8 × 8. */
const PVR_ASTC_4X4 = 27;
const PVR_ASTC_8X8 = 34;
const TILE = 512;

/** A seeded 32-bit generator (mulberry32): the same files every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The tile picture: ramps, a hash noise of ±24, and alpha falling along the diagonal. */
function tilePicture(isOpaque: boolean): Uint8Array {
  const next = generator(7);
  const rgba = new Uint8Array(TILE * TILE * 4);
  for (let y = 0; y < TILE; y++) {
    for (let x = 0; x < TILE; x++) {
      const at = (y * TILE + x) * 4;
      const noise = (next() % 49) - 24;
      const clamp = (value: number) => Math.max(0, Math.min(255, value));
      rgba[at] = clamp(Math.round((x * 255) / (TILE - 1)) + noise);
      rgba[at + 1] = clamp(Math.round((y * 255) / (TILE - 1)) - noise);
      rgba[at + 2] = clamp(((x ^ y) & 0xff) + noise);
      rgba[at + 3] = isOpaque ? 255 : 255 - Math.round(((x + y) * 255) / (2 * TILE - 2));
    }
  }
  return rgba;
}

/** `tile`'s blocks (a square of `tileBlocks` a side) repeated over `blocks` a side. */
function tiledBlocks(
  tile: Uint8Array,
  tileBlocks: number,
  blocks: number,
  bytesPerBlock: number,
): Uint8Array {
  const out = new Uint8Array(blocks * blocks * bytesPerBlock);
  for (let by = 0; by < blocks; by++) {
    for (let bx = 0; bx < blocks; bx++) {
      const from = ((by % tileBlocks) * tileBlocks + (bx % tileBlocks)) * bytesPerBlock;
      out.set(tile.subarray(from, from + bytesPerBlock), (by * blocks + bx) * bytesPerBlock);
    }
  }
  return out;
}

function randomBc7(blocks: number): Uint8Array {
  const next = generator(98);
  const out = new Uint8Array(blocks * 16);
  for (let at = 0; at < out.length; at += 4) {
    const word = next();
    out[at] = word & 0xff;
    out[at + 1] = (word >>> 8) & 0xff;
    out[at + 2] = (word >>> 16) & 0xff;
    out[at + 3] = word >>> 24;
  }
  for (let block = 0; block < blocks; block++) {
    // Mode m: bit m of the first byte set, the bits below it clear.
    const mode = next() & 7;
    const at = block * 16;
    out[at] = (out[at]! & ((0xff << (mode + 1)) & 0xff)) | (1 << mode);
  }
  return out;
}

function astcBlocks(footprint: string, blocks: number): Uint8Array {
  const pool = ASTCENC_BLOCKS.filter(([size]) => size === footprint).map(([, hex]) =>
    Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16)),
  );
  if (pool.length === 0) throw new Error(`no astcenc blocks of ${footprint}`);
  const next = generator(footprint.length * 31 + pool.length);
  const out = new Uint8Array(blocks * 16);
  for (let block = 0; block < blocks; block++) out.set(pool[next() % pool.length]!, block * 16);
  return out;
}

/** Writes the bench's textures into `dir` (each `side` × `side`). */
export function generateTextures(
  dir: string,
  side: number,
  log: (line: string) => void,
): TextureBenchFile[] {
  const started = performance.now();
  const blocks4 = side / 4;
  const tileBlocks = TILE / 4;
  const files: TextureBenchFile[] = [];
  const add = (
    file: Omit<TextureBenchFile, 'path' | 'fileBytes' | 'width' | 'height'>,
    bytes: Uint8Array,
  ) => {
    const path = join(dir, file.name);
    writeFileSync(path, bytes);
    files.push({ ...file, path, width: side, height: side, fileBytes: bytes.length });
  };
  const dds = (fourCCOrDxgi: { fourCC: string } | { dxgiFormat: number }, data: Uint8Array) =>
    writeDdsTexture({ width: side, height: side, levels: 1, format: fourCCOrDxgi, data });
  const pvr = (code: number, data: Uint8Array) =>
    writePvr({
      header: pvrHeader({ pixelFormatLow: code, width: side, height: side }),
      data,
    });

  const bc1Tile = encodeBc('bc1', tilePicture(true), TILE, TILE);
  add(
    {
      codec: 'bc1',
      label: 'BC1 (DXT1)',
      name: 'bench-bc1.dds',
      decodeDxtFormat: 'dxt1',
      isPillowReadable: true,
    },
    dds({ fourCC: 'DXT1' }, tiledBlocks(bc1Tile, tileBlocks, blocks4, 8)),
  );
  const bc3Tile = encodeBc('bc3', tilePicture(false), TILE, TILE);
  add(
    {
      codec: 'bc3',
      label: 'BC3 (DXT5)',
      name: 'bench-bc3.dds',
      decodeDxtFormat: 'dxt5',
      isPillowReadable: true,
    },
    dds({ fourCC: 'DXT5' }, tiledBlocks(bc3Tile, tileBlocks, blocks4, 16)),
  );
  add(
    {
      codec: 'bc7',
      label: 'BC7',
      name: 'bench-bc7.dds',
      decodeDxtFormat: null,
      isPillowReadable: true,
    },
    dds({ dxgiFormat: DXGI_BC7_UNORM }, randomBc7(blocks4 * blocks4)),
  );
  add(
    {
      codec: 'astc4x4',
      label: 'ASTC 4×4',
      name: 'bench-astc4x4.pvr',
      decodeDxtFormat: null,
      isPillowReadable: false,
    },
    pvr(PVR_ASTC_4X4, astcBlocks('4x4', blocks4 * blocks4)),
  );
  add(
    {
      codec: 'astc8x8',
      label: 'ASTC 8×8',
      name: 'bench-astc8x8.pvr',
      decodeDxtFormat: null,
      isPillowReadable: false,
    },
    pvr(PVR_ASTC_8X8, astcBlocks('8x8', (side / 8) * (side / 8))),
  );
  log(
    `  ${files.length} textures of ${side} × ${side} (${files.map((file) => `${file.codec} ${(file.fileBytes / 2 ** 20).toFixed(1)} MiB`).join(', ')}), made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return files;
}
