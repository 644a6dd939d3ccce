/**
 * BC1–BC5 against Microsoft's "Block Compression (Direct3D 10)" documentation: blocks built
 * by hand from its layouts, their pixels worked out from its real-valued formulas
 * (c2 = 2/3 c0 + 1/3 c1, alpha_2 = 6/7 a0 + 1/7 a1, ...), allowed the one step of rounding
 * the document leaves open; then round trips through the test encoder (bc-encode.ts, whose
 * palettes are computed in floating point) within the format's error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fifths, sevenths, thirds } from './bc.ts';
import { encodeBc, type EncodableCodec } from './bc-encode.ts';
import { decodePixels } from './decode.ts';
import type { BlockEncoding } from './types.ts';

const block = (codec: BlockEncoding['codec'], isSigned = false): BlockEncoding => ({
  kind: 'block',
  codec,
  blockWidth: 4,
  blockHeight: 4,
  bytesPerBlock: codec === 'bc1' || codec === 'bc4' ? 8 : 16,
  isSigned,
});

/** Pixel `index` of a decoded surface. */
const pixelAt = (rgba: Uint8Array, index: number) =>
  Array.from(rgba.subarray(index * 4, index * 4 + 4));

/** Each channel within `tolerance` of the expected (real-valued) one. */
function expectNear(actual: number[], expected: number[], tolerance = 0.5 + 1e-9): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, channel) => {
    if (Math.abs(value - expected[channel]!) > tolerance)
      expect.fail(
        `channel ${channel}: ${value}, expected ${expected[channel]} (${actual} vs ${expected})`,
      );
  });
}

/** 16 two-bit indexes, pixel 0 first, as the 4 little-endian bytes of a colour block. */
const indexBytes2 = (indexes: number[]) => {
  let bits = 0;
  indexes.forEach((index, pixel) => (bits |= index << (2 * pixel)));
  return [bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, bits >>> 24];
};

/** 16 three-bit indexes as the 6 bytes of an interpolated channel block. */
const indexBytes3 = (indexes: number[]) => {
  const bytes: number[] = [];
  for (const half of [0, 8]) {
    let bits = 0;
    for (let pixel = 0; pixel < 8; pixel += 1) bits |= indexes[half + pixel]! << (3 * pixel);
    bytes.push(bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff);
  }
  return bytes;
};

const RAMP = [0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3];
const RAMP8 = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];

describe('BC1 against the documented formulas', () => {
  it('c0 > c1: four colours, c2 = 2/3 c0 + 1/3 c1 and c3 = 1/3 c0 + 2/3 c1', () => {
    // c0 pure red (0xF800), c1 pure blue (0x001F).
    const bytes = Uint8Array.from([0x00, 0xf8, 0x1f, 0x00, ...indexBytes2(RAMP)]);
    const { rgba } = decodePixels(block('bc1'), bytes, 4, 4);
    const palette = [
      [255, 0, 0, 255],
      [0, 0, 255, 255],
      [(2 / 3) * 255, 0, (1 / 3) * 255, 255],
      [(1 / 3) * 255, 0, (2 / 3) * 255, 255],
    ];
    RAMP.forEach((index, pixel) => expectNear(pixelAt(rgba, pixel), palette[index]!));
  });

  it('c0 <= c1: three colours (c2 the mean) and index 3 transparent black', () => {
    const bytes = Uint8Array.from([0x1f, 0x00, 0x00, 0xf8, ...indexBytes2(RAMP)]);
    const { rgba } = decodePixels(block('bc1'), bytes, 4, 4);
    const palette = [
      [0, 0, 255, 255],
      [255, 0, 0, 255],
      [127.5, 0, 127.5, 255],
      [0, 0, 0, 0],
    ];
    RAMP.forEach((index, pixel) => expectNear(pixelAt(rgba, pixel), palette[index]!));
  });

  it('R5G6B5 endpoints expand to the full range (a 6-bit 32 is 32/63 of 255)', () => {
    // c0 = (16, 32, 16), c1 = 0: index 0 everywhere.
    const bytes = Uint8Array.from([0x10, 0x84, 0x00, 0x00, 0, 0, 0, 0]);
    const { rgba } = decodePixels(block('bc1'), bytes, 4, 4);
    expectNear(pixelAt(rgba, 5), [(16 / 31) * 255, (32 / 63) * 255, (16 / 31) * 255, 255], 1);
  });

  it('clips edge blocks: a 5 × 3 surface takes two blocks across, one down', () => {
    const red = [0x00, 0xf8, 0x00, 0x00, 0, 0, 0, 0];
    const green = [0xe0, 0x07, 0x00, 0x00, 0, 0, 0, 0];
    const { rgba } = decodePixels(block('bc1'), Uint8Array.from([...red, ...green]), 5, 3);
    expect(rgba).toHaveLength(5 * 3 * 4);
    expect(pixelAt(rgba, 3)).toEqual([255, 0, 0, 255]);
    expect(pixelAt(rgba, 4)).toEqual([0, 255, 0, 255]);
    expect(pixelAt(rgba, 2 * 5 + 4)).toEqual([0, 255, 0, 255]);
  });
});

describe('BC2 and BC3 alpha against the documented formulas', () => {
  it('BC2: explicit 4-bit alpha (a × 17), colours always four even when c0 <= c1', () => {
    const alphas = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    const alphaBytes = [0, 2, 4, 6, 8, 10, 12, 14].map(
      (at) => alphas[at]! | (alphas[at + 1]! << 4),
    );
    // c0 blue <= c1 red: still four colours, no transparent index.
    const bytes = Uint8Array.from([...alphaBytes, 0x1f, 0x00, 0x00, 0xf8, ...indexBytes2(RAMP)]);
    const { rgba } = decodePixels(block('bc2'), bytes, 4, 4);
    const palette = [
      [0, 0, 255],
      [255, 0, 0],
      [(1 / 3) * 255, 0, (2 / 3) * 255],
      [(2 / 3) * 255, 0, (1 / 3) * 255],
    ];
    RAMP.forEach((index, pixel) =>
      expectNear(pixelAt(rgba, pixel), [...palette[index]!, alphas[pixel]! * 17]),
    );
  });

  it('BC3: a0 > a1 gives six values in 1/7 steps', () => {
    const [a0, a1] = [200, 20];
    const bytes = Uint8Array.from([a0, a1, ...indexBytes3(RAMP8), 0xff, 0xff, 0, 0, 0, 0, 0, 0]);
    const { rgba } = decodePixels(block('bc3'), bytes, 4, 4);
    const steps = [a0, a1, ...[1, 2, 3, 4, 5, 6].map((step) => ((7 - step) * a0 + step * a1) / 7)];
    RAMP8.forEach((index, pixel) =>
      expectNear(pixelAt(rgba, pixel), [255, 255, 255, steps[index]!]),
    );
  });

  it('BC3: a0 <= a1 gives four values in 1/5 steps, then 0 and 255', () => {
    const [a0, a1] = [40, 240];
    const bytes = Uint8Array.from([a0, a1, ...indexBytes3(RAMP8), 0, 0, 0, 0, 0, 0, 0, 0]);
    const { rgba } = decodePixels(block('bc3'), bytes, 4, 4);
    const steps = [
      a0,
      a1,
      ...[1, 2, 3, 4].map((step) => ((5 - step) * a0 + step * a1) / 5),
      0,
      255,
    ];
    RAMP8.forEach((index, pixel) => expectNear(pixelAt(rgba, pixel), [0, 0, 0, steps[index]!]));
  });
});

describe('BC4 and BC5', () => {
  it('BC4 unorm is grey', () => {
    const bytes = Uint8Array.from([255, 0, ...indexBytes3(RAMP8)]);
    const { rgba } = decodePixels(block('bc4'), bytes, 4, 4);
    const steps = [255, 0, ...[1, 2, 3, 4, 5, 6].map((step) => ((7 - step) * 255) / 7)];
    RAMP8.forEach((index, pixel) => {
      const grey = steps[index]!;
      expectNear(pixelAt(rgba, pixel), [grey, grey, grey, 255]);
    });
  });

  it('BC4 snorm: int8 endpoints shown as v + 128, −128 taken as −127, extremes −1 and 1', () => {
    // a0 = −128 (read as −127) <= a1 = 100: four steps, then −127 and 127.
    const bytes = Uint8Array.from([0x80, 100, ...indexBytes3(RAMP8)]);
    const { rgba } = decodePixels(block('bc4', true), bytes, 4, 4);
    const [a0, a1] = [-127, 100];
    const signed = [
      a0,
      a1,
      ...[1, 2, 3, 4].map((step) => ((5 - step) * a0 + step * a1) / 5),
      -127,
      127,
    ];
    RAMP8.forEach((index, pixel) => {
      const shown = signed[index]! + 128;
      expectNear(pixelAt(rgba, pixel), [shown, shown, shown, 255]);
    });
  });

  it('BC5 unorm is (R, G, 0); snorm is (R, G, 128)', () => {
    const red = [255, 0, ...indexBytes3(RAMP8)];
    const green = [0, 0, 0, 0, 0, 0, 0, 0];
    const unsigned = decodePixels(block('bc5'), Uint8Array.from([...red, ...green]), 4, 4);
    expectNear(pixelAt(unsigned.rgba, 0), [255, 0, 0, 255]);
    expectNear(pixelAt(unsigned.rgba, 2), [(6 / 7) * 255, 0, 0, 255]);
    // Signed: red 127 and −127 (0x81), green 0 (shown 128).
    const signedRed = [0x7f, 0x81, ...indexBytes3(RAMP8)];
    const signed = decodePixels(
      block('bc5', true),
      Uint8Array.from([...signedRed, ...green]),
      4,
      4,
    );
    expectNear(pixelAt(signed.rgba, 0), [255, 128, 128, 255]);
    expectNear(pixelAt(signed.rgba, 1), [1, 128, 128, 255]);
    expectNear(pixelAt(signed.rgba, 2), [(6 * 127 - 127) / 7 + 128, 128, 128, 255]);
  });
});

/**
 * Pixels every block of which lies on the palette of two random 565 endpoints (computed in
 * floating point), and alpha on eight steps of two 8-bit ones: what BC1–BC3 can hold, so a
 * round trip is exact within rounding. `isPerChannel`: every channel on eight steps of its
 * own endpoints (what BC4 and BC5 hold).
 */
function representableImage(
  width: number,
  height: number,
  seed: number,
  isPerChannel = false,
): Uint8Array {
  let state = seed >>> 0 || 1;
  const random = (limit: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % limit;
  };
  const rgba = new Uint8Array(width * height * 4);
  for (let by = 0; by < Math.ceil(height / 4); by += 1) {
    for (let bx = 0; bx < Math.ceil(width / 4); bx += 1) {
      const ends = [0, 1].map(() => [
        (random(32) * 255) / 31,
        (random(64) * 255) / 63,
        (random(32) * 255) / 31,
      ]);
      const channelEnds = [0, 1, 2, 3].map(() => [random(256), random(256)]);
      for (let y = 0; y < 4; y += 1) {
        for (let x = 0; x < 4; x += 1) {
          const [px, py] = [bx * 4 + x, by * 4 + y];
          if (px >= width || py >= height) continue;
          // The block's first and last pixels are its endpoints, so the encoder finds them.
          const lastX = Math.min(3, width - 1 - bx * 4);
          const lastY = Math.min(3, height - 1 - by * 4);
          const isFirst = x === 0 && y === 0;
          const isLast = x === lastX && y === lastY;
          const t = isFirst ? 0 : isLast ? 1 : random(4) / 3;
          const at = (py * width + px) * 4;
          for (let channel = 0; channel < 4; channel += 1) {
            if (channel < 3 && !isPerChannel) {
              rgba[at + channel] = Math.round(
                ends[0]![channel]! * (1 - t) + ends[1]![channel]! * t,
              );
              continue;
            }
            const [low, high] = channelEnds[channel]!;
            const step = isFirst ? 0 : isLast ? 1 : random(8) / 7;
            rgba[at + channel] = Math.round(low! * (1 - step) + high! * step);
          }
        }
      }
    }
  }
  return rgba;
}

/** The largest difference of any channel in `channels` between two surfaces. */
function maxError(a: Uint8Array, b: Uint8Array, channels: readonly number[]): number {
  let worst = 0;
  for (let at = 0; at < a.length; at += 4) {
    for (const channel of channels)
      worst = Math.max(worst, Math.abs(a[at + channel]! - b[at + channel]!));
  }
  return worst;
}

describe('round trips through the test encoder', () => {
  const size = fc.record({
    width: fc.integer({ min: 1, max: 19 }),
    height: fc.integer({ min: 1, max: 19 }),
  });

  it.each<[EncodableCodec, number[], number]>([
    // Colours on the line between two 565 endpoints: within rounding (and an endpoint's
    // own 565 rounding, under 1).
    ['bc1', [0, 1, 2], 2],
    ['bc3', [0, 1, 2], 2],
    // Alpha from 8 steps of two 8-bit endpoints: exact within rounding.
    ['bc3', [3], 1],
    // 4-bit alpha: half a step of 17.
    ['bc2', [3], 9],
    ['bc4', [0], 1],
    ['bc5', [0, 1], 1],
  ])('%s, channels %j, within %d', (codec, channels, tolerance) => {
    fc.assert(
      fc.property(size, fc.integer(), ({ width, height }, seed) => {
        const input = representableImage(width, height, seed, codec === 'bc4' || codec === 'bc5');
        // BC1's alpha is one bit: opaque here (transparency has a test of its own).
        if (codec === 'bc1') for (let at = 3; at < input.length; at += 4) input[at] = 255;
        const encoded = encodeBc(codec, input, width, height);
        const { rgba } = decodePixels(block(codec), encoded, width, height);
        expect(maxError(rgba, input, channels)).toBeLessThanOrEqual(tolerance);
      }),
      { numRuns: 60 },
    );
  });

  it('BC1 keeps transparency: pixels with alpha under 128 come back transparent black', () => {
    const input = representableImage(8, 8, 7);
    for (let at = 3; at < input.length; at += 4) input[at] = at % 12 === 3 ? 0 : 255;
    const { rgba } = decodePixels(block('bc1'), encodeBc('bc1', input, 8, 8), 8, 8);
    for (let at = 0; at < input.length; at += 4) {
      if (input[at + 3] === 0) expect(pixelAt(rgba, at / 4)).toEqual([0, 0, 0, 0]);
      else expect(rgba[at + 3]).toBe(255);
    }
  });

  it('BC4 and BC5 snorm round-trip signed values', () => {
    const input = representableImage(12, 8, 3, true);
    // Signed values are shown from 1 (−127) up; 0 cannot be held.
    for (let at = 0; at < input.length; at += 1) input[at] = Math.max(1, input[at]!);
    for (const codec of ['bc4', 'bc5'] as const) {
      const { rgba } = decodePixels(block(codec, true), encodeBc(codec, input, 12, 8, true), 12, 8);
      expect(maxError(rgba, input, codec === 'bc4' ? [0] : [0, 1])).toBeLessThanOrEqual(1);
      if (codec === 'bc5') expect(rgba[2]).toBe(128);
    }
  });
});

describe('the kernels’ own arithmetic and paths', () => {
  it('divides by 3, 5 and 7 exactly with a multiply and a shift, up to 2^13', () => {
    for (let sum = 0; sum <= 8192; sum += 1) {
      expect(thirds(sum)).toBe(Math.floor(sum / 3));
      expect(fifths(sum)).toBe(Math.floor(sum / 5));
      expect(sevenths(sum)).toBe(Math.floor(sum / 7));
    }
  });

  it('decodes whole blocks and clipped edge blocks alike (any bytes, BC1 to BC5)', () => {
    const codecs = ['bc1', 'bc2', 'bc3', 'bc4', 'bc5'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...codecs),
        fc.uint8Array({ minLength: 16 * 3 * 2, maxLength: 16 * 3 * 2 }),
        fc.integer({ min: 9, max: 11 }),
        fc.integer({ min: 5, max: 7 }),
        (codec, bytes, width, height) => {
          // Three blocks across and two down either way: 12 × 8 all whole, the other clipped.
          const whole = decodePixels(block(codec), bytes, 12, 8).rgba;
          const clipped = decodePixels(block(codec), bytes, width, height).rgba;
          for (let y = 0; y < height; y += 1) {
            for (let x = 0; x < width; x += 1) {
              expect(pixelAt(clipped, y * width + x)).toEqual(pixelAt(whole, y * 12 + x));
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
