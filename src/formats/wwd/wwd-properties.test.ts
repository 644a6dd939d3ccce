/**
 * fast-check properties (seeded): random small levels round-trip through the writer and
 * the reader; mutated levels give a result or a FormatError within a time budget, never
 * another exception or an endless loop (a non-FormatError would surface as INTERNAL).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCodePage } from '../../binary/code-pages.ts';
import { wwdDocumentNodes } from './document.ts';
import { draftWwdLevel, draftWwdObject, draftWwdPlane, wwdLevelInput } from './draft.ts';
import { tinyWwdLevel } from './fixtures/make-fixtures.ts';
import { parseWwd } from './read.ts';
import type {
  WwdEncoding,
  WwdLevelInput,
  WwdObjectInput,
  WwdPlaneInput,
  WwdTilePropertyInput,
} from './types.ts';
import { writeWwd } from './write.ts';
import { fuzzTarget } from '../fuzz/run-fuzz.ts';
import { wwdFuzzTarget } from './fuzz-target.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const i32 = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });

/** Text that the encoding can write: the decoding of random bytes (no NUL when `noNul`). */
const text = (encoding: WwdEncoding, maxLength: number, noNul = true) =>
  fc
    .uint8Array({ min: noNul ? 1 : 0, max: 255, maxLength })
    .map((bytes) => decodeCodePage(bytes, encoding));

const rect = fc.record({ left: i32, top: i32, right: i32, bottom: i32 });

// prettier-ignore
const I32_FIELDS = [
  'id', 'x', 'y', 'z', 'i', 'score', 'points', 'powerup', 'damage', 'smarts', 'health',
  'minX', 'minY', 'maxX', 'maxY', 'speedX', 'speedY', 'tweakX', 'tweakY', 'counter', 'speed',
  'width', 'height', 'direction', 'faceDir', 'timeDelay', 'frameDelay',
] as const;
// prettier-ignore
const U32_FIELDS = [
  'addFlags', 'dynamicFlags', 'drawFlags', 'userFlags', 'objectType', 'hitTypeFlags',
  'moveResX', 'moveResY',
] as const;

function objectArbitrary(encoding: WwdEncoding): fc.Arbitrary<WwdObjectInput> {
  const numbers: Record<string, fc.Arbitrary<number>> = {};
  for (const field of I32_FIELDS) numbers[field] = i32;
  for (const field of U32_FIELDS) numbers[field] = u32;
  return fc
    .record({
      numbers: fc.record(numbers),
      rects: fc.array(rect, { minLength: 6, maxLength: 6 }),
      userValues: fc.array(i32, { minLength: 8, maxLength: 8 }),
      strings: fc.array(text(encoding, 12, false), { minLength: 4, maxLength: 4 }),
    })
    .map(({ numbers: values, rects, userValues, strings }) => {
      return draftWwdObject({
        ...values,
        moveRect: rects[0]!,
        hitRect: rects[1]!,
        attackRect: rects[2]!,
        clipRect: rects[3]!,
        userRect1: rects[4]!,
        userRect2: rects[5]!,
        userValues,
        name: strings[0]!,
        logic: strings[1]!,
        imageSet: strings[2]!,
        animation: strings[3]!,
      });
    });
}

function planeArbitrary(encoding: WwdEncoding, isMain: boolean): fc.Arbitrary<WwdPlaneInput> {
  return fc
    .record({
      tilesWide: fc.integer({ min: 0, max: 5 }),
      tilesHigh: fc.integer({ min: 0, max: 5 }),
      tileSize: fc.constantFrom(32, 64),
      flags: fc.integer({ min: 0, max: 0x1e }).map((bits) => (bits & 0x1e) | (isMain ? 1 : 0)),
      name: text(encoding, 64),
      numbers: fc.array(i32, { minLength: 7, maxLength: 7 }),
      unknowns: fc.array(u32, { minLength: 5, maxLength: 5 }),
      cells: fc.array(fc.oneof(u32, fc.constantFrom(0xffffffff, 0xeeeeeeee)), { maxLength: 25 }),
      imageSets: fc.array(text(encoding, 10), { maxLength: 2 }),
      objects: fc.array(objectArbitrary(encoding), { maxLength: isMain ? 3 : 1 }),
    })
    .map(
      ({
        tilesWide,
        tilesHigh,
        tileSize,
        flags,
        name,
        numbers,
        unknowns,
        cells,
        imageSets,
        objects,
      }) => {
        const tiles = new Uint32Array(tilesWide * tilesHigh);
        tiles.forEach((_, index) => (tiles[index] = cells[index % Math.max(1, cells.length)] ?? 0));
        const [scrollX, scrollY, moveXPercent, moveYPercent, fillColor, zCoord] = numbers;
        const [unknown04, unknown0C, unknown94, unknown98, unknown9C] = unknowns;
        return draftWwdPlane({
          ...{
            tilesWide,
            tilesHigh,
            tileWidth: tileSize,
            tileHeight: tileSize,
            flags,
            name,
            tiles,
          },
          ...{
            scrollX: scrollX!,
            scrollY: scrollY!,
            moveXPercent: moveXPercent!,
            moveYPercent: moveYPercent!,
          },
          ...{ fillColor: fillColor!, zCoord: zCoord!, imageSets, objects },
          ...{
            unknown04: unknown04!,
            unknown0C: unknown0C!,
            unknown94: unknown94!,
            unknown98: unknown98!,
            unknown9C: unknown9C!,
          },
        });
      },
    );
}

const tileProperty: fc.Arbitrary<WwdTilePropertyInput> = fc.oneof(
  fc.record({
    kind: fc.constant('single' as const),
    unknown04: u32,
    width: u32,
    height: u32,
    attribute: i32,
  }),
  fc.record({
    kind: fc.constant('double' as const),
    unknown04: u32,
    width: u32,
    height: u32,
    outside: i32,
    inside: i32,
    rect,
  }),
  fc
    .record({
      unknown04: u32,
      width: fc.integer({ min: 0, max: 4 }),
      height: fc.integer({ min: 0, max: 4 }),
    })
    .chain((base) =>
      fc
        .uint8Array({ minLength: base.width * base.height, maxLength: base.width * base.height })
        .map((mask) => ({ kind: 'mask' as const, ...base, mask })),
    ),
);

const levelArbitrary: fc.Arbitrary<{ level: WwdLevelInput; compress: boolean }> = fc
  .constantFrom<WwdEncoding>('cp1252', 'cp1250')
  .chain((encoding) =>
    fc.record({
      level: fc
        .integer({ min: 1, max: 3 })
        .chain((planeCount) =>
          fc.record({
            mainIndex: fc.integer({ min: 0, max: planeCount - 1 }),
            planeCount: fc.constant(planeCount),
          }),
        )
        .chain(({ mainIndex, planeCount }) =>
          fc.record({
            planes: fc.tuple(
              ...Array.from({ length: planeCount }, (_, index) =>
                planeArbitrary(encoding, index === mainIndex),
              ),
            ),
            name: text(encoding, 64),
            imageDir: text(encoding, 128),
            strings: fc.array(text(encoding, 32), { minLength: 8, maxLength: 8 }),
            numbers: fc.array(i32, { minLength: 2, maxLength: 2 }),
            unknowns: fc.array(u32, { minLength: 4, maxLength: 4 }),
            useZ: fc.boolean(),
            records: fc.array(tileProperty, { maxLength: 5 }),
            tableUnknowns: fc.array(u32, { minLength: 6, maxLength: 6 }),
          }),
        )
        .map(
          ({ planes, name, imageDir, strings, numbers, unknowns, useZ, records, tableUnknowns }) =>
            draftWwdLevel({
              encoding,
              header: {
                flags: useZ ? 1 : 0,
                name,
                imageDir,
                author: strings[0]!,
                birth: strings[1]!,
                rezFile: strings[2]!,
                palRez: strings[3]!,
                launchApp: strings[4]!,
                imageSets: [strings[5]!, strings[6]!, '', ''],
                prefixes: [strings[7]!, '', '', ''],
                startX: numbers[0]!,
                startY: numbers[1]!,
                unknown004: unknowns[0]!,
                unknown00C: unknowns[1]!,
                unknown2D8: unknowns[2]!,
                unknown2F0: unknowns[3]!,
              },
              planes: [...planes],
              tileProperties: {
                unknown04: tableUnknowns[0]!,
                unknown0C: tableUnknowns.slice(1),
                records,
              },
            }),
        ),
      compress: fc.boolean(),
    }),
  );

describe('properties', () => {
  it('random small levels round-trip: parse(write(m)) == m, checksum ok, no issues', async () => {
    await fc.assert(
      fc.asyncProperty(levelArbitrary, async ({ level, compress }) => {
        const bytes = writeWwd(level, { compress });
        const { value, issues, fatal } = await parseWwd(bytes, { encoding: level.encoding });
        expect(fatal).toBeNull();
        expect(issues).toEqual([]);
        expect(value.checksum?.match).toBe(true);
        const read = wwdLevelInput(value);
        expect(read.header.flags).toBe(level.header.flags | (compress ? 2 : 0));
        read.header.flags = level.header.flags;
        expect(read).toEqual(level);
        expect(writeWwd(value)).toEqual(bytes);
        const paths = wwdDocumentNodes(value).map((node) => node.path);
        expect(new Set(paths).size).toBe(paths.length);
      }),
      { seed: 1997, numRuns: 150 },
    );
  });

  const tinyPlain = writeWwd(tinyWwdLevel(), { compress: false });
  const tinyZlib = writeWwd(tinyWwdLevel(), { compress: true });
  const mutation = (base: Uint8Array) =>
    fc.record({
      edits: fc.array(
        fc.record({
          at: fc.integer({ min: 0, max: base.length - 1 }),
          value: fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0, 0xff, 0x7f, 0x80)),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      length: fc.oneof(fc.constant(base.length), fc.integer({ min: 0, max: base.length + 16 })),
    });

  it.each([
    ['uncompressed', tinyPlain],
    ['compressed', tinyZlib],
  ])('mutated %s levels give a result or a FormatError, in time', async (_label, base) => {
    await fc.assert(
      fc.asyncProperty(mutation(base), async ({ edits, length }) => {
        const bytes = new Uint8Array(length);
        bytes.set(base.subarray(0, length));
        for (const { at, value } of edits) if (at < length) bytes[at] = value;
        const started = performance.now();
        const result = await parseWwd(bytes);
        wwdDocumentNodes(result.value);
        expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        if (result.fatal) {
          expect(result.fatal.code).not.toBe('INTERNAL');
          expect(result.fatal.format).toBe('wwd');
          expect(result.fatal.offset).toBeGreaterThanOrEqual(0);
        }
      }),
      { seed: 2024, numRuns: 400 },
    );
  });

  it('mutated u32 fields of L (counts, offsets, sizes) give a result or a FormatError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: Math.floor(tinyPlain.length / 4) - 1 }),
        fc.oneof(u32, fc.constantFrom(0, 1, 0x7fffffff, 0x80000000, 0xffffffff)),
        async (word, value) => {
          const bytes = tinyPlain.slice();
          new DataView(bytes.buffer).setUint32(word * 4, value, true);
          const started = performance.now();
          const result = await parseWwd(bytes);
          wwdDocumentNodes(result.value);
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
          expect(result.fatal?.code).not.toBe('INTERNAL');
        },
      ),
      { seed: 1999, numRuns: 400 },
    );
  });

  it('the fuzz target (mutations at section boundaries and number fields) finds nothing', async () => {
    const stats = await fuzzTarget(wwdFuzzTarget, { seed: 0x5f4, numRuns: 400, budgetMs: 1000 });
    expect(stats.runs).toBe(400);
    expect(stats.decoded).toBeGreaterThan(0);
    expect(Object.keys(stats.errorCodes).length).toBeGreaterThan(2);
  });
});
