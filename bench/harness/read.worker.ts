/// <reference lib="webworker" />
/**
 * Harness worker for the read study behind Verify all: how fast the bytes of a disk-backed
 * File reach a worker, by read method and window size, alone or with a CRC over them.
 * Several of these run at once over disjoint parts of the file (`main.ts`'s `runReads`):
 * each loads its CRC kernel, answers `ready`, and starts reading on `go`, so all start
 * together and the page times the whole.
 *
 * Methods:
 * - `arrayBuffer`: `file.slice(window).arrayBuffer()`, one window at a time.
 * - `arrayBuffer2`: the same with the next window's read started before this one is used.
 * - `frs`: `FileReaderSync.readAsArrayBuffer(file.slice(window))`.
 * - `byob`: `file.slice(part).stream()` read with a BYOB reader into reused windows.
 * - `stream`: `file.slice(part).stream()`, default reader (chunks the stream chooses).
 * - `response`: `new Response(file.slice(window)).arrayBuffer()`.
 * - `fetch`: `fetch()` of a blob: URL of the part, its body read as `byob` reads.
 * - `none`: no read; one window of random bytes in memory is handed out as often as the
 *   part's size needs (the CRC kernel alone, for comparison).
 *
 * With `pipe`, windows are transferred to a helper (pipe-hash.worker.ts) that hashes them
 * and sends each buffer back; `byob` reads into the returned buffers (at most `pipe` windows
 * exist), the other methods read new ones.
 */
import type { KiCrcFunction } from '../../src/binary/crc32.ts';
import { bulkKiCrc } from '../../src/binary/ki-crc-wasm.ts';

export type ReadMethod =
  'arrayBuffer' | 'arrayBuffer2' | 'frs' | 'byob' | 'fetch' | 'stream' | 'response' | 'none';

export interface ReadJob {
  method: ReadMethod;
  windowMiB: number;
  /** Byte range of the file this worker reads. */
  from: number;
  to: number;
  /** Bytes per CRC call; 0 reads only. */
  hashChunk: number;
  /** Hash on a helper worker, with at most this many windows out (0: hash here). */
  pipe?: number;
}

export interface ReadResult {
  bytes: number;
  /** From `go` to the last byte read (and hashed), worker clock. */
  ms: number;
  /** Time spent in the CRC calls. */
  hashMs: number;
  /** Windows (or stream chunks) the reads delivered. */
  chunks: number;
  crc: number;
  error: string | null;
}

/** Where windows go, and where the next BYOB window comes from. */
interface Sink {
  use(bytes: Uint8Array): void | Promise<void>;
  take(): ArrayBuffer | Promise<ArrayBuffer>;
  finish(): Promise<void>;
}

let kiCrc: KiCrcFunction | null = null;
let helper: Worker | null = null;

function localSink(job: ReadJob, result: ReadResult): Sink {
  const crc = kiCrc!;
  let spare: ArrayBuffer | null = null;
  return {
    use(bytes) {
      result.bytes += bytes.length;
      result.chunks++;
      spare = bytes.buffer as ArrayBuffer;
      if (job.hashChunk === 0) return;
      const before = performance.now();
      let value = result.crc;
      for (let at = 0; at < bytes.length; at += job.hashChunk) {
        value = crc(bytes.subarray(at, Math.min(bytes.length, at + job.hashChunk)), value);
      }
      result.crc = value;
      result.hashMs += performance.now() - before;
    },
    take: () => spare ?? new ArrayBuffer(job.windowMiB * 1024 * 1024),
    finish: () => Promise.resolve(),
  };
}

function pipeSink(job: ReadJob, result: ReadResult): Sink {
  const worker = helper!;
  const size = job.windowMiB * 1024 * 1024;
  const free: ArrayBuffer[] = [];
  let created = 0;
  let out = 0;
  let wake: (() => void) | null = null;
  let ended: ((value: { crc: number; hashMs: number }) => void) | null = null;
  worker.onmessage = (
    event: MessageEvent<{ buffer?: ArrayBuffer; crc?: number; hashMs?: number }>,
  ) => {
    if (event.data.buffer) {
      out--;
      free.push(event.data.buffer);
    } else ended?.(event.data as { crc: number; hashMs: number });
    wake?.();
    wake = null;
  };
  const waitForOne = () => new Promise<void>((resolve) => (wake = resolve));
  return {
    async use(bytes) {
      result.bytes += bytes.length;
      result.chunks++;
      while (out >= job.pipe!) await waitForOne();
      out++;
      worker.postMessage({ buffer: bytes.buffer, length: bytes.length }, [bytes.buffer]);
    },
    async take() {
      for (;;) {
        const buffer = free.pop();
        if (buffer) return buffer;
        if (created < job.pipe!) {
          created++;
          return new ArrayBuffer(size);
        }
        await waitForOne();
      }
    },
    async finish() {
      const done = new Promise<{ crc: number; hashMs: number }>((resolve) => (ended = resolve));
      while (out > 0) await waitForOne();
      worker.postMessage('end');
      const { crc, hashMs } = await done;
      result.crc = crc;
      result.hashMs = hashMs;
    },
  };
}

async function read(file: File, job: ReadJob, sink: Sink): Promise<void> {
  const window = job.windowMiB * 1024 * 1024;
  const { from, to } = job;
  switch (job.method) {
    case 'none': {
      const bytes = new Uint8Array(window);
      for (let at = 0; at < bytes.length; at += 65536)
        crypto.getRandomValues(bytes.subarray(at, at + 65536));
      for (let at = from; at < to; at += window)
        await sink.use(bytes.subarray(0, Math.min(to, at + window) - at));
      return;
    }
    case 'arrayBuffer':
      for (let at = from; at < to; at += window) {
        await sink.use(
          new Uint8Array(await file.slice(at, Math.min(to, at + window)).arrayBuffer()),
        );
      }
      return;
    case 'arrayBuffer2': {
      let next: Promise<ArrayBuffer> | null = file
        .slice(from, Math.min(to, from + window))
        .arrayBuffer();
      for (let at = from; next; at += window) {
        const current: Promise<ArrayBuffer> = next;
        const following = at + window;
        next =
          following < to
            ? file.slice(following, Math.min(to, following + window)).arrayBuffer()
            : null;
        await sink.use(new Uint8Array(await current));
      }
      return;
    }
    case 'frs': {
      const reader = new FileReaderSync();
      for (let at = from; at < to; at += window) {
        await sink.use(
          new Uint8Array(reader.readAsArrayBuffer(file.slice(at, Math.min(to, at + window)))),
        );
      }
      return;
    }
    case 'response':
      for (let at = from; at < to; at += window) {
        await sink.use(
          new Uint8Array(
            await new Response(file.slice(at, Math.min(to, at + window))).arrayBuffer(),
          ),
        );
      }
      return;
    case 'stream': {
      const reader = file.slice(from, to).stream().getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        await sink.use(value);
      }
    }
    case 'byob':
    case 'fetch': {
      let stream: ReadableStream<Uint8Array>;
      if (job.method === 'fetch') {
        const url = URL.createObjectURL(file.slice(from, to));
        stream = (await fetch(url)).body!;
        URL.revokeObjectURL(url);
      } else {
        stream = file.slice(from, to).stream();
      }
      const reader = stream.getReader({ mode: 'byob' });
      let buffer = await sink.take();
      let filled = 0;
      for (;;) {
        const { done, value } = await reader.read(
          new Uint8Array(buffer, filled, buffer.byteLength - filled),
        );
        if (value) {
          buffer = value.buffer as ArrayBuffer;
          filled += value.length;
        }
        if ((done || filled === buffer.byteLength) && filled > 0) {
          await sink.use(new Uint8Array(buffer, 0, filled));
          filled = 0;
          if (!done) buffer = await sink.take();
        }
        if (done) return;
      }
    }
  }
}

let file: File | null = null;
let job: ReadJob | null = null;

self.onmessage = async (event: MessageEvent<{ file: File; job: ReadJob } | 'go'>) => {
  if (event.data !== 'go') {
    ({ file, job } = event.data);
    kiCrc = bulkKiCrc();
    // Warm the kernel so the first window does not pay for compiling it.
    kiCrc(new Uint8Array(1 << 20));
    if (job.pipe) {
      helper = new Worker(new URL('./pipe-hash.worker.ts', import.meta.url), { type: 'module' });
      await new Promise<void>((resolve) => {
        helper!.onmessage = () => resolve();
        helper!.postMessage({ hashChunk: job!.hashChunk || 8192 });
      });
    }
    self.postMessage('ready');
    return;
  }
  const result: ReadResult = { bytes: 0, ms: 0, hashMs: 0, chunks: 0, crc: 0, error: null };
  const started = performance.now();
  try {
    const sink = job!.pipe ? pipeSink(job!, result) : localSink(job!, result);
    await read(file!, job!, sink);
    await sink.finish();
  } catch (error) {
    result.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  result.ms = performance.now() - started;
  helper?.terminate();
  self.postMessage(result);
};
