/**
 * Forged fields: write a valid level, change one field (in L, before packing), check the
 * code and offset of what the reader reports (never the message text). Offsets are in L.
 */
import { describe, expect, it } from 'vitest';
import { forgeWwd, tinyWwdLevel, type WwdOffsets } from './fixtures/make-fixtures.ts';
import {
  WWD_HEADER_FIELD as HEADER,
  WWD_OBJECT_FIXED_SIZE,
  WWD_PLANE_FIELD as PLANE,
  parseWwd,
} from './read.ts';
import { layoutWwd, packWwd, writeWwd, type WwdPackOptions } from './write.ts';

const PLAIN: WwdPackOptions = { compress: false };
const ZLIB: WwdPackOptions = { compress: true };

async function forged(
  forge: (view: DataView, offsets: WwdOffsets, logical: Uint8Array) => Uint8Array | void,
  pack: WwdPackOptions = PLAIN,
) {
  const { bytes, offsets } = forgeWwd(tinyWwdLevel(), forge, pack);
  return { offsets, bytes, ...(await parseWwd(bytes)) };
}
const setU32 =
  (at: (offsets: WwdOffsets) => number, value: number) => (view: DataView, offsets: WwdOffsets) =>
    view.setUint32(at(offsets), value >>> 0, true);
const offsetsOfTiny = forgeWwd(tinyWwdLevel(), () => {}).offsets;
const action = offsetsOfTiny.planes[1]!;
const front = offsetsOfTiny.planes[2]!;
const table = offsetsOfTiny.tileDescriptionsOffset;
const plain = writeWwd(tinyWwdLevel(), { compress: false });

describe('header', () => {
  it.each([
    ['empty file', new Uint8Array(0), 'UNEXPECTED_EOF', 0],
    ['3 bytes', plain.slice(0, 3), 'UNEXPECTED_EOF', 0],
    ['cut in the name', plain.slice(0, 0x20), 'UNEXPECTED_EOF', HEADER.name],
    ['cut in the author', plain.slice(0, 0x60), 'UNEXPECTED_EOF', HEADER.author],
    ['cut before startX', plain.slice(0, 0x2d2), 'UNEXPECTED_EOF', HEADER.startX],
    ['cut in the checksum', plain.slice(0, 0x2ee), 'UNEXPECTED_EOF', HEADER.checksum],
    ['cut in the last prefix', plain.slice(0, 1523), 'UNEXPECTED_EOF', 0x5d4],
  ])('%s: %s at its offset', async (_label, bytes, code, offset) => {
    const { fatal } = await parseWwd(bytes);
    expect(fatal).toMatchObject({ code, offset, format: 'wwd' });
  });

  it.each([0, 0x5f5, 0xadba, 0xf4, 0xffffffff])(
    'header size %d is BAD_MAGIC at 0',
    async (size) => {
      const { fatal, value } = await forged(setU32(() => 0, size));
      expect(fatal).toMatchObject({ code: 'BAD_MAGIC', offset: 0, path: 'header.headerSize' });
      expect(value.planes).toEqual([]);
    },
  );

  it('a header with nothing after it: BAD_COUNT for its planes', async () => {
    const { fatal } = await parseWwd(plain.slice(0, 1524));
    expect(fatal).toMatchObject({ code: 'BAD_COUNT', offset: HEADER.planeCount });
  });

  it.each([
    ['planesOffset', HEADER.planesOffset],
    ['tileDescriptionsOffset', HEADER.tileDescriptionsOffset],
  ])('%s past the end of L is OUT_OF_BOUNDS at the field', async (_field, at) => {
    const { fatal } = await forged(setU32(() => at, plain.length + 1));
    expect(fatal).toMatchObject({ code: 'OUT_OF_BOUNDS', offset: at });
  });

  it('a table header cut by the end of L: UNEXPECTED_EOF at the cut field', async () => {
    const { fatal, value } = await forged(
      setU32(() => HEADER.tileDescriptionsOffset, plain.length - 10),
    );
    expect(fatal).toMatchObject({ code: 'UNEXPECTED_EOF', offset: plain.length - 2 });
    expect(value.planes.map((plane) => plane.objects.length)).toEqual([0, 4, 0]);
  });

  it('flags say compressed but the main block is not zlib: DECOMPRESS_FAILED at 0x5F4', async () => {
    const bytes = plain.slice();
    new DataView(bytes.buffer).setUint32(HEADER.flags, 3, true);
    const { fatal } = await parseWwd(bytes);
    expect(fatal).toMatchObject({ code: 'DECOMPRESS_FAILED', offset: 0x5f4 });
  });

  it.each([+1, -1, 10_000_000])(
    'compressed, mainBlockLength off by %d: SIZE_MISMATCH at 0x2E8',
    async (delta) => {
      const bytes = writeWwd(tinyWwdLevel(), { compress: true });
      const view = new DataView(bytes.buffer);
      view.setUint32(
        HEADER.mainBlockLength,
        view.getUint32(HEADER.mainBlockLength, true) + delta,
        true,
      );
      const { fatal } = await parseWwd(bytes);
      expect(fatal).toMatchObject({ code: 'SIZE_MISMATCH', offset: HEADER.mainBlockLength });
    },
  );

  it('uncompressed with a main-block length: a warning, the level still reads', async () => {
    const bytes = plain.slice();
    new DataView(bytes.buffer).setUint32(HEADER.mainBlockLength, 1234, true);
    const { fatal, issues } = await parseWwd(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'MAIN_BLOCK_LENGTH',
        span: { offset: HEADER.mainBlockLength, length: 4 },
      }),
    ]);
  });

  it.each([PLAIN, ZLIB])('a forged checksum never rejects the level (%o)', async (pack) => {
    const { fatal, issues, value } = await forged(
      setU32(() => HEADER.checksum, 7),
      {
        ...pack,
        keepChecksum: true,
      },
    );
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.span])).toEqual([
      ['CHECKSUM_MISMATCH', { offset: HEADER.checksum, length: 4 }],
    ]);
    expect(value.checksum).toMatchObject({ stored: 7, match: false });
    expect(value.planes).toHaveLength(3);
  });

  it('unknown header flag bits and a zero plane count are reported, not fatal', async () => {
    const flagged = await forged(setU32(() => HEADER.flags, 0x101));
    expect(flagged.issues.map((issue) => issue.code)).toEqual(['UNKNOWN_FLAGS']);
    const none = await forged(setU32(() => HEADER.planeCount, 0));
    expect(none.fatal).toBeNull();
    expect(none.issues.map((issue) => issue.code)).toContain('PLANE_COUNT');
  });
});

describe('planes', () => {
  it.each([
    ['tilesWide', PLANE.tilesWide],
    ['tilesHigh', PLANE.tilesHigh],
  ])('negative %s is BAD_VALUE at the field', async (_field, field) => {
    const { fatal } = await forged(setU32(() => action.start + field, -2));
    expect(fatal).toMatchObject({ code: 'BAD_VALUE', offset: action.start + field });
  });

  it('a grid larger than L is BAD_COUNT at tilesWide, before allocating', async () => {
    const { fatal } = await forged((view) => {
      view.setInt32(action.start + PLANE.tilesWide, 0x7fffffff, true);
      view.setInt32(action.start + PLANE.tilesHigh, 0x7fffffff, true);
    });
    expect(fatal).toMatchObject({ code: 'BAD_COUNT', offset: action.start + PLANE.tilesWide });
  });

  it.each([
    ['tilesOffset', PLANE.tilesOffset, 'OUT_OF_BOUNDS', 1e9],
    ['imageSetsOffset', PLANE.imageSetsOffset, 'OUT_OF_BOUNDS', 1e9],
    ['objectsOffset', PLANE.objectsOffset, 'OUT_OF_BOUNDS', 1e9],
    ['imageSetCount', PLANE.imageSetCount, 'BAD_COUNT', 0xffffffff],
    ['objectCount', PLANE.objectCount, 'BAD_COUNT', 0xffffffff],
  ])('%s forged: %s at the field', async (_field, field, code, value) => {
    const { fatal } = await forged(setU32(() => action.start + field, value));
    expect(fatal).toMatchObject({ code, offset: action.start + field });
  });

  it('planes read before a fatal error are kept', async () => {
    const { fatal, value } = await forged(setU32(() => front.start + PLANE.tilesOffset, 1e9));
    expect(fatal).toMatchObject({ code: 'OUT_OF_BOUNDS', path: 'planes[2].tilesOffset' });
    expect(value.planes).toHaveLength(3);
    expect(value.planes[1]!.objects).toHaveLength(4);
    expect(value.planes[1]!.tiles).toHaveLength(12);
    expect(value.planes[2]!.tiles).toHaveLength(0);
    expect(value.tileProperties).toBeNull();
  });

  it('an image-set name without a NUL before the end of L: UNEXPECTED_EOF at its start', async () => {
    // The tiny level ends with a mask whose last 4 bytes are non-zero.
    const { fatal } = await forged(
      setU32(() => action.start + PLANE.imageSetsOffset, plain.length - 4),
    );
    expect(fatal).toMatchObject({ code: 'UNEXPECTED_EOF', offset: plain.length - 4 });
  });

  it('an object string length past L: UNEXPECTED_EOF at its strings; earlier objects kept', async () => {
    const third = action.objects[2]!;
    const { fatal, value } = await forged(setU32(() => third + 0x0c, 0xffffffff));
    expect(fatal).toMatchObject({
      code: 'UNEXPECTED_EOF',
      offset: third + WWD_OBJECT_FIXED_SIZE,
      path: 'planes[1].objects[2]',
    });
    expect(value.planes[1]!.objects.map((object) => object.id)).toEqual([179, 180]);
  });

  it('in a compressed level, offsets are still in L', async () => {
    const third = action.objects[2]!;
    const { fatal, bytes } = await forged(
      setU32(() => third + 0x04, 0x7fffffff),
      ZLIB,
    );
    expect(bytes.length).toBeLessThan(third);
    expect(fatal).toMatchObject({ code: 'UNEXPECTED_EOF', offset: third + WWD_OBJECT_FIXED_SIZE });
  });

  it.each([
    ['size field', PLANE.size, 0x99, 'PLANE_SIZE'],
    ['pixel width', PLANE.pixelWidth, 1, 'PIXEL_SIZE'],
    ['flags', PLANE.flags, 0x101, 'UNKNOWN_FLAGS'],
  ])('odd plane %s: an issue at the plane, not fatal', async (_label, field, value, code) => {
    const { fatal, issues } = await forged(setU32(() => action.start + field, value));
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      [code, action.start + field],
    ]);
  });

  it('no main plane, or two, is a warning', async () => {
    const none = await forged(setU32(() => action.start + PLANE.flags, 0));
    const two = await forged(setU32(() => front.start + PLANE.flags, 1));
    expect(none.issues.map((issue) => issue.code)).toEqual(['MAIN_PLANE']);
    expect(two.issues.map((issue) => issue.code)).toEqual(['MAIN_PLANE']);
  });
});

describe('tile properties', () => {
  const record = (index: number) => table + 32 + [0, 20, 40, 80][index]!;

  it('a count that cannot fit is BAD_COUNT at the count field', async () => {
    const { fatal } = await forged(setU32(() => table + 8, 0x10000000));
    expect(fatal).toMatchObject({
      code: 'BAD_COUNT',
      offset: table + 8,
      path: 'tileProperties.count',
    });
  });

  it('an unknown type stops the table with an error issue; the records before stay', async () => {
    const { fatal, issues, value } = await forged(setU32(() => record(2), 0));
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.severity, issue.span?.offset])).toEqual([
      ['TILE_PROPERTY_TYPE', 'error', record(2)],
      ['UNUSED_BYTES', 'warning', record(2)],
    ]);
    expect(value.tileProperties!.records).toHaveLength(2);
  });

  it('a mask larger than what is left: UNEXPECTED_EOF at its body', async () => {
    const { fatal } = await forged((view) => {
      view.setUint32(record(3) + 8, 0xffffffff, true);
      view.setUint32(record(3) + 12, 0xffffffff, true);
    });
    expect(fatal).toMatchObject({ code: 'UNEXPECTED_EOF', offset: record(3) + 16 });
  });

  it('a header size other than 0x20 is a warning; fewer records than present leave unused bytes', async () => {
    const header = await forged(setU32(() => table, 0x24));
    expect(header.issues.map((issue) => issue.code)).toEqual(['TILE_PROPERTIES_HEADER']);
    const fewer = await forged(setU32(() => table + 8, 3));
    expect(fewer.issues.map((issue) => [issue.code, issue.span])).toEqual([
      ['UNUSED_BYTES', { offset: record(3), length: 16 + 8 }],
    ]);
  });
});

describe('memory guards', () => {
  it('grids that claim more bytes than L holds are OVERLAP before allocating', async () => {
    const logical = layoutWwd(tinyWwdLevel());
    const { fatal } = await forged((view) => {
      for (const plane of offsetsOfTiny.planes) {
        view.setUint32(plane.start + PLANE.tilesOffset, 1524, true);
        view.setInt32(plane.start + PLANE.tilesWide, 1, true);
        view.setInt32(plane.start + PLANE.tilesHigh, Math.floor((logical.length - 1524) / 4), true);
      }
    });
    expect(fatal).toMatchObject({ code: 'OVERLAP', offset: 1524, path: 'planes[0].tiles' });
  });

  it('a packed level whose L was cut keeps its structure errors in L terms', async () => {
    const logical = layoutWwd(tinyWwdLevel());
    const cut = logical.slice(0, action.objects[1]! + 10);
    const { fatal } = await parseWwd(packWwd(cut, ZLIB));
    expect(fatal).toMatchObject({ code: 'BAD_COUNT', offset: action.start + PLANE.objectCount });
  });
});
