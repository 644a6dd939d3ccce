/**
 * KTX 1: the writer's samples read back (levels with their imageSize, key/value pairs, a
 * cube's padded faces), RGB rows stored padded to 4 bytes decoded without the padding, GL
 * formats named, and forged fields with their codes and offsets.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { ktxSamples, paddedRgbRows } from './fixtures.ts';
import { readKtx } from './read.ts';
import { openKtxSession } from './session.ts';

const open = (bytes: Uint8Array): Promise<Session> =>
  openKtxSession({
    sources: [new MemoryByteSource(bytes, 'x.ktx')],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
const sample = (name: string) => ktxSamples().find((each) => each.name === name)!;
const fatalOf = async (bytes: Uint8Array) =>
  (await readKtx(new MemoryByteSource(bytes, 'x.ktx'))).fatal;
const setU32 = (bytes: Uint8Array, at: number, value: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, true);

describe('KTX 1 textures', () => {
  it('decodes RGB8 rows without their 4-byte padding', async () => {
    const session = await open(sample('rgb-rows.ktx').bytes);
    const surface = await session.images!.surface(0, { level: 0, layer: 0, face: 0 });
    expect(surface.span?.length).toBe(24);
    const { rgba } = decodePixels(surface.encoding, surface.bytes, 3, 2);
    const { tight } = paddedRgbRows();
    const expected = Array.from({ length: 6 }, (_, pixel) => [
      ...tight.subarray(pixel * 3, pixel * 3 + 3),
      255,
    ]).flat();
    expect([...rgba]).toEqual(expected);
  });

  it('lists its levels after each imageSize, and its key/value pairs', async () => {
    const { bytes, input } = sample('mips.ktx');
    const session = await open(bytes);
    const info = (await session.images!.describe(0))!;
    expect(info.levels.map((level) => [level.width, level.height])).toEqual([
      [4, 4],
      [2, 2],
      [1, 1],
    ]);
    expect(info.facts).toContainEqual(['KTXorientation', 'S=r,T=d']);
    const second = await session.images!.surface(0, { level: 1, layer: 0, face: 0 });
    expect(second.bytes).toEqual(input.levels[1]![0]);
  });

  it('a cube’s faces are each padded to 4 bytes and come in order', async () => {
    const { bytes, input } = sample('cube.ktx');
    const session = await open(bytes);
    for (let face = 0; face < 6; face++) {
      const surface = await session.images!.surface(0, { level: 0, layer: 0, face });
      expect(surface.bytes).toEqual(input.levels[0]![face]);
    }
  });

  it('names a compressed GL format; one it does not know is said unsupported by its number', async () => {
    const etc1 = await open(sample('etc1.ktx').bytes);
    expect((await etc1.images!.describe(0))?.pixelFormat).toBe('ETC1');
    const unknown = sample('etc1.ktx').bytes.slice();
    setU32(unknown, 28, 0x1234);
    const session = await open(unknown);
    expect((await session.images!.describe(0))?.unsupported).toMatch(/0x1234/);
  });
});

describe('KTX forged fields', () => {
  it('identifier, endianness, faces, levels, key/value bytes and imageSize', async () => {
    const bytes = () => sample('mips.ktx').bytes.slice();
    const magic = bytes();
    magic[1] = 0;
    expect(await fatalOf(magic)).toMatchObject({ code: ErrorCode.BAD_MAGIC, offset: 0 });
    const endian = bytes();
    setU32(endian, 12, 0x01020304);
    expect(await fatalOf(endian)).toMatchObject({
      code: ErrorCode.UNSUPPORTED_VERSION,
      offset: 12,
    });
    const faces = bytes();
    setU32(faces, 52, 3);
    expect(await fatalOf(faces)).toMatchObject({ code: ErrorCode.BAD_COUNT, offset: 52 });
    const levels = bytes();
    setU32(levels, 56, 4);
    expect(await fatalOf(levels)).toMatchObject({ code: ErrorCode.BAD_COUNT, offset: 56 });
    const pairs = bytes();
    setU32(pairs, 60, 10_000);
    expect(await fatalOf(pairs)).toMatchObject({ code: ErrorCode.OUT_OF_BOUNDS, offset: 60 });
    const size = bytes();
    const keyValueBytes = new DataView(size.buffer).getUint32(60, true);
    setU32(size, 64 + keyValueBytes, 65);
    expect(await fatalOf(size)).toMatchObject({
      code: ErrorCode.SIZE_MISMATCH,
      offset: 64 + keyValueBytes,
    });
  });
});
