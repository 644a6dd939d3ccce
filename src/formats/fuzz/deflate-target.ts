/**
 * The inflate kernel as a fuzz target: zlib streams (every seed inflates to SEED_SIZE
 * bytes) mutated and fed to `inflate` as the archive readers call it, as zlib and (without
 * the header) as raw deflate; whatever it accepts must inflate to the same bytes with
 * fflate. A difference is a bug, thrown as a plain Error, which the fuzz runner reports.
 */
import { inflateSync, unzlibSync, zlibSync } from 'fflate';
import { FormatError } from '../../binary/format-error.ts';
import { inflate } from '../../binary/inflate.ts';
import type { FuzzTarget } from './fuzz-target.ts';

const SEED_SIZE = 4096;

function seedData(kind: number): Uint8Array {
  const out = new Uint8Array(SEED_SIZE);
  let state = 0x9e3779b9 ^ kind;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const words = new TextEncoder().encode('entry texture level archive inflate ');
  for (let i = 0; i < SEED_SIZE; i++) {
    if (kind === 0) out[i] = words[(i + (next() % 3 === 0 ? next() : 0)) % words.length]!;
    else if (kind === 1) out[i] = next() & 0xff;
    else out[i] = i > 8 && next() % 4 !== 0 ? out[i - 1 - (next() % 8)]! : next() & 0xff;
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

async function inflateAndCompare(bytes: Uint8Array, container: 'zlib' | 'raw'): Promise<void> {
  const out = await inflate(bytes, { container, expectedSize: SEED_SIZE });
  let reference: Uint8Array;
  try {
    const buffer = new Uint8Array(SEED_SIZE + 1);
    reference =
      container === 'zlib'
        ? unzlibSync(bytes, { out: buffer })
        : inflateSync(bytes, { out: buffer });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`inflate accepted a stream fflate rejects (${reason})`, { cause: error });
  }
  if (!sameBytes(out, reference)) throw new Error('inflate and fflate disagree on the output');
}

export const deflateTarget: FuzzTarget = {
  format: 'deflate',
  seeds: () =>
    Promise.resolve(
      [0, 1, 2].flatMap((kind) =>
        ([0, 1, 6, 9] as const).map((level) => zlibSync(seedData(kind), { level })),
      ),
    ),
  boundaries: (bytes) => [0, 2, 3, bytes.length - 4, bytes.length],
  numberFields: () => [],
  rangeFields: () => [],
  async exercise(bytes) {
    // The same deflate data without its zlib header: the raw path (no Adler-32 check).
    try {
      await inflateAndCompare(bytes.subarray(2), 'raw');
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
    }
    await inflateAndCompare(bytes, 'zlib');
  },
};
