/**
 * fast-check properties (seeded): random models round-trip; mutated archives give a
 * result or a fatal error within a time budget, never an exception. Plus the streaming
 * contract: batches arrive early, and the reader never reads the archive whole.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource, type ByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { checkKiwadEntry, readKiwad, readKiwadEntry } from './read.ts';
import { writeKiwad } from './write.ts';
import type { KiwadEntry, KiwadWriteEntry } from './types.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const segment = fc.stringMatching(/^[A-Za-z0-9_\-ü]{1,12}$/);
const name = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const model = fc.record({
  entries: fc.uniqueArray(
    fc.record({
      name,
      data: fc.uint8Array({ maxLength: 300 }),
      compress: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { selector: (entry) => entry.name, maxLength: 12 },
  ),
  version: fc.constantFrom(1, 2),
  flags: fc.integer({ min: 0, max: 255 }),
  keepOrder: fc.boolean(),
});

function toWriteEntries(
  entries: { name: string; data: Uint8Array; compress: boolean | undefined }[],
): KiwadWriteEntry[] {
  return entries.map(({ name, data, compress }) =>
    compress === undefined ? { name, data } : { name, data, compress },
  );
}

describe('properties', () => {
  it('random models round-trip: parse(write(m)) == m', async () => {
    await fc.assert(
      fc.asyncProperty(model, async ({ entries, version, flags, keepOrder }) => {
        const bytes = writeKiwad(toWriteEntries(entries), { version, flags, keepOrder });
        const source = new MemoryByteSource(bytes);
        const result = await readKiwad(source);
        expect(result.fatal).toBeNull();
        expect(result.issues).toEqual([]);
        expect(result.value.header.flags).toBe(version >= 2 ? flags : null);
        const read = new Map<string, Uint8Array>();
        for (const entry of result.value.entries) {
          read.set(entry.name, (await readKiwadEntry(source, entry)).bytes);
          expect(await checkKiwadEntry(source, entry)).toBe('ok');
        }
        expect(read).toEqual(new Map(entries.map((entry) => [entry.name, entry.data])));
        if (keepOrder)
          expect(result.value.entries.map((entry) => entry.name)).toEqual(
            entries.map((entry) => entry.name),
          );
      }),
      { seed: 20240601, numRuns: 150 },
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
      value: fc.constantFrom(0, 1, 0x7fffffff, 0xffffffff, 13, 14),
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

  it('mutated archives give a result or a FormatError within the budget, never another exception', async () => {
    await fc.assert(
      fc.asyncProperty(
        model,
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        async ({ entries, version, flags }, mutations) => {
          const bytes = mutate(writeKiwad(toWriteEntries(entries), { version, flags }), mutations);
          const source = new MemoryByteSource(bytes);
          const started = performance.now();
          const result = await readKiwad(source);
          expect(result.fatal?.code).not.toBe('INTERNAL');
          if (result.fatal === null) {
            for (const entry of result.value.entries) {
              for (const attempt of [
                readKiwadEntry(source, entry),
                checkKiwadEntry(source, entry),
              ]) {
                const outcome = await attempt.catch((error: unknown) => error);
                if (outcome instanceof Error) expect(outcome).toBeInstanceOf(FormatError);
              }
            }
          }
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { seed: 1337, numRuns: 400 },
    );
  });
});

/** Records every read, to check how the reader walks a file. */
class RecordingSource implements ByteSource {
  readonly reads: { offset: number; length: number }[] = [];
  constructor(
    private readonly inner: ByteSource,
    readonly name = 'recorded.wad',
  ) {}
  get size(): number {
    return this.inner.size;
  }
  read(offset: number, length: number): Promise<Uint8Array> {
    this.reads.push({ offset, length });
    return this.inner.read(offset, length);
  }
}

describe('streaming', () => {
  it('delivers 100,000 entries in journal-order batches, the first before the journal is read whole', async () => {
    const count = 100_000;
    const entries = Array.from({ length: count }, (_, index) => ({
      name: `Folder${index % 97}/file_${String(index).padStart(6, '0')}.mp3`,
      data: new Uint8Array(0),
    }));
    const source = new RecordingSource(new MemoryByteSource(writeKiwad(entries)));
    const batches: { size: number; firstIndex: number; readsSoFar: number }[] = [];
    const result = await readKiwad(source, {
      onBatch: (batch: KiwadEntry[]) =>
        batches.push({
          size: batch.length,
          firstIndex: batch[0]!.index,
          readsSoFar: source.reads.length,
        }),
    });
    expect(result.fatal).toBeNull();
    expect(result.value.entries).toHaveLength(count);
    expect(batches.reduce((sum, batch) => sum + batch.size, 0)).toBe(count);
    expect(batches.every((batch) => batch.size <= 10_000)).toBe(true);
    let expectedFirst = 0;
    for (const batch of batches) {
      expect(batch.firstIndex).toBe(expectedFirst);
      expectedFirst += batch.size;
    }
    expect(batches[0]!.readsSoFar).toBeLessThan(source.reads.length);
    // 64 KiB first, then slices sized to what the records left need at the average record
    // length so far: few reads, and little read past the journal.
    expect(source.reads[1]).toEqual({ offset: 13, length: 64 * 1024 });
    const journalReads = source.reads.slice(1);
    expect(journalReads.length).toBeLessThanOrEqual(3);
    const readEnd = Math.max(...journalReads.map((read) => read.offset + read.length));
    const journalEnd = result.value.journalEnd;
    expect(readEnd).toBeGreaterThanOrEqual(journalEnd);
    expect(readEnd - journalEnd).toBeLessThan(journalEnd * 0.06);
  });

  it('reads the header and the journal only, never the data', async () => {
    const data = new Uint8Array(2 * 1024 * 1024).map((_, index) => index % 251);
    const bytes = writeKiwad([
      { name: 'a.mp3', data },
      { name: 'b.mp3', data },
    ]);
    const source = new RecordingSource(new MemoryByteSource(bytes));
    const result = await readKiwad(source);
    expect(result.fatal).toBeNull();
    const bytesRead = source.reads.reduce((sum, read) => sum + read.length, 0);
    expect(bytesRead).toBeLessThanOrEqual(14 + 64 * 1024);
  });

  it('honours a smaller batch size', async () => {
    const entries = Array.from({ length: 25 }, (_, index) => ({
      name: `e${index}.mp3`,
      data: new Uint8Array(1),
    }));
    const sizes: number[] = [];
    await readKiwad(new MemoryByteSource(writeKiwad(entries)), {
      batchSize: 10,
      onBatch: (batch) => sizes.push(batch.length),
    });
    expect(sizes).toEqual([10, 10, 5]);
  });
});
