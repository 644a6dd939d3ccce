/// <reference lib="webworker" />
/**
 * Read study helper (read.worker.ts, `pipe`): hashes the windows a read worker transfers
 * here, in `hashChunk` calls, and sends each buffer back so the reader can read into it
 * again. The first message carries the settings; `ready` answers once the kernel is loaded.
 */
import type { KiCrcFunction } from '../../src/binary/crc32.ts';
import { bulkKiCrc } from '../../src/binary/ki-crc-wasm.ts';

let kiCrc: KiCrcFunction | null = null;
let hashChunk = 8192;
let crc = 0;
let hashMs = 0;

self.onmessage = async (
  event: MessageEvent<{ hashChunk: number } | { buffer: ArrayBuffer; length: number } | 'end'>,
) => {
  const data = event.data;
  if (data === 'end') {
    self.postMessage({ crc, hashMs });
    return;
  }
  if ('hashChunk' in data) {
    hashChunk = data.hashChunk;
    kiCrc = bulkKiCrc();
    kiCrc(new Uint8Array(1 << 20));
    self.postMessage('ready');
    return;
  }
  const bytes = new Uint8Array(data.buffer, 0, data.length);
  const before = performance.now();
  for (let at = 0; at < bytes.length; at += hashChunk) {
    crc = kiCrc!(bytes.subarray(at, Math.min(bytes.length, at + hashChunk)), crc);
  }
  hashMs += performance.now() - before;
  self.postMessage({ buffer: data.buffer }, [data.buffer]);
};
