/**
 * fast-check properties (seeded): random index models round-trip through the writer and
 * the reader; random packages unpack to their files with ids = CityHash64(path); mutated
 * indexes give a result or a FormatError within a time budget, never another exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unpackWowsRecord } from './fixtures/make-fixtures.ts';
import { cityHash64Text } from './hashes.ts';
import { joinU64, nodeName, parseWowsIndex } from './read.ts';
import type { WowsIndexInput, WowsPackageFile } from './types.ts';
import { buildWowsPackage, planWowsIndex, rawFromWowsIndex, writeWowsIndex } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const u32 = fc.nat({ max: 0xffffffff });
const name = fc.stringMatching(/^[A-Za-z0-9_.\-üé漢]{1,16}$/);
const compression = fc.constantFrom({ type: 0, flags: 0 }, { type: 5, flags: 1 });

const model: fc.Arbitrary<WowsIndexInput> = fc.record({
  nodes: fc.array(fc.record({ name, id: u64, parentId: u64 }), { maxLength: 20 }),
  files: fc.array(
    fc
      .record({
        resourceId: u64,
        volumeId: u64,
        offset: fc.bigInt({ min: 0n, max: (1n << 53n) - 1n }),
        compression,
        storedSize: u32,
        crc: u32,
        unpackedSize: u32,
      })
      .map(({ compression: { type, flags }, ...record }) => ({
        ...record,
        compressionType: type,
        compressionFlags: flags,
      })),
    { maxLength: 20 },
  ),
  volumes: fc.array(fc.record({ name, id: u64 }), { minLength: 1, maxLength: 3 }),
});

describe('properties', () => {
  it('random models round-trip: parse(write(m)) == m', () => {
    fc.assert(
      fc.property(model, (input) => {
        const bytes = writeWowsIndex(input);
        const result = parseWowsIndex(bytes);
        expect(result.fatal).toBeNull();
        expect(result.issues).toEqual([]);
        const expected = planWowsIndex(input);
        expected.header.hash = result.value.header.computedHash;
        expect(rawFromWowsIndex(result.value)).toEqual(expected);
        const names = input.nodes.map((_, node) => nodeName(result.value, node));
        expect(names).toEqual(input.nodes.map((node) => node.name));
        expect(result.value.volumes.map((volume) => volume.name)).toEqual(
          input.volumes.map((volume) => volume.name),
        );
      }),
      { seed: 20240601, numRuns: 200 },
    );
  });

  const segment = fc.stringMatching(/^[a-z0-9_]{1,6}$/);
  const files: fc.Arbitrary<WowsPackageFile[]> = fc.uniqueArray(
    fc.record({
      // Directories have no dot and files end in `.bin`: no path is both.
      path: fc
        .tuple(fc.array(segment, { maxLength: 3 }), segment)
        .map(([directories, file]) => [...directories, `${file}.bin`].join('/')),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 400 }),
        fc.string({ maxLength: 300 }).map((value) => new TextEncoder().encode(value.repeat(3))),
      ),
      compression: fc.constantFrom('deflate' as const, 'stored' as const),
    }),
    { selector: (file) => file.path, minLength: 1, maxLength: 12 },
  );

  it('random packages unpack to their files; ids are CityHash64 of the paths', () => {
    fc.assert(
      fc.property(files, fc.option(fc.nat(), { nil: undefined }), (entries, shuffle) => {
        const volumeName = 'random_0001.pkg';
        const options = shuffle === undefined ? { volumeName } : { volumeName, shuffle };
        const { index: bytes, pkg } = buildWowsPackage(entries, options);
        const result = parseWowsIndex(bytes);
        expect(result.fatal).toBeNull();
        expect(result.issues).toEqual([]);
        const index = result.value;
        const idToPath = new Map(entries.map((entry) => [cityHash64Text(entry.path), entry]));
        let pkgEnd = 0;
        for (let record = 0; record < index.files.count; record++) {
          const id = joinU64(index.files.resourceLo[record]!, index.files.resourceHi[record]!);
          const entry = idToPath.get(id);
          expect(entry).toBeDefined();
          expect(unpackWowsRecord(index, record, pkg)).toEqual(entry!.bytes);
          const end = index.files.offsets[record]! + index.files.storedSizes[record]! + 16;
          pkgEnd = Math.max(pkgEnd, end);
        }
        expect(index.files.count).toBe(entries.length);
        expect(pkgEnd).toBe(pkg.length);
        const volume = index.volumes[0]!;
        expect(joinU64(volume.idLo, volume.idHi)).toBe(cityHash64Text(volumeName));
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  const mutation = fc.oneof(
    fc.record({
      kind: fc.constant('set' as const),
      at: fc.nat(),
      value: fc.integer({ min: 0, max: 255 }),
    }),
    fc.record({
      kind: fc.constant('u32' as const),
      at: fc.nat(),
      value: fc.constantFrom(0, 1, 24, 40, 0x7fffffff, 0xffffffff, 0x20000000),
    }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(), value: fc.constant(0) }),
  );

  function mutate(
    bytes: Uint8Array,
    mutations: { kind: 'set' | 'u32' | 'truncate'; at: number; value: number }[],
  ): Uint8Array {
    let out = bytes.slice();
    for (const { kind, at, value } of mutations) {
      if (out.length === 0) break;
      const position = at % out.length;
      if (kind === 'set') out[position] = value;
      else if (kind === 'truncate') out = out.slice(0, position);
      else if (position + 4 <= out.length)
        new DataView(out.buffer).setUint32(position, value, true);
    }
    return out;
  }

  it('mutated indexes give a result or a FormatError within the budget, never another exception', () => {
    fc.assert(
      fc.property(
        files,
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (entries, mutations) => {
          const { index } = buildWowsPackage(entries, { volumeName: 'mutated_0001.pkg' });
          const bytes = mutate(index, mutations);
          const started = performance.now();
          const result = parseWowsIndex(bytes);
          expect(result.fatal?.code).not.toBe('INTERNAL');
          const { nodes, files: records } = result.value;
          for (let node = 0; node < nodes.count; node++)
            expect(typeof nodeName(result.value, node)).toBe('string');
          expect(records.offsets.length).toBe(records.count);
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { seed: 1337, numRuns: 400 },
    );
  });
});
