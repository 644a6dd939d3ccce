/**
 * WWD reader and writer: committed fixtures, round trips of our own levels, the checksum
 * formula, the document nodes and the size caps. Real files: wwd-real.test.ts; forged
 * fields: wwd-forged.test.ts; properties: wwd-properties.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource, type ByteSource } from '../../binary/byte-source.ts';
import { inlineServices } from '../services.ts';
import { wwdChecksum, wwdChecksumWithoutInflatedByte } from './checksum.ts';
import { wwdDocumentNodes } from './document.ts';
import { draftWwdLevel, draftWwdObject, draftWwdPlane, wwdLevelInput } from './draft.ts';
import { makeWwdFixtures, tinyWwdLevel } from './fixtures/make-fixtures.ts';
import { WWD_MAX_FILE_SIZE, WWD_TILE_EMPTY, WWD_TILE_FILL, parseWwd, readWwd } from './read.ts';
import { openWwdSession } from './session.ts';
import { layoutWwd, writeWwd } from './write.ts';

const fixturesDir = new URL('./fixtures/', import.meta.url);

async function parseOk(bytes: Uint8Array, encoding: 'cp1252' | 'cp1250' = 'cp1252') {
  const result = await parseWwd(bytes, { encoding });
  expect(result.fatal).toBeNull();
  return result;
}

describe('committed fixtures', () => {
  const fixtures = makeWwdFixtures();

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    '%s is up to date',
    (file, fixture) => {
      const committed = new Uint8Array(readFileSync(new URL(file, fixturesDir)));
      expect(committed, 'run: npx tsx scripts/make-fixtures.ts').toEqual(fixture.bytes);
    },
  );

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    '%s parses as expected',
    async (file, fixture) => {
      const encoding = file.includes('cp1250') ? 'cp1250' : 'cp1252';
      const result = await parseWwd(fixture.bytes, { encoding });
      if (fixture.fatal) {
        expect(result.fatal).toMatchObject({ ...fixture.fatal, format: 'wwd' });
      } else {
        expect(result.fatal).toBeNull();
        expect(result.issues.map((issue) => issue.code)).toEqual(fixture.issueCodes);
      }
    },
  );

  it('reads the cp1250 fixture with either encoding, never failing', async () => {
    const bytes = makeWwdFixtures().find((fixture) => fixture.file === 'cp1250-names.wwd')!.bytes;
    const polish = await parseOk(bytes, 'cp1250');
    const western = await parseOk(bytes, 'cp1252');
    expect(polish.value.planes.map((plane) => plane.name)).toEqual(['Tło', 'Akcja']);
    expect(western.value.planes.map((plane) => plane.name)).toEqual(['T³o', 'Akcja']);
  });

  it('keeps trailing data after the zlib stream and writes it back', async () => {
    const bytes = makeWwdFixtures().find((fixture) => fixture.file === 'trailing-data.wwd')!.bytes;
    const { value } = await parseOk(bytes);
    expect(value.trailingData).toEqual({
      fileOffset: bytes.length - 5,
      bytes: Uint8Array.of(1, 2, 3, 4, 5),
    });
    expect(value.storedMainBlockLength).toBe(bytes.length - 5 - 1524);
    expect(value.checksum?.match).toBe(true);
    expect(writeWwd(value)).toEqual(bytes);
  });
});

describe('round trip', () => {
  it.each([false, true])('tiny level, compress %s: parse(write(m)) == m', async (compress) => {
    const level = tinyWwdLevel();
    const bytes = writeWwd(level, { compress });
    const { value, issues } = await parseOk(bytes);
    expect(issues).toEqual([]);
    expect(value.isCompressed).toBe(compress);
    expect(value.checksum).toMatchObject({ match: true });
    const expected = wwdLevelInput(value);
    expected.header.flags = level.header.flags; // the writer sets or clears bit 1
    expect(expected).toEqual({ ...level, trailingData: null });
    expect(value.header.flags & 2).toBe(compress ? 2 : 0);
    expect(writeWwd(value)).toEqual(bytes);
  });

  it('reads every field of the tiny level where the writer put it', async () => {
    const { value } = await parseOk(writeWwd(tinyWwdLevel(), { compress: true }));
    expect(value.header).toMatchObject({
      headerSize: 0x5f4,
      name: 'Delve tiny level',
      planeCount: 3,
      planesOffset: 1524,
      mainBlockLength: value.logical.length - 1524,
    });
    const [background, action, front] = value.planes;
    expect(background!.tilesOffset).toBe(1524 + 3 * 160);
    expect(action!.tilesOffset).toBe(background!.tilesOffset + 3 * 2 * 4);
    expect(front!.tilesOffset).toBe(action!.tilesOffset + 4 * 3 * 4);
    expect(background!.imageSetsOffset).toBe(front!.tilesOffset + 2 * 2 * 4);
    expect(action!.objectsOffset).toBe(front!.imageSetsOffset + 'FRONT\0'.length);
    expect(background!.objectsOffset).toBe(0);
    expect(background!.tiles).toEqual(Uint32Array.of(WWD_TILE_FILL, 12, 13, WWD_TILE_FILL, 14, 15));
    expect(action!.tiles[0]).toBe(WWD_TILE_EMPTY);
    expect(action!.objects.map((object) => object.name)).toEqual(['', '', 'Rat #2 – €5 “Ÿ”', '']);
    expect(action!.objects[2]!.nameLength).toBe('Rat #2 – €5 “Ÿ”'.length);
    expect(action!.objects[1]).toMatchObject({ hitTypeFlags: 0xffffffff, z: 1000, powerup: 33 });
    expect(value.tileProperties!.span.offset + value.tileProperties!.span.length).toBe(
      value.logical.length,
    );
    expect(value.tileProperties!.records.map((record) => record.kind)).toEqual([
      'single',
      'single',
      'double',
      'mask',
    ]);
  });

  it('is deterministic and lays out L before packing', () => {
    const level = tinyWwdLevel();
    expect(writeWwd(level, { compress: true })).toEqual(writeWwd(level, { compress: true }));
    const logical = layoutWwd(level);
    expect(writeWwd(level, { compress: false }).subarray(0x2f0)).toEqual(logical.subarray(0x2f0));
  });

  it('refuses what it cannot write, naming the field', () => {
    const level = tinyWwdLevel();
    expect(() =>
      writeWwd({ ...level, encoding: 'cp1252', header: { ...level.header, name: 'Tło' } }),
    ).toThrow(/header\.name/);
    expect(() =>
      writeWwd({ ...level, header: { ...level.header, author: 'x'.repeat(65) } }),
    ).toThrow(/header\.author: 65 bytes do not fit in 64/);
    const plane = draftWwdPlane({ tilesWide: 2, tilesHigh: 2, tiles: new Uint32Array(3) });
    expect(() => writeWwd(draftWwdLevel({ planes: [plane] }))).toThrow(/3 tiles for a 2×2 grid/);
  });

  it('writes a full-length fixed field without a NUL and reads it back capped', async () => {
    const name = 'N'.repeat(64);
    const { value } = await parseOk(writeWwd(draftWwdLevel({ header: { name, author: 'after' } })));
    expect(value.header.name).toBe(name);
    expect(value.header.author).toBe('after');
  });
});

describe('checksum formula (spec §8)', () => {
  it('skips byte 0, subtracts N(N+1)/2, adds T', () => {
    const block = Uint8Array.of(0xa0, 10, 20, 30);
    // Σ − blk[0] − N(N+1)/2 = 60 − 10 = 50
    expect(wwdChecksumWithoutInflatedByte(block)).toBe(50);
    expect(wwdChecksum(block, 255)).toBe(305);
    expect(wwdChecksumWithoutInflatedByte(Uint8Array.of(9))).toBe(0xffffffff);
    expect(wwdChecksumWithoutInflatedByte(new Uint8Array(0))).toBe(0);
  });

  it('stays exact mod 2³² where N(N+1)/2 passes 2⁵³', () => {
    // Only the triangle term depends on N for an all-zero block; compare with BigInt.
    const count = 200_000_001;
    const expected = Number(((-BigInt(count) * BigInt(count + 1)) / 2n) & 0xffffffffn);
    const zeros = new Uint8Array(count);
    expect(wwdChecksumWithoutInflatedByte(zeros)).toBe(expected);
  });
});

describe('wwdDocumentNodes', () => {
  async function nodesOf(bytes: Uint8Array) {
    const { value } = await parseOk(bytes);
    return { value, nodes: wwdDocumentNodes(value) };
  }

  it('lists header, planes with tiles/image sets/objects under their logic, and tile properties', async () => {
    const { value, nodes } = await nodesOf(writeWwd(tinyWwdLevel(), { compress: true }));
    expect(nodes.map((node) => node.path)).toEqual([
      'Header',
      'Planes',
      'Planes/Background',
      'Planes/Background/Tiles',
      'Planes/Background/Image sets',
      'Planes/Action',
      'Planes/Action/Tiles',
      'Planes/Action/Image sets',
      'Planes/Action/Objects',
      // A logic is no node of its own: the tree makes its folder from the objects' paths.
      'Planes/Action/Objects/BehindCandy/obj 3',
      'Planes/Action/Objects/Rat/obj 0',
      'Planes/Action/Objects/Rat/obj 2',
      'Planes/Action/Objects/TreasurePowerup/obj 1',
      'Planes/Front',
      'Planes/Front/Tiles',
      'Planes/Front/Image sets',
      'Tile properties',
      'Tile properties/0',
      'Tile properties/1',
      'Tile properties/2',
      'Tile properties/3',
    ]);
    const byPath = new Map(nodes.map((node) => [node.path, node]));
    const action = value.planes[1]!;
    expect(byPath.get('Header')!.span).toEqual({ offset: 0, length: 1524 });
    expect(byPath.get('Planes/Action')!.span).toEqual(action.span);
    expect(byPath.get('Planes/Action/Tiles')!.span).toEqual({
      offset: action.tilesOffset,
      length: 48,
    });
    expect(byPath.get('Planes/Action/Objects/Rat/obj 2')!.span).toEqual(action.objects[2]!.span);
    expect(byPath.get('Planes/Action/Objects')!.span).toEqual(action.objectsSpan);
    const header = new Map(byPath.get('Header')!.fields);
    expect(header.get('Checksum status')).toBe('OK');
    expect(header.get('Flags')).toBe('0x3 (use z-coords, compressed)');
    const tiles = new Map(byPath.get('Planes/Background/Tiles')!.fields);
    expect(tiles.get('Filled (0xEEEEEEEE)')).toBe('2');
    const treasure = new Map(byPath.get('Planes/Action/Objects/TreasurePowerup/obj 1')!.fields);
    expect(treasure.get('Hit type')).toBe('0xFFFFFFFF (all)');
    expect(treasure.get('Object type')).toBe('0x8 (powerup)');
    const double = new Map(byPath.get('Tile properties/2')!.fields);
    expect(double.get('Inside rect (inclusive)')).toBe('(0, 0, 39, 54)');
    expect(double.get('Outside')).toBe('1 (solid)');
    for (const node of nodes) {
      expect(node.span.offset + node.span.length).toBeLessThanOrEqual(value.logical.length);
    }
  });

  it('gives a node bytes only where they are its own: no node for a group of records', async () => {
    const { value, nodes } = await nodesOf(writeWwd(tinyWwdLevel(), { compress: true }));
    const byPath = new Map(nodes.map((node) => [node.path, node]));
    const within = (inner: { offset: number; length: number }, outer: typeof inner) =>
      inner.offset >= outer.offset && inner.offset + inner.length <= outer.offset + outer.length;
    for (const node of nodes) {
      const parentPath = node.path.slice(0, Math.max(0, node.path.lastIndexOf('/')));
      if (parentPath === '') continue;
      // Every path's parent is a node, or a logic folder under a plane's object block.
      const parent = byPath.get(parentPath);
      if (!parent) {
        expect(parentPath).toMatch(/^Planes\/[^/]+\/Objects\/[^/]+$/);
        expect(within(node.span, byPath.get(parentPath.replace(/\/[^/]+$/, ''))!.span)).toBe(true);
        continue;
      }
      // A parent whose bytes do not hold its children's is a table of headers: it says so.
      if (!within(node.span, parent.span)) {
        expect(parentPath).toMatch(/^Planes(\/[^/]+)?$/);
        expect(new Map(parent.fields).get('Bytes')).toMatch(/header/);
      }
    }
    const action = value.planes[1]!;
    expect(new Map(byPath.get('Planes/Action')!.fields).get('Bytes')).toBe(
      `0x${action.span.offset.toString(16).toUpperCase()} (160 bytes): this plane's header only; its tiles, image sets and objects are the nodes below`,
    );
    expect(new Map(byPath.get('Planes')!.fields).get('Bytes')).toBe(
      '0x5F4 (480 bytes): the 3 plane headers only',
    );
  });

  it('keeps paths unique and unsplittable for repeated, empty or slashed names', async () => {
    const level = draftWwdLevel({
      planes: [
        draftWwdPlane({ name: 'Back', tilesWide: 1, tilesHigh: 1 }),
        draftWwdPlane({ name: 'Back', tilesWide: 1, tilesHigh: 1 }),
        draftWwdPlane({
          name: '',
          flags: 1,
          tilesWide: 1,
          tilesHigh: 1,
          objects: [
            draftWwdObject({ logic: 'A/B' }),
            draftWwdObject({ logic: '' }),
            draftWwdObject({ logic: '(no logic)' }),
          ],
        }),
      ],
    });
    const { nodes } = await nodesOf(writeWwd(level));
    const paths = nodes.map((node) => node.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('Planes/Back #0');
    expect(paths).toContain('Planes/Back #1');
    expect(paths).toContain('Planes/(unnamed) #2/Objects/A\u2215B/obj 0');
    expect(paths).toContain('Planes/(unnamed) #2/Objects/(no logic)/obj 1');
    // "∕" cannot come from a file (neither code page has it); a literal fallback can.
    expect(paths).toContain('Planes/(unnamed) #2/Objects/(no logic) #1/obj 2');
  });

  it('states as facts only what was read of the header', async () => {
    const fixtures = makeWwdFixtures();
    const open = (file: string) =>
      openWwdSession({
        sources: [new MemoryByteSource(fixtures.find((each) => each.file.endsWith(file))!.bytes)],
        services: inlineServices(),
        sink: { nodes: () => undefined, nodeRange: () => undefined },
      });
    const badHeader = await open('bad-header-size.wwd');
    expect(badHeader.fatal).toMatchObject({ code: 'BAD_MAGIC', offset: 0 });
    expect(badHeader.facts).toEqual([]);
    // The header was read, the main block was not: its facts, and no planes made up.
    const uninflated = await open('truncated-main-block.wwd');
    expect(uninflated.fatal).toMatchObject({ code: 'DECOMPRESS_FAILED' });
    const facts = new Map(uninflated.facts);
    expect(facts.get('Name')).toBe(tinyWwdLevel().header.name);
    expect(facts.get('Compressed')).toBe('yes (zlib)');
    expect(facts.get('Planes')).toBe('3 declared, 0 read');
    expect(facts.get('Checksum')).toBe('not computed (the level could not be read)');
  });

  it('shows what a failed parse read, and nothing for a bad header', async () => {
    const fixtures = makeWwdFixtures();
    const failed = fixtures.find((fixture) => fixture.file.endsWith('object-string-length.wwd'))!;
    const result = await parseWwd(failed.bytes);
    expect(result.fatal).not.toBeNull();
    const paths = wwdDocumentNodes(result.value).map((node) => node.path);
    expect(paths).toContain('Planes/Background/Tiles');
    expect(paths).toContain('Planes/Action/Objects/Rat/obj 2');
    expect(paths).not.toContain('Tile properties');
    const cut = fixtures.find((fixture) => fixture.file.endsWith('truncated-main-block.wwd'))!;
    const uninflated = await parseWwd(cut.bytes);
    expect(uninflated.fatal).toMatchObject({ code: 'DECOMPRESS_FAILED' });
    expect(uninflated.value.logical).toHaveLength(1524);
    expect(wwdDocumentNodes(uninflated.value)[0]).toMatchObject({ path: 'Header' });
    const badHeader = fixtures.find((fixture) => fixture.file.endsWith('bad-header-size.wwd'))!;
    expect(wwdDocumentNodes((await parseWwd(badHeader.bytes)).value)).toEqual([]);
  });
});

describe('large levels', () => {
  it('inflates a main block past the native-engine threshold, with trailing data', async () => {
    const tiles = new Uint32Array(1200 * 1000);
    tiles.forEach((_, index) => (tiles[index] = index % 7 === 0 ? WWD_TILE_EMPTY : index % 900));
    const plane = draftWwdPlane({ flags: 1, tilesWide: 1200, tilesHigh: 1000, tiles });
    const level = draftWwdLevel({ planes: [plane], trailingData: { bytes: Uint8Array.of(9, 9) } });
    const bytes = writeWwd(level, { compress: true });
    const { value, issues, fatal } = await parseWwd(bytes);
    expect(fatal).toBeNull();
    expect(issues.map((issue) => issue.code)).toEqual(['TRAILING_DATA']);
    expect(value.logical.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(value.planes[0]!.tiles[899 * 7 + 1]).toBe((899 * 7 + 1) % 900);
    expect(value.checksum?.match).toBe(true);
  });
});

describe('readWwd', () => {
  it('reads from a ByteSource like parseWwd', async () => {
    const bytes = writeWwd(tinyWwdLevel());
    const result = await readWwd(new MemoryByteSource(bytes, 'tiny.wwd'));
    expect(result.fatal).toBeNull();
    expect(result.value.planes).toHaveLength(3);
  });

  it('refuses a file above the cap with TOO_LARGE before reading it', async () => {
    let reads = 0;
    const huge: ByteSource = {
      name: 'huge.wwd',
      size: WWD_MAX_FILE_SIZE + 1,
      read: () => {
        reads++;
        return Promise.resolve(new Uint8Array(0));
      },
    };
    const result = await readWwd(huge);
    expect(result.fatal).toMatchObject({ code: 'TOO_LARGE', offset: 0, format: 'wwd' });
    expect(reads).toBe(0);
  });

  it('refuses a declared main block above the cap with TOO_LARGE at 0x2E8', async () => {
    const bytes = writeWwd(tinyWwdLevel(), { compress: true });
    new DataView(bytes.buffer).setUint32(0x2e8, 0xfffffff0, true);
    const result = await parseWwd(bytes);
    expect(result.fatal).toMatchObject({ code: 'TOO_LARGE', offset: 0x2e8 });
  });
});
