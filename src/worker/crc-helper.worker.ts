/// <reference lib="webworker" />
/**
 * Helper of a decoder worker's Verify all (crc-pipeline.ts): the decoder reads the file in
 * windows and transfers each here with the pieces of ranges it holds; this computes each
 * range's KI-CRC and whether it is all zeros, and answers per window with the ranges that
 * ended in it. Reading and hashing then run on two cores instead of one after the other.
 */
import { isAllZero, loadFastKiCrc } from '../binary/crc32.ts';
import type { CrcWindowReply, CrcWindowRequest } from './crc-pipeline.ts';

const kiCrcReady = loadFastKiCrc();
// The range being hashed; a range larger than a window continues into the next one.
let crc = 0;
let isZero = true;

self.onmessage = async (event: MessageEvent<CrcWindowRequest>) => {
  const kiCrc = await kiCrcReady;
  const { id, window, pieces } = event.data;
  const bytes = new Uint8Array(window);
  const ended: number[] = [];
  for (let at = 0; at < pieces.length; at += 4) {
    const index = pieces[at]!;
    const start = pieces[at + 1]!;
    const length = pieces[at + 2]!;
    const flags = pieces[at + 3]!;
    if (flags & 1) {
      crc = 0;
      isZero = true;
    }
    const chunk = bytes.subarray(start, start + length);
    crc = kiCrc(chunk, crc);
    if (isZero) isZero = isAllZero(chunk);
    if (flags & 2) ended.push(index, crc, isZero ? 1 : 0);
  }
  const results = Float64Array.from(ended);
  self.postMessage({ id, results } satisfies CrcWindowReply, [results.buffer]);
};
