/**
 * Mutations of valid files, as fast-check arbitraries: bit flips, truncation at table
 * boundaries and anywhere, forged counts/sizes/offsets (0, 1, the file size, just past it,
 * 2^31 - 1, 2^32 - 1), overlapping ranges (one data offset copied onto another), inserted
 * and deleted bytes, and plain random bytes.
 */
import fc from 'fast-check';
import type { FuzzTarget } from './fuzz-target.ts';

export type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'truncateAtBoundary'; pick: number; delta: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'forge'; pick: number; value: ForgedValue }
  | { kind: 'overlap'; from: number; to: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; count: number };

type ForgedValue = 'zero' | 'one' | 'size' | 'pastSize' | 'i32max' | 'u32max' | 'small';

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
  fc.record({
    kind: fc.constant('truncateAtBoundary' as const),
    pick: fc.nat(),
    delta: fc.integer({ min: -2, max: 2 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('forge' as const),
    pick: fc.nat(),
    value: fc.constantFrom<ForgedValue>(
      'zero',
      'one',
      'size',
      'pastSize',
      'i32max',
      'u32max',
      'small',
    ),
  }),
  fc.record({ kind: fc.constant('overlap' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    count: fc.integer({ min: 1, max: 8 }),
  }),
);

function forged(value: ForgedValue, size: number): number {
  switch (value) {
    case 'zero':
      return 0;
    case 'one':
      return 1;
    case 'size':
      return size;
    case 'pastSize':
      return size + 1;
    case 'i32max':
      return 0x7fffffff;
    case 'u32max':
      return 0xffffffff;
    case 'small':
      return 7;
  }
}

function pickFrom(list: readonly number[], pick: number): number | undefined {
  return list.length === 0 ? undefined : list[pick % list.length];
}

function setU32(bytes: Uint8Array, at: number, value: number): void {
  if (at < 0 || at + 4 > bytes.length) return;
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(at, value >>> 0, true);
}

function getU32(bytes: Uint8Array, at: number): number | undefined {
  if (at < 0 || at + 4 > bytes.length) return undefined;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true);
}

/** Applies mutations in order to a copy of `seed`. */
export function applyMutations(
  target: FuzzTarget,
  seed: Uint8Array,
  mutations: readonly Mutation[],
): Uint8Array {
  let bytes = seed.slice();
  for (const mutation of mutations) {
    const size = bytes.length;
    switch (mutation.kind) {
      case 'flip':
        if (size > 0) bytes[mutation.at % size]! ^= 1 << mutation.bit;
        break;
      case 'truncateAtBoundary': {
        const boundary = pickFrom(target.boundaries(bytes), mutation.pick);
        if (boundary !== undefined)
          bytes = bytes.slice(0, Math.max(0, Math.min(size, boundary + mutation.delta)));
        break;
      }
      case 'truncate':
        bytes = bytes.slice(0, size === 0 ? 0 : mutation.at % (size + 1));
        break;
      case 'forge': {
        const at = pickFrom(target.numberFields(bytes), mutation.pick);
        if (at !== undefined) setU32(bytes, at, forged(mutation.value, size));
        break;
      }
      case 'overlap': {
        const fields = target.rangeFields(bytes);
        const from = pickFrom(fields, mutation.from);
        const to = pickFrom(fields, mutation.to);
        const value = from === undefined ? undefined : getU32(bytes, from);
        if (to !== undefined && value !== undefined) setU32(bytes, to, value + 1);
        break;
      }
      case 'insert': {
        const at = size === 0 ? 0 : mutation.at % (size + 1);
        const grown = new Uint8Array(size + mutation.bytes.length);
        grown.set(bytes.subarray(0, at));
        grown.set(mutation.bytes, at);
        grown.set(bytes.subarray(at), at + mutation.bytes.length);
        bytes = grown;
        break;
      }
      case 'delete': {
        if (size === 0) break;
        const at = mutation.at % size;
        const out = new Uint8Array(size - Math.min(mutation.count, size - at));
        out.set(bytes.subarray(0, at));
        out.set(bytes.subarray(at + mutation.count), at);
        bytes = out;
        break;
      }
    }
  }
  return bytes;
}
