/**
 * REZ archives: a Claw-like tree written by the writer and read back (paths with the type
 * as extension, offsets, header fields, keys and comments), PID entries shown with the
 * level palette found up their folders, and forged fields with their codes and offsets.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { rezSampleFiles } from './fixtures.ts';
import { REZ_FIELDS_OFFSET, REZ_HEADER_SIZE, rezTypeCode, rezTypeName } from './layout.ts';
import { readRez } from './read.ts';
import { openRezSession } from './session.ts';
import { writeRez } from './write.ts';

const open = (bytes: Uint8Array): Promise<Session> =>
  openRezSession({
    sources: [new MemoryByteSource(bytes, 'CLAW.REZ')],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });

const u32At = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
const setU32 = (bytes: Uint8Array, at: number, value: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, true);

async function fatalOf(bytes: Uint8Array) {
  const { fatal } = await readRez(new MemoryByteSource(bytes, 'x.rez'));
  return fatal;
}

describe('REZ archives', () => {
  const files = rezSampleFiles();
  const bytes = writeRez(files, { time: 870_000_000, isSorted: true });

  it('types are reversed 4CCs: DIP\\0 is PID', () => {
    const code = rezTypeCode('PID');
    expect([...new Uint8Array(Uint32Array.of(code).buffer)]).toEqual([0x44, 0x49, 0x50, 0]);
    expect(rezTypeName(code)).toBe('PID');
  });

  it('reads back every file with its path, bytes and fields; the root body ends the file', async () => {
    const { value, fatal, issues } = await readRez(new MemoryByteSource(bytes, 'x.rez'));
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    const header = value.header!;
    expect(header.banners[0]).toBe('RezMgr Version 1 Copyright (C) 1995 MONOLITH INC.');
    expect([header.version, header.isSorted, header.time]).toEqual([1, true, 870_000_000]);
    expect(header.rootDirPos + header.rootDirSize).toBe(bytes.length);
    const byPath = new Map(value.entries.map((entry) => [entry.path, entry]));
    expect([...byPath.keys()].sort()).toEqual(files.map((file) => file.path).sort());
    for (const file of files) {
      const entry = byPath.get(file.path)!;
      expect(entry.offset).toBeGreaterThanOrEqual(REZ_HEADER_SIZE);
      expect(bytes.subarray(entry.offset, entry.offset + entry.size)).toEqual(file.bytes);
      expect([entry.id, entry.keys, entry.comment]).toEqual([
        file.id ?? 0,
        file.keys ?? [],
        file.comment ?? '',
      ]);
    }
  });

  it('shows a PID with the level palette up its folders, and says where it came from', async () => {
    const session = await open(bytes);
    const paths = Array.from({ length: session.nodeCount() }, (_, index) =>
      session.nodeTable().path(index),
    );
    const tile = paths.indexOf('LEVEL1/TILES/ACTION/001.PID');
    const info = await session.images!.describe(tile);
    expect(info?.facts).toContainEqual(['Palette', 'LEVEL1/PALETTES/MAIN.PAL']);
    const surface = await session.images!.surface(tile, { level: 0, layer: 0, face: 0 });
    const { rgba } = decodePixels(surface.encoding, surface.bytes, surface.width, surface.height);
    // The tile's first pixel is index 0xC8 (200): in the test palette (200, 55, 200·7 mod 256).
    expect([...rgba.subarray(0, 4)]).toEqual([200, 55, (200 * 7) % 256, 255]);
    // A file that is not a PID holds no image; a PID outside LEVEL1 has no level palette.
    expect(await session.images!.describe(paths.indexOf('README.TXT'))).toBeNull();
    const gruntz = await session.images!.describe(paths.indexOf('GAME/IMAGES/GRUNTZ.PID'));
    expect(gruntz?.facts[0]?.[1]).toMatch(/^embedded/);
  });

  it('reads content as stored slices', async () => {
    const session = await open(bytes);
    const index = Array.from({ length: session.nodeCount() }, (_, at) =>
      session.nodeTable().path(at),
    ).indexOf('README.TXT');
    expect(new TextDecoder().decode((await session.content!.read(index)).bytes)).toBe('hello');
  });
});

describe('REZ forged fields', () => {
  const bytes = () => writeRez(rezSampleFiles());

  it('no banner: BAD_MAGIC at 0; another version: at 0x7F', async () => {
    const noBanner = bytes();
    noBanner[2] = 0x41;
    expect(await fatalOf(noBanner)).toMatchObject({ code: ErrorCode.BAD_MAGIC, offset: 0 });
    const version = bytes();
    setU32(version, REZ_FIELDS_OFFSET, 2);
    expect(await fatalOf(version)).toMatchObject({
      code: ErrorCode.UNSUPPORTED_VERSION,
      offset: REZ_FIELDS_OFFSET,
    });
  });

  it('a root directory past the end: OUT_OF_BOUNDS at its field', async () => {
    const forged = bytes();
    setU32(forged, REZ_FIELDS_OFFSET + 8, forged.length);
    expect(await fatalOf(forged)).toMatchObject({
      code: ErrorCode.OUT_OF_BOUNDS,
      offset: REZ_FIELDS_OFFSET + 4,
    });
  });

  it('a folder whose body is the root: a loop, refused where it is listed', async () => {
    const forged = bytes();
    const rootPos = u32At(forged, REZ_FIELDS_OFFSET + 4);
    const rootSize = u32At(forged, REZ_FIELDS_OFFSET + 8);
    // The root lists README.TXT first, then its folders; find the first folder entry (kind 1).
    let at = rootPos;
    while (u32At(forged, at) !== 1) {
      const nameAt = at + 28;
      const nameEnd = forged.indexOf(0, nameAt);
      const commentEnd = forged.indexOf(0, nameEnd + 1);
      at = commentEnd + 1 + u32At(forged, at + 24) * 4;
    }
    setU32(forged, at + 4, rootPos);
    setU32(forged, at + 8, rootSize);
    expect(await fatalOf(forged)).toMatchObject({ code: ErrorCode.OVERLAP, offset: at + 4 });
  });

  it('an unknown kind, a key count past the body, a name without its NUL', async () => {
    const forged = bytes();
    const rootPos = u32At(forged, REZ_FIELDS_OFFSET + 4);
    const kind = forged.slice();
    setU32(kind, rootPos, 7);
    expect(await fatalOf(kind)).toMatchObject({ code: ErrorCode.BAD_VALUE, offset: rootPos });
    const keys = forged.slice();
    setU32(keys, rootPos + 24, 0x10000000);
    expect(await fatalOf(keys)).toMatchObject({ code: ErrorCode.BAD_COUNT, offset: rootPos + 24 });
    const rootSize = u32At(forged, REZ_FIELDS_OFFSET + 8);
    const cut = forged.slice(0, rootPos + 30);
    setU32(cut, REZ_FIELDS_OFFSET + 8, 30);
    expect(rootSize).toBeGreaterThan(30);
    expect(await fatalOf(cut)).toMatchObject({ code: ErrorCode.UNEXPECTED_EOF });
  });

  it('a file past the end is an issue, and reading it names its record', async () => {
    const forged = bytes();
    const rootPos = u32At(forged, REZ_FIELDS_OFFSET + 4);
    setU32(forged, rootPos + 8, forged.length);
    const session = await open(forged);
    expect(session.fatal).toBeNull();
    expect(session.issues.map((issue) => issue.code)).toEqual([ErrorCode.OUT_OF_BOUNDS]);
    const index = Array.from({ length: session.nodeCount() }, (_, at) =>
      session.nodeTable().path(at),
    ).indexOf('README.TXT');
    const error = await session.content!.read(index).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as FormatError).offset).toBe(rootPos + 4);
  });
});
