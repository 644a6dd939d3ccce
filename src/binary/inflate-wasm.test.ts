import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants, deflateRawSync, deflateSync, inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from './format-error.ts';
import { SHARED_MEMORY_LIMIT, inflateWasm, isWasmInflateAvailable } from './inflate-wasm.ts';
import { INFLATE_WASM_SOURCE_SHA256 } from './wasm/inflate-wasm.generated.ts';

/** Deterministic bytes (xorshift32). */
function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

function text(length: number, seed: number): Uint8Array {
  const words = ['the', 'archive', 'entry', 'inflate', 'of', 'a', 'wad', 'texture', 'level', '\n'];
  const picks = randomBytes(length + 1, seed);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size <= length; i++) {
    const word = words[picks[i % picks.length]! % words.length]!;
    parts.push(word);
    size += word.length + 1;
  }
  return new TextEncoder().encode(parts.join(' ')).subarray(0, length);
}

function runs(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  const noise = randomBytes(length + 2, seed);
  for (let at = 0, k = 0; at < length; k += 2) {
    const run = 1 + (noise[k % noise.length]! % 300);
    out.fill(noise[(k + 1) % noise.length]!, at, Math.min(length, at + run));
    at += run;
  }
  return out;
}

/** Mostly text, with random stretches (poorly compressible) and runs. */
function mixed(length: number, seed: number): Uint8Array {
  const out = text(length, seed);
  const noise = randomBytes(length, seed + 1);
  for (let at = 0; at < length; at += 4096) {
    if (noise[at]! % 3 === 0) out.set(noise.subarray(at, Math.min(length, at + 1000)), at);
    if (noise[at]! % 5 === 0) out.fill(noise[at + 1] ?? 0, at, Math.min(length, at + 700));
  }
  return out;
}

const shapes = { random: randomBytes, text, runs, mixed };

function inflateRaw(data: Uint8Array, expectedSize: number, offset = 0): Uint8Array {
  return inflateWasm({ data, container: 'raw', expectedSize, offset })!;
}

function inflateZlib(data: Uint8Array, expectedSize: number, offset = 0): Uint8Array {
  return inflateWasm({ data, container: 'zlib', expectedSize, offset })!;
}

/** Byte equality without vitest's element-by-element diff (slow on megabytes). */
function expectBytes(actual: Uint8Array | null, expected: Uint8Array, where = ''): void {
  expect(actual, where).not.toBeNull();
  const same = Buffer.from(actual!.buffer, actual!.byteOffset, actual!.byteLength).equals(
    Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength),
  );
  if (!same) expect(actual, where).toEqual(expected);
}

function thrown(run: () => unknown): FormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return error as FormatError;
  }
  throw new Error('expected a FormatError');
}

/** Fixed-Huffman block writer (RFC 1951 §3.2.6), for streams zlib does not make. */
class FixedBlockWriter {
  private bytes: number[] = [];
  private bitBuffer = 0;
  private bitCount = 0;

  bits(value: number, count: number): this {
    for (let i = 0; i < count; i++) {
      this.bitBuffer |= ((value >>> i) & 1) << this.bitCount;
      if (++this.bitCount === 8) {
        this.bytes.push(this.bitBuffer);
        this.bitBuffer = 0;
        this.bitCount = 0;
      }
    }
    return this;
  }

  /** A Huffman code: most significant bit first. */
  private code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bits((code >>> i) & 1, 1);
  }

  header(isFinal: boolean): this {
    return this.bits(isFinal ? 1 : 0, 1).bits(1, 2);
  }

  symbol(symbol: number): this {
    if (symbol < 144) this.code(0x30 + symbol, 8);
    else if (symbol < 256) this.code(0x190 + symbol - 144, 9);
    else if (symbol < 280) this.code(symbol - 256, 7);
    else this.code(0xc0 + symbol - 280, 8);
    return this;
  }

  literal(byte: number): this {
    return this.symbol(byte);
  }

  match(length: number, distance: number): this {
    const lengthBases = [
      3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
      163, 195, 227, 258,
    ];
    const lengthExtra = [
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ];
    let l = lengthBases.length - 1;
    while (lengthBases[l]! > length) l--;
    if (length === 258) l = 28;
    this.symbol(257 + l).bits(length - lengthBases[l]!, lengthExtra[l]!);
    let d = 29;
    while (distanceBase(d) > distance) d--;
    this.code(d, 5);
    return this.bits(distance - distanceBase(d), distanceExtra(d));
  }

  distanceCode(code: number): this {
    this.code(code, 5);
    return this;
  }

  end(): Uint8Array {
    this.symbol(256);
    return this.finish();
  }

  finish(): Uint8Array {
    const bytes = [...this.bytes];
    if (this.bitCount > 0) bytes.push(this.bitBuffer);
    return Uint8Array.from(bytes);
  }
}

function distanceExtra(code: number): number {
  return code < 4 ? 0 : (code >> 1) - 1;
}

function distanceBase(code: number): number {
  if (code < 4) return code + 1;
  const extra = distanceExtra(code);
  return (1 << (extra + 1)) + (code & 1) * (1 << extra) + 1;
}

/** LZ77 semantics, byte by byte: the reference for crafted streams. */
function expand(parts: ({ literal: number } | { length: number; distance: number })[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if ('literal' in part) out.push(part.literal);
    else for (let i = 0; i < part.length; i++) out.push(out[out.length - part.distance]!);
  }
  return Uint8Array.from(out);
}

describe('inflate kernel (WebAssembly)', () => {
  it('runs here', () => {
    expect(isWasmInflateAvailable()).toBe(true);
  });

  it('was built from the inflate.c in the tree (run npm run build:wasm after editing it)', () => {
    const source = readFileSync(new URL('./wasm/inflate.c', import.meta.url));
    expect(createHash('sha256').update(source).digest('hex')).toBe(INFLATE_WASM_SOURCE_SHA256);
  });

  it('round-trips every shape at levels 0-9, raw and zlib', () => {
    const sizes = [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 255, 258, 259, 1000, 4096, 5552, 70_000];
    for (const [name, make] of Object.entries(shapes)) {
      for (const size of sizes) {
        const data = make(size, size + 1);
        for (let level = 0; level <= 9; level++) {
          const where = `${name} ${size} B level ${level}`;
          expectBytes(inflateRaw(deflateRawSync(data, { level }), size), data, where);
          expectBytes(inflateZlib(deflateSync(data, { level }), size), data, where);
        }
      }
    }
  });

  it('round-trips fixed-Huffman (Z_FIXED), Huffman-only and RLE streams', () => {
    for (const strategy of [constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE]) {
      for (const data of [text(100_000, 3), runs(50_000, 4), mixed(200_000, 5)]) {
        for (const level of [1, 6, 9]) {
          const stream = deflateRawSync(data, { level, strategy });
          expectBytes(inflateRaw(stream, data.length), data);
        }
      }
    }
  });

  it('round-trips small windows and memory levels (many short blocks)', () => {
    const data = mixed(300_000, 9);
    for (const windowBits of [9, 12, 15]) {
      for (const memLevel of [1, 9]) {
        const stream = deflateRawSync(data, { windowBits, memLevel, level: 9 });
        expectBytes(inflateRaw(stream, data.length), data);
      }
    }
  });

  it('round-trips large entries (1 MiB to 20 MiB)', () => {
    for (const [size, level] of [
      [1 << 20, 1],
      [3 << 20, 6],
      [20 << 20, 6],
    ] as const) {
      const data = mixed(size, size);
      expectBytes(inflateZlib(deflateSync(data, { level }), size), data);
    }
    const incompressible = randomBytes(5 << 20, 77);
    expectBytes(inflateRaw(deflateRawSync(incompressible, { level: 0 }), 5 << 20), incompressible);
  });

  it('copies overlapping matches of every distance 1 to 16 at every length', () => {
    for (let distance = 1; distance <= 16; distance++) {
      const parts: ({ literal: number } | { length: number; distance: number })[] = [];
      for (let i = 0; i < distance; i++) parts.push({ literal: 65 + i });
      for (let length = 3; length <= 258; length++) parts.push({ length, distance });
      const writer = new FixedBlockWriter().header(true);
      for (const part of parts) {
        if ('literal' in part) writer.literal(part.literal);
        else writer.match(part.length, part.distance);
      }
      const expected = expand(parts);
      expectBytes(inflateRaw(writer.end(), expected.length), expected, `distance ${distance}`);
      // The same through zlib's own encoder: periodic data.
      const periodic = expected.subarray(0, 20_000);
      expectBytes(inflateRaw(deflateRawSync(periodic), periodic.length), periodic);
    }
  });

  it('copies from the far end of the 32 KiB window', () => {
    const prefix = randomBytes(32_768, 5);
    const parts: ({ literal: number } | { length: number; distance: number })[] = [];
    for (const byte of prefix) parts.push({ literal: byte });
    parts.push({ length: 258, distance: 32_768 }, { length: 3, distance: 32_768 });
    parts.push({ length: 100, distance: 32_767 }, { length: 258, distance: 1 });
    const writer = new FixedBlockWriter().header(true);
    for (const part of parts) {
      if ('literal' in part) writer.literal(part.literal);
      else writer.match(part.length, part.distance);
    }
    const expected = expand(parts);
    expectBytes(inflateRaw(writer.end(), expected.length), expected);
  });

  it('decodes stored blocks of every length edge, and empty blocks', () => {
    for (const size of [0, 1, 65_535, 65_536, 200_000]) {
      const data = randomBytes(size, size + 3);
      expectBytes(inflateRaw(deflateRawSync(data, { level: 0 }), size), data);
    }
    // An empty stored block, an empty fixed block, then a final empty stored block.
    // Fixed block: bits 0-2 of byte 5, end-of-block code up to bit 9, final header at bit 10.
    const stream = Uint8Array.from([0, 0, 0, 0xff, 0xff, 0x02, 0x04, 0, 0, 0xff, 0xff]);
    expect(inflateRaw(stream, 0)).toEqual(new Uint8Array(0));
  });

  it('ignores bytes after the end of the stream', () => {
    const data = text(5000, 1);
    const trailing = Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9);
    const raw = deflateRawSync(data);
    expectBytes(inflateRaw(Buffer.concat([raw, trailing]), data.length), data);
    const zlib = deflateSync(data);
    expectBytes(inflateZlib(Buffer.concat([zlib, trailing]), data.length), data);
  });

  it('returns the bytes produced when the stream is shorter than the capacity', () => {
    const data = text(1000, 2);
    expectBytes(inflateRaw(deflateRawSync(data), 5000), data);
  });

  it('stops at the capacity: more output than declared is a SIZE_MISMATCH', () => {
    const data = runs(100_000, 8);
    for (const capacity of [0, 1, 99_999]) {
      const error = thrown(() => inflateZlib(deflateSync(data), capacity, 0x40));
      expect(error.code).toBe(ErrorCode.SIZE_MISMATCH);
      expect(error.offset).toBe(0x40);
    }
    const stored = thrown(() => inflateRaw(deflateRawSync(data, { level: 0 }), 50_000));
    expect(stored.code).toBe(ErrorCode.SIZE_MISMATCH);
  });

  it('runs calls above the shared memory limit in an instance of their own', () => {
    const size = SHARED_MEMORY_LIMIT + (1 << 20);
    const stream = deflateRawSync(new Uint8Array(size), { level: 9 });
    const out = inflateRaw(stream, size);
    expect(out.length).toBe(size);
    expect(out.every((byte) => byte === 0)).toBe(true);
    // The shared instance still works afterwards.
    const data = text(3000, 4);
    expectBytes(inflateRaw(deflateRawSync(data), data.length), data);
  });

  it('reports errors with the input offset where they were found', () => {
    const base = 1000;
    // Block type 3 in the first byte.
    const badType = thrown(() => inflateRaw(Uint8Array.of(0x07, 0, 0, 0), 10, base));
    expect(badType.code).toBe(ErrorCode.DECOMPRESS_FAILED);
    expect(badType.offset).toBe(base);
    // A literal, then a match 2 back with 1 byte of output: 23 bits in, i.e. byte 2.
    const tooFar = new FixedBlockWriter().header(true).literal(97).match(3, 2).end();
    const far = thrown(() => inflateRaw(tooFar, 10, base));
    expect(far.code).toBe(ErrorCode.DECOMPRESS_FAILED);
    expect(far.offset).toBe(base + 2);
    expect(far.detail).toMatch(/distance/);
    // Literal/length symbols 286 and 287 and distance codes 30 and 31 exist only in fixed blocks.
    for (const symbol of [286, 287]) {
      const stream = new FixedBlockWriter().header(true).literal(1).symbol(symbol).end();
      expect(thrown(() => inflateRaw(stream, 10)).code).toBe(ErrorCode.DECOMPRESS_FAILED);
    }
    for (const code of [30, 31]) {
      const stream = new FixedBlockWriter()
        .header(true)
        .literal(1)
        .symbol(257)
        .distanceCode(code)
        .end();
      expect(thrown(() => inflateRaw(stream, 10)).code).toBe(ErrorCode.DECOMPRESS_FAILED);
    }
    // A stored block whose length and complement disagree, at byte 1.
    const stored = thrown(() =>
      inflateRaw(Uint8Array.of(0x01, 0x05, 0x00, 0xfa, 0xfe, 1, 2, 3, 4, 5), 10, base),
    );
    expect(stored.offset).toBe(base + 1);
  });

  it('checks the zlib header, dictionary flag and Adler-32 trailer', () => {
    const data = text(2000, 6);
    const stream = Uint8Array.from(deflateSync(data));
    const badHeader = thrown(() =>
      inflateZlib(Uint8Array.of(0x78, 0x9d, ...stream.subarray(2)), 2000, 10),
    );
    expect(badHeader.code).toBe(ErrorCode.DECOMPRESS_FAILED);
    expect(badHeader.offset).toBe(10);
    // 0x78 0xBB: FDICT set, FCHECK valid.
    const dictionary = thrown(() =>
      inflateZlib(Uint8Array.of(0x78, 0xbb, ...stream.subarray(2)), 2000),
    );
    expect(dictionary.code).toBe(ErrorCode.DECOMPRESS_FAILED);
    const damaged = stream.slice();
    damaged[damaged.length - 1]! ^= 1;
    const adler = thrown(() => inflateZlib(damaged, 2000, 10));
    expect(adler.code).toBe(ErrorCode.DECOMPRESS_FAILED);
    expect(adler.offset).toBe(10 + stream.length - 4);
    const cut = thrown(() => inflateZlib(stream.subarray(0, stream.length - 2), 2000));
    expect(cut.code).toBe(ErrorCode.DECOMPRESS_FAILED);
  });

  it('gives a FormatError for every truncation of a stream', () => {
    const data = mixed(3000, 11);
    for (const [container, stream] of [
      ['raw', deflateRawSync(data)],
      ['zlib', deflateSync(data)],
      ['raw', deflateRawSync(data, { strategy: constants.Z_FIXED })],
      ['raw', deflateRawSync(data.subarray(0, 600), { level: 0 })],
    ] as const) {
      for (let length = 0; length < stream.length; length++) {
        const error = thrown(() =>
          inflateWasm({
            data: stream.subarray(0, length),
            container,
            expectedSize: 3000,
            offset: 0,
          }),
        );
        expect(error.code, `${container} cut at ${length}`).toBe(ErrorCode.DECOMPRESS_FAILED);
      }
    }
  });

  it('gives a FormatError or the original bytes for every single-bit flip of a zlib stream', () => {
    const data = mixed(1500, 12);
    const stream = Uint8Array.from(deflateSync(data));
    for (let bit = 0; bit < stream.length * 8; bit++) {
      const flipped = stream.slice();
      flipped[bit >> 3]! ^= 1 << (bit & 7);
      try {
        // Padding bits after the last block change nothing.
        expectBytes(inflateZlib(flipped, data.length), data);
      } catch (error) {
        expect(error, `bit ${bit}`).toBeInstanceOf(FormatError);
      }
    }
  });

  it('agrees with zlib on mutated and random streams (fast-check, seeded)', () => {
    const seeds = [
      deflateRawSync(text(4000, 1)),
      deflateRawSync(mixed(20_000, 2), { level: 9 }),
      deflateRawSync(runs(3000, 3), { strategy: constants.Z_FIXED }),
      deflateRawSync(randomBytes(500, 4), { level: 0 }),
      deflateRawSync(text(300, 5), { strategy: constants.Z_HUFFMAN_ONLY }),
    ];
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), bit: fc.nat(7) }),
      fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.nat(255) }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('delete' as const),
        at: fc.nat(),
        count: fc.integer({ min: 1, max: 4 }),
      }),
    );
    const input = fc.oneof(
      {
        weight: 9,
        arbitrary: fc
          .tuple(fc.nat(seeds.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }))
          .map(([index, mutations]) => {
            let bytes = Uint8Array.from(seeds[index]!);
            for (const m of mutations) {
              const at = m.at % Math.max(1, bytes.length);
              if (m.kind === 'flip' && bytes.length) bytes[at]! ^= 1 << m.bit;
              else if (m.kind === 'set' && bytes.length) bytes[at] = m.value;
              else if (m.kind === 'truncate') bytes = bytes.subarray(0, at);
              else if (m.kind === 'delete')
                bytes = Uint8Array.of(...bytes.subarray(0, at), ...bytes.subarray(at + m.count));
            }
            return bytes;
          }),
      },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    );
    const capacity = 64 * 1024;
    fc.assert(
      fc.property(input, (bytes) => {
        let expected: Uint8Array | null;
        try {
          expected = inflateRawSync(bytes);
        } catch {
          expected = null;
        }
        let actual: Uint8Array | FormatError;
        try {
          actual = inflateRaw(bytes, capacity);
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          actual = error;
        }
        if (expected !== null && expected.length <= capacity) {
          expect(actual).toBeInstanceOf(Uint8Array);
          expectBytes(actual as Uint8Array, expected);
        } else {
          expect(actual).toBeInstanceOf(FormatError);
          if (expected !== null) expect((actual as FormatError).code).toBe(ErrorCode.SIZE_MISMATCH);
        }
      }),
      { seed: 0x1f1a7e, numRuns: 3000 },
    );
  });
});
