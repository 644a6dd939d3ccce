/// <reference lib="webworker" />
/**
 * Harness worker: opens the archive with the app's reader, then inflates every compressed
 * entry the way the app does.
 *
 * - `content`: the KIWAD session's `content.read` for every entry through `readInOrder`,
 *   exactly as the decoder worker's zip reads them: a few entries ahead, so helper workers
 *   (content-pool.ts) inflate in parallel with this one.
 * - `sequential`: `readContent` one entry at a time (what previews and single downloads do).
 * - `coalesced`: the stored bytes read in coalesced windows (`readCoalesced`, as verify
 *   does), then the same `inflate` per entry; isolates inflate from per-read overhead.
 */
import { BlobByteSource } from '../../src/binary/byte-source.ts';
import { kiCrc as jsKiCrc } from '../../src/binary/crc32.ts';
import { bulkKiCrc } from '../../src/binary/ki-crc-wasm.ts';
import { inflate, type InflateOptions } from '../../src/binary/inflate.ts';
import { readKiwad } from '../../src/formats/kiwad/read.ts';
import { kiwadFormat } from '../../src/formats/kiwad/module.ts';
import type { Session } from '../../src/formats/model.ts';
import { workerServices } from '../../src/worker/services/services.ts';
import { readInOrder } from '../../src/worker/jobs/content-prefetch.ts';
import { CrcPool } from '../../src/worker/pools/crc-pipeline.ts';
import { readCoalesced } from '../../src/binary/coalesced-read.ts';
import { compileGrep } from '../../src/binary/grep-query.ts';
import { searchContents } from '../../src/worker/jobs/contents-search.ts';
import { CancelToken } from '../../src/worker/jobs/jobs.ts';

/** The archive opened as the decoder worker opens it, with the worker's services. */
function openSession(source: BlobByteSource): Promise<Session> {
  return kiwadFormat.open({
    sources: [source],
    services: workerServices({ startsHelpersAhead: false }),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

export interface HarnessJob {
  /**
   * `content` and `coalesced` as above; `read`: the coalesced reads alone (Blob read
   * throughput); `crc`: coalesced reads + kiCrc over every stored range (verify's kernel).
   */
  mode:
    | 'content'
    | 'sequential'
    | 'coalesced'
    | 'read'
    | 'crc'
    | 'crc-pipeline'
    | 'kernel'
    | 'readers'
    | 'pipeline'
    | 'search';
  /** The text `search` looks for in every entry. */
  needle?: string;
  /** Force one inflate engine (coalesced mode). */
  engine?: 'fflate' | 'native';
  /** Window of the coalesced reads, MiB (read and crc modes). */
  windowMiB?: number;
  /** Only share `[k, n)` of the entries (contiguous by offset), for parallel runs. */
  share?: [number, number];
}

export interface HarnessResult {
  mode: string;
  totalMs: number;
  inflateMs: number;
  entries: number;
  outputBytes: number;
  smallMs: number;
  smallOutputBytes: number;
  largeMs: number;
  largeOutputBytes: number;
  error: string | null;
  /** Matches found (`search`). */
  hits?: number;
}

const LARGE_ENTRY = 1024 * 1024;

/** CRC kernels on bytes in memory: JS slice-by-16 and WebAssembly, small and large calls. */
async function kernels(): Promise<string> {
  const data = new Uint8Array(64 * 1024 * 1024);
  for (let i = 0; i < data.length; i += 4096) crypto.getRandomValues(data.subarray(i, i + 4096));
  const fast = bulkKiCrc();
  const lines: string[] = [];
  for (const [name, crc] of [
    ['js', jsKiCrc],
    ['wasm', fast],
  ] as const) {
    for (const chunk of [4096, 8 * 1024 * 1024]) {
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const before = performance.now();
        for (let at = 0; at < data.length; at += chunk) crc(data.subarray(at, at + chunk));
        best = Math.min(best, performance.now() - before);
      }
      lines.push(`${name} ${chunk}: ${(data.length / 1e6 / (best / 1000)).toFixed(0)} MB/s`);
    }
  }
  return lines.join('; ');
}

/** Blob read throughput by method and window size, over the first 512 MiB. */
async function readers(file: File): Promise<string> {
  const total = Math.min(file.size, 512 * 1024 * 1024);
  const lines: string[] = [];
  for (const window of [1, 8, 32].map((m) => m * 1024 * 1024)) {
    let before = performance.now();
    for (let at = 0; at < total; at += window)
      await file.slice(at, Math.min(total, at + window)).arrayBuffer();
    lines.push(
      `arrayBuffer ${window >> 20}M: ${(total / 1e6 / ((performance.now() - before) / 1000)).toFixed(0)}`,
    );
    before = performance.now();
    const sync = new FileReaderSync();
    for (let at = 0; at < total; at += window)
      sync.readAsArrayBuffer(file.slice(at, Math.min(total, at + window)));
    lines.push(
      `FileReaderSync ${window >> 20}M: ${(total / 1e6 / ((performance.now() - before) / 1000)).toFixed(0)}`,
    );
    before = performance.now();
    const inFlight: Promise<ArrayBuffer>[] = [];
    for (let at = 0; at < total; at += window) {
      inFlight.push(file.slice(at, Math.min(total, at + window)).arrayBuffer());
      if (inFlight.length >= 4) await inFlight.shift();
    }
    await Promise.all(inFlight);
    lines.push(
      `arrayBuffer x4 ${window >> 20}M: ${(total / 1e6 / ((performance.now() - before) / 1000)).toFixed(0)}`,
    );
  }
  const before = performance.now();
  const reader = file.slice(0, total).stream().getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
  }
  lines.push(`stream: ${(total / 1e6 / ((performance.now() - before) / 1000)).toFixed(0)}`);
  return lines.join('; ');
}

/** Reads the file here in 32 MiB windows and hashes them in another worker (transferred). */
async function pipeline(file: File): Promise<string> {
  const hasher = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
  const channel = new MessageChannel();
  hasher.postMessage({ port: channel.port2 }, [channel.port2]);
  const port = channel.port1;
  let acks = 0;
  let waiting: (() => void) | null = null;
  const done = new Promise<{ crc: number; bytes: number }>((resolve) => {
    port.onmessage = (event: MessageEvent<{ ack?: boolean; crc?: number; bytes?: number }>) => {
      if (event.data.ack) {
        acks++;
        waiting?.();
      } else resolve(event.data as { crc: number; bytes: number });
    };
  });
  const window = 32 * 1024 * 1024;
  const started = performance.now();
  let sent = 0;
  for (let at = 0; at < file.size; at += window) {
    const buffer = await file.slice(at, Math.min(file.size, at + window)).arrayBuffer();
    while (sent - acks >= 2) await new Promise<void>((resolve) => (waiting = resolve));
    port.postMessage(buffer, [buffer]);
    sent++;
  }
  port.postMessage(null);
  const result = await done;
  const ms = performance.now() - started;
  hasher.terminate();
  return `pipeline: ${(result.bytes / 1e6 / (ms / 1000)).toFixed(0)} MB/s over ${(result.bytes / 1e6).toFixed(0)} MB`;
}

/**
 * `search`: the app's search in contents (worker/jobs/contents-search.ts) over every entry,
 * as the decoder worker runs it for the panel: read ahead in file order, large inflates on
 * the helper workers, stored entries read as they are.
 */
async function search(file: File, needle: string): Promise<HarnessResult> {
  const session = await openSession(new BlobByteSource(file));
  const content = session.content!;
  const count = session.nodeCount();
  const started = performance.now();
  const summary = await searchContents({
    query: compileGrep({ mode: 'text', pattern: needle }),
    indexes: Array.from({ length: count }, (_, index) => index),
    table: session.nodeTable(),
    content,
    storedRange: (index) => content.storedSpan(index),
    maxHits: Number.MAX_SAFE_INTEGER,
    token: new CancelToken(),
    onUpdate: () => undefined,
  });
  const totalMs = performance.now() - started;
  return {
    mode: 'search',
    totalMs,
    inflateMs: 0,
    entries: summary.entriesDone,
    outputBytes: summary.bytesDone,
    smallMs: 0,
    smallOutputBytes: 0,
    largeMs: 0,
    largeOutputBytes: 0,
    error: summary.skipped > 0 ? `${summary.skipped} entries skipped` : null,
    hits: summary.hitCount,
  };
}

async function run(file: File, job: HarnessJob): Promise<HarnessResult> {
  if (job.mode === 'pipeline') throw new Error(await pipeline(file));
  if (job.mode === 'readers') throw new Error(await readers(file));
  if (job.mode === 'kernel') throw new Error(await kernels());
  if (job.mode === 'search') return search(file, job.needle ?? '');
  const source = new BlobByteSource(file);
  const { value, fatal } = await readKiwad(source);
  if (fatal) throw new Error(fatal.message);
  let entries = value.entries.filter(
    (entry) => entry.isCompressed || job.mode === 'read' || job.mode === 'crc',
  );
  if (job.share) {
    const [k, n] = job.share;
    const from = Math.floor((entries.length * k) / n);
    entries = entries.slice(from, Math.floor((entries.length * (k + 1)) / n));
  }
  const result: HarnessResult = {
    mode: job.mode,
    totalMs: 0,
    inflateMs: 0,
    entries: 0,
    outputBytes: 0,
    smallMs: 0,
    smallOutputBytes: 0,
    largeMs: 0,
    largeOutputBytes: 0,
    error: null,
  };
  const count = (size: number, spent: number) => {
    result.entries++;
    result.outputBytes += size;
    if (size >= LARGE_ENTRY) {
      result.largeMs += spent;
      result.largeOutputBytes += size;
    } else {
      result.smallMs += spent;
      result.smallOutputBytes += size;
    }
  };
  const started = performance.now();
  if (job.mode === 'crc-pipeline') {
    const pool = new CrcPool(source);
    await pool.run(
      entries.map((entry) => ({
        index: entry.index,
        offset: entry.dataOffset,
        length: entry.storedSize,
      })),
      () => undefined,
      { windowSize: (job.windowMiB ?? 32) * 1024 * 1024 },
    );
    pool.terminate();
    result.outputBytes = entries.reduce((sum, entry) => sum + entry.storedSize, 0);
    result.entries = entries.length;
  } else if (job.mode === 'read' || job.mode === 'crc') {
    let crc = 0;
    const kiCrc = bulkKiCrc();
    await readCoalesced(
      source,
      entries.map((entry) => ({
        index: entry.index,
        offset: entry.dataOffset,
        length: entry.storedSize,
      })),
      (_range, chunk, isFirst) => {
        if (job.mode === 'crc') crc = kiCrc(chunk, isFirst ? 0 : crc);
        result.outputBytes += chunk.length;
      },
      { windowSize: (job.windowMiB ?? 8) * 1024 * 1024 },
    );
    result.entries = entries.length;
  } else if (job.mode === 'content') {
    const session = await openSession(source);
    const indexes = entries.map((entry) => entry.index);
    const get = readInOrder(
      indexes,
      (index) => session.content!.read(index),
      (index) => session.nodeTable().size(index),
    );
    for (let position = 0; position < indexes.length; position++) {
      const before = performance.now();
      const { bytes } = await get(position);
      count(bytes.length, performance.now() - before);
    }
  } else if (job.mode === 'sequential') {
    const session = await openSession(source);
    for (const entry of entries) {
      const before = performance.now();
      const { bytes } = await session.content!.read(entry.index);
      count(bytes.length, performance.now() - before);
    }
  } else {
    const byIndex = new Map(entries.map((entry) => [entry.index, entry]));
    // Windows are read ahead of inflating; entries are inflated one at a time, in offset order.
    let queue: { size: number; chunk: Uint8Array }[] = [];
    const drain = async () => {
      const work = queue;
      queue = [];
      for (const { size, chunk } of work) {
        const options: InflateOptions = { container: 'zlib', expectedSize: size };
        if (job.engine) options.engine = job.engine;
        const before = performance.now();
        const bytes = await inflate(chunk, options);
        const spent = performance.now() - before;
        result.inflateMs += spent;
        count(bytes.length, spent);
      }
    };
    await readCoalesced(
      source,
      entries.map((entry) => ({
        index: entry.index,
        offset: entry.dataOffset,
        length: entry.storedSize,
      })),
      (range, chunk) => {
        queue.push({ size: byIndex.get(range.index)!.uncompressedSize, chunk });
      },
      { windowSize: 32 * 1024 * 1024, checkpoint: drain },
    );
    await drain();
  }
  result.totalMs = performance.now() - started;
  if (job.mode === 'content' || job.mode === 'sequential')
    result.inflateMs = result.smallMs + result.largeMs;
  return result;
}

self.onmessage = (event: MessageEvent<{ file: File; job: HarnessJob }>) => {
  const { file, job } = event.data;
  run(file, job).then(
    (result) => self.postMessage(result),
    (error: unknown) =>
      self.postMessage({
        mode: job.mode,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
};
