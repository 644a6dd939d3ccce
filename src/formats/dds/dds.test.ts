/**
 * DDS: headers read back as written, the layouts (mip chains, arrays, cube faces), forged
 * fields refused with their offsets, surfaces decoded through the session's image
 * capability, and World of Warships tier files placed as sources.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { OpenSink, Session } from '../model.ts';
import { inlineServices, PIXELS_HERE } from '../services.ts';
import { fourCCOf } from './pixel-formats.ts';
import { DDS_HEADERS_MAX, ddsLayout, readDdsHeaders } from './read.ts';
import { ddsSeeds, packPixels, rampPixels } from './seeds.ts';
import { gatherDdsFiles } from './gather.ts';
import { openDdsSession } from './session.ts';
import { writeDds, writeDdsTexture } from './write.ts';

const SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };

async function open(
  bytes: Uint8Array,
  name = 'texture.dds',
  more: MemoryByteSource[] = [],
): Promise<Session> {
  return openDdsSession({
    sources: [new MemoryByteSource(bytes, name), ...more],
    services: inlineServices(),
    sink: SINK,
  });
}

function layoutError(bytes: Uint8Array): FormatError {
  try {
    ddsLayout(readDdsHeaders(bytes.subarray(0, DDS_HEADERS_MAX)));
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

const patchU32 = (bytes: Uint8Array, at: number, value: number) => {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value, true);
  return copy;
};

/** A B8G8R8A8 texture with a full mip chain, each level the ramp at its size. */
function bgraTexture(
  width: number,
  height: number,
  levels: number,
): { bytes: Uint8Array; chain: Uint8Array[] } {
  const chain: Uint8Array[] = [];
  for (let level = 0; level < levels; level += 1) {
    const levelWidth = Math.max(1, width >> level);
    const levelHeight = Math.max(1, height >> level);
    chain.push(rampPixels(levelWidth, levelHeight));
  }
  const data = chain.map((rgba) => packPixels(rgba, 4, [16, 8, 0, 24]));
  const joined = new Uint8Array(data.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of data) {
    joined.set(part, at);
    at += part.length;
  }
  const bytes = writeDdsTexture({
    width,
    height,
    levels,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: joined,
  });
  return { bytes, chain };
}

describe('DDS headers', () => {
  it('every seed reads and writes back byte for byte', () => {
    for (const seed of ddsSeeds()) {
      const headers = readDdsHeaders(seed.subarray(0, DDS_HEADERS_MAX));
      expect(writeDds({ ...headers, data: seed.subarray(headers.dataOffset) })).toEqual(seed);
    }
  });

  it('names the layouts: FourCC, DXGI with sRGB, masks; levels, layers and faces', async () => {
    const seeds = ddsSeeds();
    const infos = await Promise.all(
      seeds.map(async (seed) => (await (await open(seed)).images!.describe(0))!),
    );
    expect(infos.map((info) => info.pixelFormat)).toEqual([
      'BC1 (DXT1)',
      'BC3 (DXT5)',
      'BC2 (DXT3)',
      'BC5 (ATI2)',
      'DXGI BC4_SNORM',
      'DXGI BC5_UNORM',
      'DXGI B8G8R8A8_UNORM',
      'B8G8R8A8 (A8R8G8B8)',
      'R5G6B5',
      'luminance 8-bit',
    ]);
    expect(infos[0]!.levels.map((level) => [level.width, level.height, level.byteLength])).toEqual([
      [16, 8, 64],
      [8, 4, 16],
      [4, 2, 8],
      [2, 1, 8],
      [1, 1, 8],
    ]);
    expect(infos[5]!.layers).toBe(2);
    expect(infos[6]!.faces).toBe(6);
  });

  it('refuses forged fields with their offsets', () => {
    const [seed] = ddsSeeds();
    const wide = layoutError(patchU32(seed!, 16, 16_385));
    expect([wide.code, wide.offset]).toEqual([ErrorCode.TOO_LARGE, 16]);
    const tall = layoutError(patchU32(seed!, 12, 20_000));
    expect([tall.code, tall.offset]).toEqual([ErrorCode.TOO_LARGE, 12]);
    // 16 × 8 has at most 5 levels.
    const chain = layoutError(patchU32(seed!, 28, 6));
    expect([chain.code, chain.offset]).toEqual([ErrorCode.BAD_COUNT, 28]);
    const fourCC = layoutError(patchU32(seed!, 84, fourCCOf('ZZZZ')));
    expect([fourCC.code, fourCC.offset]).toEqual([ErrorCode.UNSUPPORTED_PIXEL_FORMAT, 84]);
    expect(fourCC.message).toContain('ZZZZ');
    const dx10 = ddsSeeds()[4]!;
    const dxgi = layoutError(patchU32(dx10, 128, 250));
    expect([dxgi.code, dxgi.offset]).toEqual([ErrorCode.UNSUPPORTED_PIXEL_FORMAT, 128]);
    expect(dxgi.message).toContain('250');
  });

  it('checks the data size against the dimensions before reading surfaces', async () => {
    const [seed] = ddsSeeds();
    const session = await open(seed!.subarray(0, seed!.length - 1));
    expect(session.fatal?.code).toBe(ErrorCode.UNEXPECTED_EOF);
    expect(session.fatal?.offset).toBe(seed!.length - 1);
    // A forged 16384 × 16384 header in a small file is refused, not allocated.
    const huge = patchU32(patchU32(seed!, 12, 16_384), 16, 16_384);
    expect((await open(huge)).fatal?.code).toBe(ErrorCode.UNEXPECTED_EOF);
  });
});

describe('DDS surfaces', () => {
  it('decodes each level of an uncompressed chain exactly', async () => {
    const { bytes, chain } = bgraTexture(8, 4, 4);
    const session = await open(bytes);
    for (let level = 0; level < chain.length; level += 1) {
      const surface = await session.images!.surface(0, { level, layer: 0, face: 0 });
      const { rgba } = await PIXELS_HERE.decode(surface);
      expect(rgba).toEqual(chain[level]);
    }
  });

  it('surface nodes carry their spans, in file order', async () => {
    const { bytes } = bgraTexture(8, 4, 2);
    const session = await open(bytes);
    const paths = Array.from({ length: session.nodeCount() }, (_, index) =>
      session.nodeTable().path(index),
    );
    expect(paths).toEqual([
      'header',
      'header/pixel format',
      'data',
      'data/level 0 (8 × 4)',
      'data/level 1 (4 × 2)',
    ]);
    expect(session.details(3).span).toEqual({ offset: 128, length: 128 });
    expect(session.details(4).span).toEqual({ offset: 256, length: 32 });
  });

  it('a surface node describes the image at its surface; the header and data nodes the whole', async () => {
    const { bytes } = bgraTexture(8, 4, 2);
    const session = await open(bytes);
    expect((await session.images!.describe(4))?.surface).toEqual({ level: 1, layer: 0, face: 0 });
    expect((await session.images!.describe(3))?.surface).toEqual({ level: 0, layer: 0, face: 0 });
    expect((await session.images!.describe(0))?.surface).toBeUndefined();
    expect((await session.images!.describe(2))?.surface).toBeUndefined();
  });

  it('reads a cube face and an array layer where they are stored', async () => {
    const faces = Array.from({ length: 6 }, (_, face) => {
      const rgba = rampPixels(4, 4);
      rgba.fill(face * 40, 0, 4);
      return rgba;
    });
    const data = new Uint8Array(6 * 64);
    faces.forEach((rgba, face) => data.set(packPixels(rgba, 4, [16, 8, 0, 24]), face * 64));
    const bytes = writeDdsTexture({
      width: 4,
      height: 4,
      levels: 1,
      format: { dxgiFormat: 87 },
      isCube: true,
      data,
    });
    const session = await open(bytes);
    const third = await PIXELS_HERE.decode(
      await session.images!.surface(0, { level: 0, layer: 0, face: 3 }),
    );
    expect(third.rgba).toEqual(faces[3]);
    // Face nodes follow the headers in file order (face by face): the fourth is face 3.
    const faceNode = Array.from({ length: session.nodeCount() }, (_, index) =>
      session.nodeTable().path(index),
    ).findIndex((path) => path.startsWith('data/face −Y'));
    expect((await session.images!.describe(faceNode))?.surface).toEqual({
      level: 0,
      layer: 0,
      face: 3,
    });
    await expect(session.images!.surface(0, { level: 0, layer: 0, face: 6 })).rejects.toMatchObject(
      {
        code: ErrorCode.OUT_OF_BOUNDS,
      },
    );
  });

  it('names a codec it does not decode', async () => {
    const bytes = writeDdsTexture({
      width: 4,
      height: 4,
      levels: 1,
      format: { dxgiFormat: 10 },
      data: new Uint8Array(0),
    });
    const info = (await (await open(bytes)).images!.describe(0))!;
    expect(info.pixelFormat).toBe('DXGI R16G16B16A16_FLOAT');
    expect(info.unsupported).toContain('R16G16B16A16_FLOAT');
  });
});

describe('World of Warships tiers', () => {
  /** A 16 × 16 chain (5 levels) whose two largest levels are cut into `.dd0` and `.dd1`. */
  function split() {
    const { bytes, chain } = bgraTexture(16, 16, 5);
    const level0 = 16 * 16 * 4;
    const level1 = 8 * 8 * 4;
    const headerEnd = 128;
    const dds = new Uint8Array([
      ...bytes.subarray(0, headerEnd),
      ...bytes.subarray(headerEnd + level0 + level1),
    ]);
    const dd0 = bytes.slice(headerEnd, headerEnd + level0);
    const dd1 = bytes.slice(headerEnd + level0, headerEnd + level0 + level1);
    return { dds, dd0, dd1, chain };
  }

  it('shows the full chain when the tiers are given, placed by size', async () => {
    const { dds, dd0, dd1, chain } = split();
    // Given in either order: each tier is placed by its size.
    const session = await open(dds, 'hull.dds', [
      new MemoryByteSource(dd1, 'hull.dd1'),
      new MemoryByteSource(dd0, 'hull.dd0'),
    ]);
    expect(session.fatal).toBeNull();
    expect(session.sources?.missing()).toEqual([]);
    for (const level of [0, 1, 4]) {
      const surface = await session.images!.surface(0, { level, layer: 0, face: 0 });
      expect((await PIXELS_HERE.decode(surface)).rgba).toEqual(chain[level]);
    }
    expect(session.details(3).spanSource).toBe('hull.dd0');
  });

  it('names the missing tiers and takes them later', async () => {
    const { dds, dd0, dd1, chain } = split();
    const session = await open(dds, 'hull.dds');
    expect(session.sources?.missing().map((source) => source.name)).toEqual([
      'hull.dd0',
      'hull.dd1',
      'hull.dd2',
    ]);
    await expect(session.images!.surface(0, { level: 0, layer: 0, face: 0 })).rejects.toMatchObject(
      {
        code: ErrorCode.MISSING_SOURCE,
      },
    );
    // The smaller levels are in the .dds itself.
    const small = await session.images!.surface(0, { level: 2, layer: 0, face: 0 });
    expect(decodePixels(small.encoding, small.bytes, 4, 4).rgba).toEqual(chain[2]);
    expect(session.sources!.add(new MemoryByteSource(dd0, 'other.dd0'))).toBe(false);
    expect(session.sources!.add(new MemoryByteSource(dd0, 'hull.dd0'))).toBe(true);
    expect(session.sources!.add(new MemoryByteSource(dd1, 'hull.dd1'))).toBe(true);
    expect(session.sources!.missing()).toEqual([]);
    const top = await session.images!.surface(0, { level: 0, layer: 0, face: 0 });
    expect((await PIXELS_HERE.decode(top)).rgba).toEqual(chain[0]);
  });
});

describe('gathering a drop', () => {
  it('groups a texture with its tiers in the same folder, and leaves the rest alone', () => {
    const files = [
      { path: 'ship/hull.dd1', size: 64 },
      { path: 'ship/hull.dds', size: 200 },
      { path: 'ship/hull.dd0', size: 256 },
      { path: 'other/hull.dd2', size: 16 },
      { path: 'ship/deck.dds', size: 100 },
    ];
    const groups = gatherDdsFiles(files);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.choices[0]!.files).toEqual([1, 0, 2]);
  });
});
