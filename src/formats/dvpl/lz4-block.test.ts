import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../binary/format-error.ts';
import { decodeLz4Block } from './lz4-block.ts';
import { encodeLz4Block } from './lz4-block-encode.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** The FormatError `run` throws (fails the test when it throws none or another kind). */
function errorOf(run: () => unknown): FormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return error as FormatError;
  }
  throw new Error('expected a FormatError');
}

describe('decodeLz4Block: hand-made blocks', () => {
  it('decodes literals only', () => {
    const block = Uint8Array.of(0x50, ...text('hello'));
    expect(decodeLz4Block(block, 5).bytes).toEqual(text('hello'));
  });

  it('decodes the empty block (one 0x00 token)', () => {
    expect(decodeLz4Block(Uint8Array.of(0), 0).bytes).toEqual(new Uint8Array(0));
  });

  it('decodes an overlapping match of offset 1 as a run', () => {
    // `a`, then 10 bytes from 1 back (length nibble 6 + 4), then the literals `bcdef`.
    const block = Uint8Array.of(0x16, 0x61, 0x01, 0x00, 0x50, ...text('bcdef'));
    expect(new TextDecoder().decode(decodeLz4Block(block, 16).bytes)).toBe('aaaaaaaaaaabcdef');
  });

  it('decodes an overlapping match of offset 3 as a repeated pattern', () => {
    // `xyz`, then 8 bytes from 3 back: xyzxyzxy, then `!....`.
    const block = Uint8Array.of(0x34, ...text('xyz'), 0x03, 0x00, 0x50, ...text('!....'));
    expect(new TextDecoder().decode(decodeLz4Block(block, 16).bytes)).toBe('xyzxyzxyzxy!....');
  });

  it('reads extension bytes of literal and match lengths', () => {
    const literals = new Uint8Array(15 + 255 + 3).fill(0x41);
    // 273 literals: nibble 15, then 255 and 3; match nibble 15 + 255 + 0 → 270 + 4 bytes.
    const block = Uint8Array.of(
      0xff,
      255,
      3,
      ...literals,
      0x01,
      0x00,
      255,
      0,
      0x50,
      ...text('tail!'),
    );
    const out = decodeLz4Block(block, 273 + 274 + 5).bytes;
    expect(out.length).toBe(552);
    expect(out.subarray(0, 547).every((byte) => byte === 0x41)).toBe(true);
    expect(new TextDecoder().decode(out.subarray(547))).toBe('tail!');
  });

  it('accepts a match of offset 0 as zero bytes, and counts it (the Blitz quirk)', () => {
    const block = Uint8Array.of(
      0x20,
      0x61,
      0x62,
      0x00,
      0x00,
      0x21,
      0x63,
      0x64,
      0x00,
      0x00,
      0x10,
      0x65,
    );
    const result = decodeLz4Block(block, 2 + 4 + 2 + 5 + 1, { base: 100 });
    expect(result.bytes).toEqual(
      Uint8Array.of(0x61, 0x62, 0, 0, 0, 0, 0x63, 0x64, 0, 0, 0, 0, 0, 0x65),
    );
    expect(result.zeroOffsetMatches).toBe(2);
    expect(result.firstZeroOffsetAt).toBe(103);
  });

  it('returns fewer bytes when the block ends early (the caller checks the size)', () => {
    expect(decodeLz4Block(Uint8Array.of(0x30, ...text('abc')), 10).bytes).toEqual(text('abc'));
  });
});

describe('decodeLz4Block: hostile blocks end in a FormatError at the failing byte', () => {
  const cases: Array<[string, Uint8Array, number, string, number]> = [
    ['no bytes at all', new Uint8Array(0), 0, 'UNEXPECTED_EOF', 0],
    ['literal count past the input', Uint8Array.of(0x50, 0x61, 0x62), 5, 'UNEXPECTED_EOF', 1],
    [
      'literal length extension past the input',
      Uint8Array.of(0xf0, 255, 255),
      600,
      'UNEXPECTED_EOF',
      3,
    ],
    ['literals past the output', Uint8Array.of(0x50, ...text('hello')), 4, 'SIZE_MISMATCH', 0],
    ['a match offset cut short', Uint8Array.of(0x10, 0x61, 0x01), 8, 'UNEXPECTED_EOF', 2],
    [
      'a match reaching before the output',
      Uint8Array.of(0x10, 0x61, 0x02, 0x00, 0x00),
      8,
      'OUT_OF_BOUNDS',
      2,
    ],
    [
      'a match past the output',
      Uint8Array.of(0x1f, 0x61, 0x01, 0x00, 0x10, 0x00),
      30,
      'SIZE_MISMATCH',
      0,
    ],
    [
      'a match length extension past the input',
      Uint8Array.of(0x1f, 0x61, 0x01, 0x00, 255),
      900,
      'UNEXPECTED_EOF',
      5,
    ],
    [
      'a zero-offset match past the output',
      Uint8Array.of(0x10, 0x61, 0x00, 0x00, 0x00),
      4,
      'SIZE_MISMATCH',
      0,
    ],
  ];
  it.each(cases)('%s', (_label, block, size, code, offset) => {
    const error = errorOf(() => decodeLz4Block(block, size, { base: 0 }));
    expect({ code: error.code, offset: error.offset }).toEqual({ code, offset });
  });

  it('reports offsets in file terms with a base', () => {
    const error = errorOf(() => decodeLz4Block(Uint8Array.of(0x50, 0x61), 5, { base: 0x1000 }));
    expect(error.offset).toBe(0x1001);
  });

  it('never writes past the declared size, for a block of huge lengths', () => {
    // A match length of about 255 × 64 Ki bytes, declared output 1 KiB: refused at once.
    const huge = new Uint8Array(1 + 1 + 2 + 65536).fill(255);
    huge.set([0x1f, 0x61, 0x01, 0x00]);
    huge[huge.length - 1] = 0;
    const error = errorOf(() => decodeLz4Block(huge, 1024));
    expect(error.code).toBe('SIZE_MISMATCH');
  });

  it('ends in a block or a FormatError for any bytes, quickly', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.nat(4096), (block, size) => {
        try {
          const { bytes } = decodeLz4Block(block, size);
          expect(bytes.length).toBeLessThanOrEqual(size);
        } catch (error) {
          expect(error).toBeInstanceOf(FormatError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('encodeLz4Block', () => {
  const inputs: Array<[string, Uint8Array]> = [
    ['empty', new Uint8Array(0)],
    ['shorter than a match can start', text('tiny input')],
    [
      'text with repeats',
      text('abcabcabcabc the quick brown fox, the quick brown fox. '.repeat(20)),
    ],
    ['a long run', new Uint8Array(100_000).fill(7)],
    ['incompressible', Uint8Array.from({ length: 5000 }, (_, i) => (i * 2654435761) >>> 24)],
  ];

  it.each(inputs)('round-trips %s through our decoder, fast and deep search', (_label, input) => {
    for (const searchDepth of [1, 64]) {
      const block = encodeLz4Block(input, { searchDepth });
      const { bytes, zeroOffsetMatches } = decodeLz4Block(block, input.length);
      expect(bytes).toEqual(input);
      expect(zeroOffsetMatches).toBe(0);
    }
  });

  it('compresses repeats (a run of 100,000 bytes to under 1 KiB)', () => {
    expect(encodeLz4Block(new Uint8Array(100_000)).length).toBeLessThan(1024);
  });

  it('round-trips random and repetitive data (property)', () => {
    const repetitive = fc
      .array(fc.uint8Array({ minLength: 1, maxLength: 40 }), { maxLength: 30 })
      .chain((parts) =>
        fc.array(fc.nat(Math.max(0, parts.length - 1)), { maxLength: 200 }).map((picks) => {
          const chosen = picks.flatMap((pick) => (parts[pick] ? [...parts[pick]] : []));
          return Uint8Array.from(chosen);
        }),
      );
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ maxLength: 3000 }), repetitive),
        fc.integer({ min: 1, max: 16 }),
        (input, depth) => {
          const block = encodeLz4Block(input, { searchDepth: depth });
          expect(decodeLz4Block(block, input.length).bytes).toEqual(input);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * The reference implementation, where its command-line tool is installed: our blocks, in a
 * frame of their own, must decode there, and its blocks (fast and high compression) must
 * decode here. The frame is the documented LZ4 frame: magic, descriptor (version 1,
 * independent blocks, no checksums, 4 MiB blocks), its checksum byte, the blocks, an end mark.
 */
const hasReferenceTool = (() => {
  try {
    execFileSync('lz4', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

/** xxHash32 of a few bytes (the frame descriptor's checksum needs it). */
function xxh32(data: Uint8Array, seed = 0): number {
  const P1 = 2654435761;
  const P2 = 2246822519;
  const P3 = 3266489917;
  const P4 = 668265263;
  const P5 = 374761393;
  const rotl = (value: number, bits: number) => ((value << bits) | (value >>> (32 - bits))) >>> 0;
  // Inputs here are under 16 bytes: the short path only.
  expect(data.length).toBeLessThan(16);
  let hash = (seed + P5 + data.length) >>> 0;
  let at = 0;
  for (; at + 4 <= data.length; at += 4) {
    const word =
      (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16) | (data[at + 3]! << 24)) >>> 0;
    hash = Math.imul(rotl((hash + Math.imul(word, P3)) >>> 0, 17), P4) >>> 0;
  }
  for (; at < data.length; at++) {
    hash = Math.imul(rotl((hash + Math.imul(data[at]!, P5)) >>> 0, 11), P1) >>> 0;
  }
  hash ^= hash >>> 15;
  hash = Math.imul(hash, P2) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, P3) >>> 0;
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function frameAround(block: Uint8Array): Uint8Array {
  const descriptor = Uint8Array.of(0x60, 0x70);
  const header = Uint8Array.of(
    0x04,
    0x22,
    0x4d,
    0x18,
    ...descriptor,
    (xxh32(descriptor) >>> 8) & 0xff,
  );
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, block.length, true);
  return Uint8Array.of(...header, ...size, ...block, 0, 0, 0, 0);
}

/** The one compressed block of a frame the tool wrote (no content size, no checksums). */
function blockOf(frame: Uint8Array): Uint8Array {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  expect(view.getUint32(0, true)).toBe(0x184d2204);
  const size = view.getUint32(7, true);
  expect(size & 0x80000000).toBe(0); // compressed, not stored
  return frame.subarray(11, 11 + size);
}

describe.skipIf(!hasReferenceTool)('interoperability with the reference lz4 tool', () => {
  const input = text(
    'Delve LZ4 interop: the quick brown fox jumps over the lazy dog. '.repeat(300),
  );

  it('the reference tool decodes our blocks, fast and deep', () => {
    const folder = mkdtempSync(join(tmpdir(), 'delve-lz4-'));
    try {
      for (const searchDepth of [1, 64]) {
        const path = join(folder, `ours-${searchDepth}.lz4`);
        writeFileSync(path, frameAround(encodeLz4Block(input, { searchDepth })));
        const decoded = execFileSync('lz4', ['-q', '-d', '-c', path]);
        expect(new Uint8Array(decoded)).toEqual(input);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('we decode the reference tool’s blocks, fast (-1) and high compression (-12)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'delve-lz4-'));
    try {
      const path = join(folder, 'input.bin');
      writeFileSync(path, input);
      for (const level of ['-1', '-12']) {
        execFileSync('lz4', [
          '-q',
          level,
          '-f',
          '-B7',
          '-BI',
          '--no-frame-crc',
          path,
          `${path}${level}.lz4`,
        ]);
        const block = blockOf(new Uint8Array(readFileSync(`${path}${level}.lz4`)));
        expect(decodeLz4Block(block, input.length).bytes).toEqual(input);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
