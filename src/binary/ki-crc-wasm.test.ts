import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kiCrc } from './crc32.ts';
import { jsKiCrcKernel, kiCrcKernel, STAGE_SIZE, type KiCrcKernel } from './ki-crc-wasm.ts';
import { KI_CRC_WASM_SOURCE_SHA256 } from './wasm/ki-crc-wasm.generated.ts';

const ascii = (text: string) => new TextEncoder().encode(text);

/** Bytes with no short period (a multiplicative hash of the index), so a wrong fold offset shows. */
const noise = (length: number, seed = 1): Uint8Array =>
  Uint8Array.from({ length }, (_, i) => Math.imul(i + seed * 7919, 0x9e3779b1) >>> 24);

const wasm = kiCrcKernel();
const kernels: [string, KiCrcKernel][] = [
  ['WebAssembly', wasm],
  ['JS', jsKiCrcKernel()],
];

describe('kiCrcKernel', () => {
  it('runs on WebAssembly in Node', () => {
    expect(wasm.engine).toBe('wasm');
  });

  it('was built from the ki-crc.c in the tree (run npm run build:wasm after editing it)', () => {
    const source = readFileSync(new URL('./wasm/ki-crc.c', import.meta.url));
    expect(createHash('sha256').update(source).digest('hex')).toBe(KI_CRC_WASM_SOURCE_SHA256);
  });

  for (const [name, kernel] of kernels) {
    describe(name, () => {
      it('matches the spec check values', () => {
        for (const [input, expected] of [
          ['', 0x00000000],
          ['a', 0x3ab551ce],
          ['123456789', 0x2dfd2d88],
          ['KIWAD', 941604119],
          ['uncompressed data\n', 0x65a073d0],
        ] as const) {
          expect(kernel.kiCrc(ascii(input))).toBe(expected);
        }
      });

      it('agrees with the table kernel on every length around the fold, from any register', () => {
        // The fold starts at 316 words (1,264 bytes); lengths on both sides and far past it.
        const data = noise(20_000, 7);
        for (let length = 0; length <= 1_400; length++) {
          const part = data.subarray(3, 3 + length);
          expect(kernel.kiCrc(part)).toBe(kiCrc(part));
        }
        for (const length of [1_999, 4_096, 4_097, 8_191, 19_997]) {
          const part = data.subarray(1, 1 + length);
          expect(kernel.kiCrc(part, 0xdeadbeef)).toBe(kiCrc(part, 0xdeadbeef));
        }
      });

      it("chains over any cut, and leaves the caller's bytes as they were", () => {
        fc.assert(
          fc.property(
            fc.uint8Array({ minLength: 0, maxLength: 6_000, size: 'max' }),
            fc.nat(6_000),
            fc.integer({ min: 0, max: 0xffffffff }),
            (data, cut, start) => {
              const copy = data.slice();
              const at = Math.min(cut, data.length);
              const chained = kernel.kiCrc(
                data.subarray(at),
                kernel.kiCrc(data.subarray(0, at), start),
              );
              return chained === kiCrc(data, start) && data.every((byte, i) => byte === copy[i]);
            },
          ),
          // No shrinking: a failure on arrays of thousands of bytes would take minutes to shrink.
          { numRuns: 200, endOnFailure: true },
        );
      });

      it('hashes the pieces of a window at once, apart or overlapping', () => {
        const window = noise(40_000, 11);
        window.fill(0, 30_000, 33_000);
        const before = window.slice();
        const layouts: [number, number][][] = [
          // apart, with gaps, empty pieces and a zero one
          [
            [0, 5_000],
            [5_000, 0],
            [5_100, 1_263],
            [6_400, 1_264],
            [9_000, 20_000],
            [30_000, 3_000],
            [33_000, 7_000],
          ],
          // overlapping: each piece must see the window's own bytes
          [
            [0, 8_000],
            [4_000, 8_000],
            [4_000, 2],
            [30_500, 2_000],
            [31_000, 9_000],
          ],
        ];
        for (const layout of layouts) {
          const pairs = new Uint32Array(layout.flat());
          kernel.kiCrcPieces(window, pairs, layout.length, 0xcafe);
          layout.forEach(([start, length], k) => {
            const bytes = window.subarray(start, start + length);
            expect(pairs[2 * k]).toBe(kiCrc(bytes, k === 0 ? 0xcafe : 0));
            if (k > 0) expect(pairs[2 * k + 1] === 0).toBe(bytes.every((byte) => byte === 0));
          });
        }
        expect(window).toEqual(before);
      });

      it('tells whether the bytes were all zero', () => {
        for (const length of [0, 1, 5, 1_500, 100_000]) {
          const zero = new Uint8Array(length);
          expect(kernel.kiCrc(zero)).toBe(0);
          expect(kernel.lastWasAllZero()).toBe(true);
          if (length === 0) continue;
          for (const at of [0, length >> 1, length - 1]) {
            const one = new Uint8Array(length);
            one[at] = 0x40;
            kernel.kiCrc(one);
            expect(kernel.lastWasAllZero()).toBe(false);
          }
        }
        // The answer is per call: zero bytes after a call that saw others read as zero.
        kernel.kiCrc(new Uint8Array(3_000), 0);
        expect(kernel.lastWasAllZero()).toBe(true);
      });
    });
  }

  it('hashes more pieces than one call into the kernel takes', () => {
    const window = noise(300_000, 5);
    const count = 10_000;
    const pairs = new Uint32Array(2 * count);
    for (let k = 0; k < count; k++) {
      pairs[2 * k] = k * 30;
      pairs[2 * k + 1] = 30;
    }
    wasm.kiCrcPieces(window, pairs, count, 0);
    for (const k of [0, 4_095, 4_096, 8_192, 9_999]) {
      expect(pairs[2 * k]).toBe(kiCrc(window.subarray(k * 30, k * 30 + 30)));
    }
  });

  it('hashes inputs longer than one stage in chained stages', () => {
    const data = noise(STAGE_SIZE * 2 + 12_345, 3);
    expect(wasm.kiCrc(data, 0x1234)).toBe(kiCrc(data, 0x1234));
    const zero = new Uint8Array(STAGE_SIZE + 10);
    wasm.kiCrc(zero);
    expect(wasm.lastWasAllZero()).toBe(true);
    zero[STAGE_SIZE + 5] = 1;
    wasm.kiCrc(zero);
    expect(wasm.lastWasAllZero()).toBe(false);
  });
});
