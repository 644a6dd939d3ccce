/**
 * PVR v3: the writer's samples read back (levels, faces, metadata), uncompressed layouts
 * decoded to the values the channel names and bits imply, World of Tanks Blitz's own ASTC
 * codes recognised by the data's length, and forged header fields with codes and offsets.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { channelCode, pvrHeader, pvrSamples, surfaceData } from './fixtures.ts';
import { astcBlock, uncompressedFormat } from './pixel-formats.ts';
import { readPvr } from './read.ts';
import { openPvrSession } from './session.ts';
import { writePvr } from './write.ts';

const open = (bytes: Uint8Array, name = 'x.pvr'): Promise<Session> =>
  openPvrSession({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
const sample = (name: string) => pvrSamples().find((each) => each.name === name)!;
const fatalOf = async (bytes: Uint8Array) =>
  (await readPvr(new MemoryByteSource(bytes, 'x.pvr'))).fatal;
const setU32 = (bytes: Uint8Array, at: number, value: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, true);

describe('PVR v3 textures', () => {
  it('lists every level with its size, and decodes RGBA8888 byte for byte', async () => {
    const { bytes, input } = sample('mips.pvr');
    const session = await open(bytes);
    const info = (await session.images!.describe(0))!;
    expect(info.levels.map((level) => [level.width, level.height, level.byteLength])).toEqual([
      [8, 8, 256],
      [4, 4, 64],
      [2, 2, 16],
      [1, 1, 4],
    ]);
    const surface = await session.images!.surface(0, { level: 1, layer: 0, face: 0 });
    expect(surface.span).toEqual({ offset: 52 + 256, length: 64 });
    const { rgba } = decodePixels(surface.encoding, surface.bytes, 4, 4);
    expect(rgba).toEqual(input.data.subarray(256, 256 + 64));
  });

  it('a surface node describes the image at its level; header nodes the whole image', async () => {
    const session = await open(sample('mips.pvr').bytes);
    const paths = Array.from({ length: session.nodeCount() }, (_, index) =>
      session.nodeTable().path(index),
    );
    const levelTwo = paths.findIndex((path) => path.startsWith('surfaces/level 2'));
    expect((await session.images!.describe(levelTwo))?.surface).toEqual({
      level: 2,
      layer: 0,
      face: 0,
    });
    expect((await session.images!.describe(0))?.surface).toBeUndefined();
  });

  it('packs narrower channels with the first named one highest (r5g6b5 as GL’s 5_6_5)', async () => {
    const { encoding } = uncompressedFormat(
      ...(Object.values(channelCode('rgb', [5, 6, 5])) as [number, number]),
      4,
    );
    expect(encoding).toMatchObject({
      bitsPerPixel: 16,
      redMask: 0xf800,
      greenMask: 0x07e0,
      blueMask: 0x001f,
      alphaMask: 0,
    });
    // One pixel: red 31, green 0, blue 16 → 0xF810, stored little-endian.
    const header = pvrHeader({
      ...packedCode('rgb', [5, 6, 5]),
      width: 1,
      height: 1,
      channelType: 4,
    });
    const session = await open(writePvr({ header, data: Uint8Array.of(0x10, 0xf8) }));
    const surface = await session.images!.surface(0, { level: 0, layer: 0, face: 0 });
    expect([...decodePixels(surface.encoding, surface.bytes, 1, 1).rgba]).toEqual([
      255, 0, 132, 255,
    ]);
  });

  it('a cube keeps its six faces in order, and its face-order metadata is shown', async () => {
    const { bytes } = sample('cube.pvr');
    const session = await open(bytes);
    expect((await session.images!.describe(0))?.faces).toBe(6);
    const paths = Array.from({ length: session.nodeCount() }, (_, at) =>
      session.nodeTable().path(at),
    );
    expect(paths.filter((path) => path.startsWith('surfaces/'))).toHaveLength(6);
    const metadata = session.details(paths.findIndex((path) => path.startsWith('metadata/')));
    expect(metadata.fields).toContainEqual(['Cube face order', 'XxYyZz']);
    const fifth = await session.images!.surface(0, { level: 0, layer: 0, face: 4 });
    expect(fifth.span?.offset).toBe(52 + 12 + 6 + 4 * 16);
  });

  it('takes an unlisted code as the one ASTC block size its data fills, and says so', async () => {
    const session = await open(sample('astc-own-code.pvr').bytes);
    const info = (await session.images!.describe(0))!;
    expect(info.pixelFormat).toBe('ASTC 8×8');
    expect(info.facts.find(([label]) => label === 'Pixel format code')?.[1]).toMatch(
      /^100: not in the PVR specification/,
    );
  });

  it('PVRTC 4bpp RGBA (code 3) decodes: a half-way punch-through pixel is transparent', async () => {
    // Four blocks (8 × 8), each: colour word mode bit set (punch-through), colour A opaque
    // black (bit 15), colour B opaque white (bit 31, R5 = G5 = B5 = 31); modulation code 2
    // everywhere (0xAAAAAAAA): half-way (255 × 4 / 8 = 127) with alpha 0.
    const block = [
      0xaaaaaaaa,
      (0x80000000 | (31 << 26) | (31 << 21) | (31 << 16) | 0x8000 | 1) >>> 0,
    ];
    const data = new Uint8Array(32);
    for (let at = 0; at < 32; at += 8) {
      setU32(data, at, block[0]!);
      setU32(data, at + 4, block[1]!);
    }
    const session = await open(writePvr({ header: pvrHeader({ pixelFormatLow: 3 }), data }));
    const info = (await session.images!.describe(0))!;
    expect(info.unsupported).toBeNull();
    const surface = await session.images!.surface(0, { level: 0, layer: 0, face: 0 });
    const { rgba } = decodePixels(surface.encoding, surface.bytes, 8, 8);
    expect(Array.from(rgba.subarray(0, 8))).toEqual([127, 127, 127, 0, 127, 127, 127, 0]);
  });

  it('an unlisted code whose data fits no ASTC size, or several, is named as unsupported', async () => {
    // 16 × 16 in two levels: 8×8, 10×8, 10×10, 12×10 and 12×12 blocks all take 80 bytes.
    const ambiguous = pvrHeader({ pixelFormatLow: 101, width: 16, height: 16, mipLevels: 2 });
    const several = await open(writePvr({ header: ambiguous, data: new Uint8Array(80) }));
    expect((await several.images!.describe(0))?.unsupported).toMatch(/several ASTC block sizes/);
    const header = pvrHeader({ pixelFormatLow: 101, width: 16, height: 16 });
    const session = await open(writePvr({ header, data: new Uint8Array(100) }));
    const info = (await session.images!.describe(0))!;
    expect(info.unsupported).toMatch(/pixel format code 101/);
  });
});

describe('PVR forged fields', () => {
  const bytes = () => sample('mips.pvr').bytes.slice();

  it('magic, big-endian, sides, counts and metadata size: each its code and offset', async () => {
    const magic = bytes();
    magic[0] = 0x51;
    expect(await fatalOf(magic)).toMatchObject({ code: ErrorCode.BAD_MAGIC, offset: 0 });
    const bigEndian = bytes();
    setU32(bigEndian, 0, 0x50565203);
    expect(await fatalOf(bigEndian)).toMatchObject({
      code: ErrorCode.UNSUPPORTED_VERSION,
      offset: 0,
    });
    const wide = bytes();
    setU32(wide, 28, 16_385);
    expect(await fatalOf(wide)).toMatchObject({ code: ErrorCode.BAD_VALUE, offset: 28 });
    const mips = bytes();
    setU32(mips, 44, 5);
    expect(await fatalOf(mips)).toMatchObject({ code: ErrorCode.BAD_COUNT, offset: 44 });
    const faces = bytes();
    setU32(faces, 40, 7);
    expect(await fatalOf(faces)).toMatchObject({ code: ErrorCode.BAD_COUNT, offset: 40 });
    const metadata = bytes();
    setU32(metadata, 48, 1_000_000);
    expect(await fatalOf(metadata)).toMatchObject({ code: ErrorCode.OUT_OF_BOUNDS, offset: 48 });
  });

  it('data shorter than the levels need: UNEXPECTED_EOF before any pixel is read', async () => {
    const { input } = sample('mips.pvr');
    const short = writePvr({ header: input.header, data: input.data.subarray(0, 300) });
    expect(await fatalOf(short)).toMatchObject({
      code: ErrorCode.UNEXPECTED_EOF,
      offset: 52 + 256,
    });
  });

  it('the data of a code of its own is what the writer was given', () => {
    const header = pvrHeader({ width: 16, height: 16, mipLevels: 2 });
    expect(surfaceData(header, astcBlock(8, 8)).length).toBe((4 + 1) * 16);
  });
});

function packedCode(names: string, bits: readonly number[]) {
  const { low, high } = channelCode(names, bits);
  return { pixelFormatLow: low, pixelFormatHigh: high };
}
