/**
 * `npx tsx bench/profile-open.ts [--entries N] [--runs N] [--phase NAME]`: a Node
 * micro-profile of opening a big KIWAD's table, phase by phase, without a browser.
 *
 * The table is the bench's own (same names as `planEntries`, about 50 bytes a path, sorted)
 * over a data region that is never read, so the source claims the full archive size but
 * holds only the header and journal (the rest reads as zeros). Phases, each the median of `--runs`:
 *   native  - the bench's baseline loop (Buffer `readUInt32LE` + `toString('utf8')` into objects);
 *   read    - `readKiwad` as the CLI calls it (every entry object kept);
 *   stream  - `readKiwad` into columns only (`retainEntries: false`, onRecords);
 *   worker  - what the decoder worker does: the KIWAD adapter (its column table, batches
 *             turned into tree input) and `EntryTree.addEntries`, then the row count.
 * V8 here is Node's, not Chromium's, so absolute times differ from the browser; the
 * split between phases is what this is for. CPU time (all threads, GC included) is
 * reported too: on a shared machine it moves less than wall time. `kept` is the JS heap
 * its result holds after a full GC (with --expose-gc). `node --cpu-prof` works through tsx too:
 * `node --cpu-prof --import tsx bench/profile-open.ts --phase worker`. `--cold --runs 1 --phase
 * NAME` times one run in a fresh process, as a new decoder worker runs it (before the JIT
 * has seen the code).
 */
import { KIWAD_STORED_MARKER } from '../src/formats/kiwad/layout.ts';
import { readKiwad } from '../src/formats/kiwad/read.ts';
import {
  compareBytes,
  encodeKiwadName,
  writeKiwadRaw,
  type KiwadRawRecord,
} from '../src/formats/kiwad/write.ts';
import type { ByteSource } from '../src/binary/byte-source.ts';
import { kiwadFormat } from '../src/formats/kiwad/module.ts';
import { workerServices } from '../src/worker/services/services.ts';
import { EntryTree } from '../src/worker/tree/entry-tree.ts';
import { planEntries } from './lib/generate.ts';
import { nativeRecord } from './lib/native.ts';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const entries = option('--entries', 100_000);
const runs = option('--runs', 7);
const phaseIndex = process.argv.indexOf('--phase');
const onlyPhase = phaseIndex === -1 ? null : process.argv[phaseIndex + 1];

/** Header + journal of the bench's big archive shape; returns the bytes and the file size. */
function makeTable(count: number): { table: Uint8Array; fileSize: number } {
  const planned = planEntries(count, 1024 * 2 ** 20, 2.3, 2);
  const named = planned
    .map((entry) => ({ entry, nameBytes: encodeKiwadName(entry.name) }))
    .sort((a, b) => compareBytes(a.nameBytes, b.nameBytes));
  const header = { magic: 'KIWAD', version: 2, entryCount: named.length, flags: 1 };
  const records: KiwadRawRecord[] = named.map(({ entry, nameBytes }) => ({
    dataOffset: 0,
    uncompressedSize: entry.size,
    compressedSize: entry.isCompressed ? Math.ceil(entry.size / 2.3) : KIWAD_STORED_MARKER,
    compressedFlag: entry.isCompressed ? 1 : 0,
    crc: 0x12345678,
    nameBytes,
  }));
  let position = writeKiwadRaw({ header, records, data: new Uint8Array(0) }).length;
  for (const record of records) {
    record.dataOffset = position;
    position += record.compressedFlag ? record.compressedSize : record.uncompressedSize;
  }
  return { table: writeKiwadRaw({ header, records, data: new Uint8Array(0) }), fileSize: position };
}

/** The table bytes under a source that claims the whole archive (the data is never read). */
function tableSource(table: Uint8Array, fileSize: number): ByteSource {
  return {
    name: 'profile.wad',
    size: fileSize,
    read(offset, length) {
      // A copy, as a Blob read gives one; the data region reads as zeros.
      const out = new Uint8Array(length);
      if (offset < table.length) out.set(table.subarray(offset, offset + length));
      return Promise.resolve(out);
    },
  };
}

/** The bench's native baseline loop (bench/lib/native.ts), over bytes in memory. */
function nativeParse(buffer: Buffer): object[] {
  const count = buffer.readUInt32LE(9);
  let at = 14;
  const out: object[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const nameLength = buffer.readUInt32LE(at + 17);
    out[i] = nativeRecord(buffer, at, nameLength);
    at += 21 + nameLength;
  }
  return out;
}

/** Time spent in EntryTree.addEntryRange by each worker phase run. */
const treeTimes: number[] = [];
let treeMs = 0;

/** What the decoder worker's open does (open-file.ts), minus the format detection. */
async function workerOpen(source: ByteSource): Promise<object> {
  treeMs = 0;
  const tree = new EntryTree();
  const session = await kiwadFormat.open({
    sources: [source],
    services: workerServices({ startsHelpersAhead: false }),
    sink: {
      nodes: () => undefined,
      nodeRange(table, start, end) {
        const started = performance.now();
        tree.addEntryRange(table, start, end);
        treeMs += performance.now() - started;
        // The first batch is reported at once with its row count (open-file.ts).
        if (start === 0) tree.rowCount();
      },
    },
  });
  const rows = tree.rowCount();
  treeTimes.push(treeMs);
  if (session.fatal || rows === 0) throw new Error(session.fatal?.message ?? 'no rows');
  return { tree, session };
}

/** Wall and CPU times of `runs` runs after a warm-up (the JIT, first allocations of each shape). */
const isCold = process.argv.includes('--cold');

async function timeRuns(
  run: () => Promise<unknown>,
): Promise<{ times: number[]; cpuTimes: number[] }> {
  if (!isCold) await run();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await run();
    const cpu = process.cpuUsage(cpuBefore);
    times.push(performance.now() - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  return { times, cpuTimes };
}

/**
 * JS heap that one run's result keeps after a full GC (typed-array contents are outside
 * it). Measured in functions of their own: a caller's frame could hold an earlier result.
 */
async function keptHeap(run: () => Promise<unknown>): Promise<number> {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const result = await run();
  globalThis.gc?.();
  const kept = process.memoryUsage().heapUsed - before;
  if (result === null) throw new Error('no result');
  return kept;
}

async function main(): Promise<void> {
  const { table, fileSize } = makeTable(entries);
  const buffer = Buffer.from(table.buffer, table.byteOffset, table.length);
  console.log(
    `${entries.toLocaleString('en-US')} entries, table ${(table.length / 2 ** 20).toFixed(2)} MiB, ` +
      `file ${(fileSize / 2 ** 30).toFixed(2)} GiB; Node ${process.version}; median of ${runs}`,
  );
  const phases: Record<string, () => Promise<unknown>> = {
    native: () => Promise.resolve(nativeParse(buffer)),
    read: async () => {
      const result = await readKiwad(tableSource(table, fileSize));
      if (result.fatal || result.value.entries.length !== entries)
        throw new Error(`read failed: ${result.fatal?.message}`);
      return result;
    },
    stream: async () => {
      let seen = 0;
      const result = await readKiwad(tableSource(table, fileSize), {
        retainEntries: false,
        onRecords: (_columns, start, end) => void (seen += end - start),
      });
      if (result.fatal || seen !== entries) throw new Error('stream failed');
      return result;
    },
    worker: () => workerOpen(tableSource(table, fileSize)),
  };
  for (const [name, run] of Object.entries(phases)) {
    if (onlyPhase && name !== onlyPhase) continue;
    const { times, cpuTimes } = await timeRuns(run);
    const kept = await keptHeap(run);
    console.log(
      `  ${name.padEnd(7)} ${median(times).toFixed(1).padStart(7)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; ` +
        `CPU median ${median(cpuTimes).toFixed(1)}, min ${Math.min(...cpuTimes).toFixed(1)}; ` +
        `kept ${(kept / 2 ** 20).toFixed(1)} MiB)` +
        (name === 'worker' ? `; tree building median ${median(treeTimes).toFixed(1)} ms` : ''),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
