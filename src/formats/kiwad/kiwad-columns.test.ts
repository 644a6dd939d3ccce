/**
 * The reader's fast paths against its careful ones: the journal read into columns without
 * entry objects, names taken by the hot loop against the careful decoder, and the checks
 * over columns (duplicate names, overlaps) when the archive is not in KI's usual order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { forgeKiwad } from './fixtures/make-fixtures.ts';
import { KIWAD_RECORD_FIELD as FIELD, KiwadEntryColumns, NAME_HINT, readKiwad } from './read.ts';
import type { KiwadWriteEntry } from './types.ts';
import { setKiwadNameBytes, writeKiwad } from './write.ts';

const text = (value: string) => new TextEncoder().encode(value);
const read = (bytes: Uint8Array) => readKiwad(new MemoryByteSource(bytes));

describe('columns', () => {
  it('streams every entry into columns, with no entry objects kept', async () => {
    const entries = Array.from({ length: 2500 }, (_, index) => ({
      name: `Folder${index % 13}/file_${index}.${index % 3 === 0 ? 'ogg' : 'xml'}`,
      data: text(`entry ${index}`),
    }));
    const bytes = writeKiwad(entries, { version: 2 });
    const reference = await read(bytes);
    const columns = new KiwadEntryColumns();
    const ranges: [number, number][] = [];
    const result = await readKiwad(new MemoryByteSource(bytes), {
      retainEntries: false,
      columns,
      batchSize: 1000,
      onRecords: (from, start, end) => {
        expect(from).toBe(columns);
        ranges.push([start, end]);
      },
    });
    expect(result.fatal).toBeNull();
    expect(result.value.entries).toEqual([]);
    expect(result.value.journalEnd).toBe(reference.value.journalEnd);
    expect(ranges[0]![0]).toBe(0);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
    expect(ranges.at(-1)![1]).toBe(2500);
    expect(columns.length).toBe(2500);
    expect(Array.from({ length: 2500 }, (_, i) => columns.entry(i))).toEqual(
      reference.value.entries,
    );
  });

  it('refuses columns that already hold entries', async () => {
    const columns = new KiwadEntryColumns();
    columns.push(
      {
        name: 'x',
        dataOffset: 0,
        uncompressedSize: 0,
        compressedSize: 0,
        isCompressed: false,
        crc: 0,
        nameLength: 2,
      },
      13,
    );
    await expect(readKiwad(new MemoryByteSource(writeKiwad([])), { columns })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('names: the hot loop agrees with the careful decoder', () => {
  // The first record is always read carefully (nothing is in memory yet); a name placed
  // second is taken by the hot loop when it looks plain, so the two must agree on it.
  async function asFirstAndSecond(nameBytes: Uint8Array) {
    const pair: KiwadWriteEntry[] = [
      { name: 'filler/plain.txt', data: text('f') },
      { name: 'x', data: text('x') },
    ];
    const first = forgeKiwad([pair[1]!], {}, (plan) => setKiwadNameBytes(plan, 0, nameBytes));
    const second = forgeKiwad(pair, { keepOrder: true }, (plan) =>
      setKiwadNameBytes(plan, 1, nameBytes),
    );
    const alone = await read(first.bytes);
    const after = await read(second.bytes);
    const issuesOf = (issues: typeof alone.issues, recordOffset: number) =>
      issues.map((issue) => ({
        code: issue.code,
        spanStart: issue.span!.offset - recordOffset - FIELD.name,
        length: issue.span!.length,
      }));
    return {
      careful: {
        name: alone.value.entries[0]?.name,
        issues: issuesOf(alone.issues, first.recordOffsets[0]!),
      },
      fast: {
        name: after.value.entries[1]?.name,
        issues: issuesOf(after.issues, second.recordOffsets[1]!),
      },
    };
  }

  it.each([
    'a/b/c.txt',
    '.hidden',
    'a/.hidden',
    'a/./b',
    'a/../b',
    '..',
    'a//b',
    '/abs',
    'dir/',
    'C:/drive.txt',
    'a:b',
    'back\\slash',
    'tab\there',
    'del\x7f',
    'ütf-8/náme',
    'space in name.txt',
    'x',
    '',
  ])('%j', async (name) => {
    const { careful, fast } = await asFirstAndSecond(new Uint8Array([...text(name), 0]));
    expect(fast).toEqual(careful);
    expect(careful.name).toBe(name);
  });

  it('agrees on random names, with and without their NUL, never throwing', async () => {
    const byte = fc.constantFrom(
      0x00,
      0x09,
      0x2e,
      0x2f,
      0x3a,
      0x5c,
      0x61,
      0x41,
      0x7f,
      0xc3,
      0xa9,
      0xff,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 12 }),
        fc.array(byte, { maxLength: 12 }),
        async (raw, picked) => {
          const nameBytes = new Uint8Array([...raw.map((value) => value & 0x7f), ...picked]);
          if (nameBytes.length === 0) return;
          const { careful, fast } = await asFirstAndSecond(nameBytes);
          expect(fast).toEqual(careful);
        },
      ),
      { seed: 4242, numRuns: 300 },
    );
  });
});

describe('long names', () => {
  it("reads a batch whose names overflow one scan's room for name text (1 MiB) in several scans", async () => {
    const names = Array.from(
      { length: 300 },
      (_, index) => `dir${index % 3}/${'n'.repeat(4000)}${String(index).padStart(3, '0')}`,
    );
    const entries = names.map((name) => ({ name, data: text('x') }));
    const result = await read(writeKiwad(entries, { version: 2 }));
    expect(result.fatal).toBeNull();
    expect(result.issues).toEqual([]);
    expect(result.value.entries.map((entry) => entry.name)).toEqual([...names].sort());
  });
});

describe('what the hot loop learns of each name (NAME_HINT)', () => {
  const segment = fc.constantFrom('a', 'ab', 'b', 'B', 'a.b', 'a-b', '.x', '', 'é', 'c:d');
  const name = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));

  it('matches the names themselves, sorted or not, across batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(name, { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (names, sort, batchSize) => {
          const list = sort ? [...names].sort() : names;
          const entries = list.map((entryName) => ({ name: entryName, data: text('x') }));
          const columns = new KiwadEntryColumns();
          const result = await readKiwad(
            new MemoryByteSource(forgeKiwad(entries, { keepOrder: true }).bytes),
            { columns, retainEntries: false, batchSize },
          );
          expect(columns.length).toBe(list.length);
          for (let row = 0; row < list.length; row++) {
            const hints = columns.nameHints[row]!;
            const current = list[row]!;
            expect(columns.name(row)).toBe(current);
            if ((hints & NAME_HINT.plain) === 0) continue;
            expect(columns.lastSlashes[row]).toBe(current.lastIndexOf('/'));
            if ((hints & NAME_HINT.orderKnown) === 0) continue;
            const previous = list[row - 1]!;
            let common = 0;
            while (common < Math.min(current.length, previous.length)) {
              if (current[common] !== previous[common]) break;
              common++;
            }
            expect(columns.commonLengths[row]).toBe(common);
            expect((hints & NAME_HINT.after) !== 0).toBe(current > previous);
            expect((hints & NAME_HINT.same) !== 0).toBe(current === previous);
            const slash = current.lastIndexOf('/');
            const isSameFolder =
              slash >= 0 &&
              current.slice(0, slash) === previous.slice(0, previous.lastIndexOf('/'));
            expect((hints & NAME_HINT.sameFolder) !== 0).toBe(isSameFolder);
          }
          expect(result.fatal).toBeNull();
        },
      ),
      { seed: 1729, numRuns: 300 },
    );
  });
});

describe('checks over columns', () => {
  const duplicates = async (names: string[]) => {
    const entries = names.map((name) => ({ name, data: text(name) }));
    const result = await read(forgeKiwad(entries, { keepOrder: true }).bytes);
    expect(result.fatal).toBeNull();
    return result.issues.map((issue) => [issue.code, issue.entryIndex]);
  };

  it('finds duplicate names in sorted and in unsorted journals', async () => {
    expect(await duplicates(['a', 'a', 'b', 'b', 'b', 'c'])).toEqual([
      ['DUPLICATE_NAME', 1],
      ['DUPLICATE_NAME', 3],
      ['DUPLICATE_NAME', 4],
    ]);
    expect(await duplicates(['b', 'a', 'c', 'b', 'a', 'd', 'a'])).toEqual([
      ['DUPLICATE_NAME', 3],
      ['DUPLICATE_NAME', 4],
      ['DUPLICATE_NAME', 6],
    ]);
  });

  const THREE: KiwadWriteEntry[] = [
    { name: 'a.mp3', data: text('aaaa') },
    { name: 'b.mp3', data: text('bbbb') },
    { name: 'c.mp3', data: text('cccc') },
  ];

  it('accepts data laid out in another order than the journal', async () => {
    const { bytes } = forgeKiwad(THREE, {}, ({ records }) => {
      const offsets = records.map((record) => record.dataOffset);
      records[0]!.dataOffset = offsets[2]!;
      records[2]!.dataOffset = offsets[0]!;
    });
    expect((await read(bytes)).fatal).toBeNull();
  });

  it('reports an overlap found only in offset order, at the later data offset', async () => {
    let later = 0;
    const { bytes } = forgeKiwad(THREE, {}, ({ records }) => {
      const offsets = records.map((record) => record.dataOffset);
      records[0]!.dataOffset = offsets[2]!;
      records[2]!.dataOffset = offsets[0]!;
      // Entry 1 now starts inside entry 2, which comes first in the file.
      later = records[1]!.dataOffset = offsets[0]! + 2;
    });
    expect((await read(bytes)).fatal).toMatchObject({
      code: 'OVERLAP',
      offset: later,
      path: 'entries[1].dataOffset',
    });
  });

  it('reports data inside the journal when the data is out of journal order', async () => {
    const { bytes } = forgeKiwad(THREE, {}, ({ records }) => {
      records[0]!.dataOffset = records[2]!.dataOffset;
      records[2]!.dataOffset = 20;
    });
    expect((await read(bytes)).fatal).toMatchObject({
      code: 'OVERLAP',
      offset: 20,
      path: 'entries[2].dataOffset',
    });
  });
});
