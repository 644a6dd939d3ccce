/**
 * BC7 against blocks built field by field from the layout of ARB_texture_compression_bptc
 * (Table.M, endpoint order, p-bits, anchors of Table.A2/A3a/A3b): a small encoder here packs
 * chosen endpoints and indices, and a reference model written from the specification's prose
 * (bit replication, the 6-bit weights, rotation, index selection) says which pixels they mean;
 * and random blocks of every mode against the pixels Pillow 9.4's C decoder gives for them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitPacker } from './bit-packer.ts';
import { decodeBc7Block } from './bc7.ts';
import {
  ANCHORS_2_OF_2,
  ANCHORS_2_OF_3,
  ANCHORS_3_OF_3,
  PARTITIONS_2,
  PARTITIONS_3,
} from './bptc-tables.ts';
import { decodePixels } from './decode.ts';
import { PILLOW_BC7 } from './pillow-vectors.ts';

/** Table.M of the specification, one row per mode. */
const MODES = [
  { ns: 3, pb: 4, rb: 0, isb: 0, cb: 4, ab: 0, epb: 1, spb: 0, ib: 3, ib2: 0 },
  { ns: 2, pb: 6, rb: 0, isb: 0, cb: 6, ab: 0, epb: 0, spb: 1, ib: 3, ib2: 0 },
  { ns: 3, pb: 6, rb: 0, isb: 0, cb: 5, ab: 0, epb: 0, spb: 0, ib: 2, ib2: 0 },
  { ns: 2, pb: 6, rb: 0, isb: 0, cb: 7, ab: 0, epb: 1, spb: 0, ib: 2, ib2: 0 },
  { ns: 1, pb: 0, rb: 2, isb: 1, cb: 5, ab: 6, epb: 0, spb: 0, ib: 2, ib2: 3 },
  { ns: 1, pb: 0, rb: 2, isb: 0, cb: 7, ab: 8, epb: 0, spb: 0, ib: 2, ib2: 2 },
  { ns: 1, pb: 0, rb: 0, isb: 0, cb: 7, ab: 7, epb: 1, spb: 0, ib: 4, ib2: 0 },
  { ns: 2, pb: 6, rb: 0, isb: 0, cb: 5, ab: 5, epb: 1, spb: 0, ib: 2, ib2: 0 },
] as const;

/** "The effective interpolation factors for 2, 3, and 4 bit indices". */
const FACTORS: Record<number, number[]> = {
  2: [0, 21, 43, 64],
  3: [0, 9, 18, 27, 37, 46, 55, 64],
  4: [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64],
};

interface Fields {
  mode: number;
  partition: number;
  rotation: number;
  selector: number;
  /** [endpoint][channel], raw stored bits. */
  endpoints: number[][];
  pbits: number[];
  primary: number[];
  secondary: number[];
}

function subsetOf(mode: number, partition: number, pixel: number): number {
  const { ns } = MODES[mode]!;
  if (ns === 1) return 0;
  return (ns === 2 ? PARTITIONS_2 : PARTITIONS_3)[partition * 16 + pixel]!;
}

function anchorsOf(mode: number, partition: number): number[] {
  const { ns } = MODES[mode]!;
  if (ns === 1) return [0];
  if (ns === 2) return [0, ANCHORS_2_OF_2[partition]!];
  return [0, ANCHORS_2_OF_3[partition]!, ANCHORS_3_OF_3[partition]!];
}

function pack(fields: Fields): Uint8Array {
  const m = MODES[fields.mode]!;
  const out = new BitPacker(16).put(1 << fields.mode, fields.mode + 1);
  out.put(fields.partition, m.pb).put(fields.rotation, m.rb).put(fields.selector, m.isb);
  for (let channel = 0; channel < (m.ab ? 4 : 3); channel++) {
    for (const endpoint of fields.endpoints)
      out.put(endpoint[channel]!, channel === 3 ? m.ab : m.cb);
  }
  for (const bit of fields.pbits) out.put(bit, 1);
  const anchors = anchorsOf(fields.mode, fields.partition);
  fields.primary.forEach((index, pixel) =>
    out.put(index, anchors.includes(pixel) ? m.ib - 1 : m.ib),
  );
  if (m.ib2)
    fields.secondary.forEach((index, pixel) => out.put(index, pixel === 0 ? m.ib2 - 1 : m.ib2));
  expect(out.position).toBe(128);
  return out.bytes;
}

/** "the MSBs are replicated into the low bits": bit by bit, top down. */
function replicate(value: number, bits: number): number {
  let result = 0;
  for (let target = 7, source = bits - 1; target >= 0; target--) {
    result |= ((value >> source) & 1) << target;
    source = source === 0 ? bits - 1 : source - 1;
  }
  return result;
}

function expected(fields: Fields): number[][] {
  const m = MODES[fields.mode]!;
  const hasP = m.epb || m.spb;
  const full = fields.endpoints.map((endpoint, index) => {
    const p = m.spb ? fields.pbits[index >> 1]! : m.epb ? fields.pbits[index]! : 0;
    return [0, 1, 2, 3].map((channel) => {
      if (channel === 3 && !m.ab) return 255;
      const bits = channel === 3 ? m.ab : m.cb;
      return hasP
        ? replicate((endpoint[channel]! << 1) | p, bits + 1)
        : replicate(endpoint[channel]!, bits);
    });
  });
  return Array.from({ length: 16 }, (_, pixel) => {
    const subset = subsetOf(fields.mode, fields.partition, pixel);
    const [e0, e1] = [full[subset * 2]!, full[subset * 2 + 1]!];
    const colorSecondary = m.ib2 > 0 && fields.selector === 1;
    const alphaSecondary = m.ib2 > 0 && fields.selector === 0;
    const wc =
      FACTORS[colorSecondary ? m.ib2 : m.ib]![
        (colorSecondary ? fields.secondary : fields.primary)[pixel]!
      ]!;
    const wa =
      FACTORS[alphaSecondary ? m.ib2 : m.ib]![
        (alphaSecondary ? fields.secondary : fields.primary)[pixel]!
      ]!;
    const rgba = [0, 1, 2, 3].map((c) => {
      const w = c === 3 ? wa : wc;
      return ((64 - w) * e0[c]! + w * e1[c]! + 32) >> 6;
    });
    if (fields.rotation > 0) {
      const channel = fields.rotation - 1;
      [rgba[3], rgba[channel]] = [rgba[channel]!, rgba[3]!];
    }
    return rgba;
  });
}

function decodedBlock(block: Uint8Array): number[][] {
  const { rgba } = decodePixels(
    { kind: 'block', codec: 'bc7', blockWidth: 4, blockHeight: 4, bytesPerBlock: 16 },
    block,
    4,
    4,
  );
  return Array.from({ length: 16 }, (_, pixel) =>
    Array.from(rgba.subarray(pixel * 4, pixel * 4 + 4)),
  );
}

const fieldsOf = (mode: number): fc.Arbitrary<Fields> => {
  const m = MODES[mode]!;
  const count = m.ns * 2;
  return fc
    .record({
      partition: fc.nat((1 << m.pb) - 1),
      rotation: fc.nat((1 << m.rb) - 1),
      selector: fc.nat((1 << m.isb) - 1),
      endpoints: fc.array(
        fc.tuple(
          fc.nat((1 << m.cb) - 1),
          fc.nat((1 << m.cb) - 1),
          fc.nat((1 << m.cb) - 1),
          fc.nat((1 << m.ab) - 1),
        ),
        { minLength: count, maxLength: count },
      ),
      pbits: fc.array(fc.nat(1), {
        minLength: m.spb ? m.ns : m.epb ? count : 0,
        maxLength: m.spb ? m.ns : m.epb ? count : 0,
      }),
      primary: fc.array(fc.nat((1 << m.ib) - 1), { minLength: 16, maxLength: 16 }),
      secondary: fc.array(fc.nat((1 << Math.max(m.ib2, 1)) - 1), { minLength: 16, maxLength: 16 }),
    })
    .map((raw) => {
      // An anchor's index has its top bit implied zero: keep it below half the range.
      const anchors = anchorsOf(mode, raw.partition);
      const primary = raw.primary.map((index, pixel) =>
        anchors.includes(pixel) ? index >> 1 : index,
      );
      const secondary = m.ib2
        ? raw.secondary.map((index, pixel) => (pixel === 0 ? index >> 1 : index))
        : [];
      return { ...raw, mode, primary, secondary, endpoints: raw.endpoints.map((e) => [...e]) };
    });
};

describe('BC7', () => {
  it('mode 6: black to white through the 4-bit weights (worked by hand from the weight list)', () => {
    const fields: Fields = {
      mode: 6,
      partition: 0,
      rotation: 0,
      selector: 0,
      endpoints: [
        [0, 0, 0, 0],
        [127, 127, 127, 127],
      ],
      pbits: [0, 1],
      primary: Array.from({ length: 16 }, (_, pixel) => pixel),
      secondary: [],
    };
    const ramp = [0, 16, 36, 52, 68, 84, 104, 120, 135, 151, 171, 187, 203, 219, 239, 255];
    expect(decodedBlock(pack(fields))).toEqual(ramp.map((v) => [v, v, v, v]));
  });

  it('random blocks of every mode match Pillow 9.4 exactly', () => {
    for (const [hex, pixels] of PILLOW_BC7) {
      const block = Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
      const expected = Uint8Array.from(pixels.match(/../g)!, (pair) => parseInt(pair, 16));
      expect(decodedBlock(block).flat(), hex).toEqual(Array.from(expected));
    }
  });

  it('a first byte of zero (no mode) decodes to transparent black', () => {
    // The same expectation as tinybcdec's BC7DecoderTest.testBC7InvalidBlock (github.com/jandk/tinybcdec).
    expect(decodedBlock(new Uint8Array(16)).flat()).toEqual(new Array(64).fill(0));
  });

  for (let mode = 0; mode < 8; mode++) {
    it(`mode ${mode}: chosen endpoints, p-bits, partitions and indices come back as the specification says`, () => {
      fc.assert(
        fc.property(fieldsOf(mode), (fields) => {
          expect(decodedBlock(pack(fields))).toEqual(expected(fields));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('Table.P2 matches the two-subset masks of the Direct3D 11 BC6H/BC7 documentation', () => {
    // Bit i of each mask is the subset of pixel i (the 16-bit form Direct3D documents).
    const masks = [
      0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80, 0xc800, 0xffec, 0xfe80,
      0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000, 0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310,
      0x3100, 0x8cce, 0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c, 0xaaaa,
      0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a, 0x73ce, 0x13c8, 0x324c, 0x3bdc,
      0x6996, 0xc33c, 0x9966, 0x0660, 0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6,
      0x639c, 0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
    ];
    masks.forEach((mask, partition) => {
      for (let pixel = 0; pixel < 16; pixel++) {
        expect(PARTITIONS_2[partition * 16 + pixel], `partition ${partition} pixel ${pixel}`).toBe(
          (mask >> pixel) & 1,
        );
      }
    });
  });

  it('random blocks never throw and fill every pixel of a clipped surface', () => {
    const pixels = new Uint32Array(16);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (block) => {
        decodeBc7Block(block, 0, pixels);
        const { rgba } = decodePixels(
          { kind: 'block', codec: 'bc7', blockWidth: 4, blockHeight: 4, bytesPerBlock: 16 },
          block,
          3,
          2,
        );
        expect(rgba.length).toBe(24);
        expect(Array.from(rgba.subarray(0, 12))).toEqual(
          Array.from(new Uint8Array(pixels.buffer).subarray(0, 12)),
        );
      }),
      { numRuns: 2000 },
    );
  });
  it('a surface of whole blocks decodes each block as the block decoder does', () => {
    const encoding = {
      kind: 'block',
      codec: 'bc7',
      blockWidth: 4,
      blockHeight: 4,
      bytesPerBlock: 16,
    } as const;
    const pixels = new Uint32Array(16);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16 * 6, maxLength: 16 * 6 }), (blocks) => {
        // 12 × 8: three blocks across, two down, every one whole.
        const { rgba } = decodePixels(encoding, blocks, 12, 8);
        const surface = new Uint32Array(rgba.buffer);
        for (let block = 0; block < 6; block += 1) {
          decodeBc7Block(blocks, block * 16, pixels);
          const first = Math.floor(block / 3) * 4 * 12 + (block % 3) * 4;
          for (let pixel = 0; pixel < 16; pixel += 1) {
            expect(surface[first + (pixel >> 2) * 12 + (pixel & 3)]).toBe(pixels[pixel]);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
