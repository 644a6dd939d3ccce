/**
 * The WoWS hash kernels (spec §2, §5, §10):
 * - the spec's CityHash64 vectors, Google's own CityHash64 v1.1 self-test values and published
 *   MurmurHash3_x86_32 vectors;
 * - the real fixture: its header MurmurHash3 and all 54 node ids rebuilt from their paths
 *   (skipped with a reason when ../shared/fixtures/wows is absent);
 * - agreement with the plain BigInt versions in hashes-reference.ts on random inputs of every
 *   length 0..300.
 * Together they pin each CityHash64 length path (0, 1–3, 4–7, 8–16, 17–32, 33–64, and over 64
 * with one or more loop rounds): a slip in any one of them fails several tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cityHash64, cityHash64Into, cityHash64Text, murmur3x86 } from './hashes.ts';
import { cityHash64Reference, murmur3Reference } from './hashes-reference.ts';

const realDir = fileURLToPath(new URL('../../../../shared/fixtures/wows/', import.meta.url));
const realIdx = `${realDir}vehicles_level6_usa.idx`;
const hasReal = existsSync(realIdx);

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const MAX_LENGTH = 300;

/** cityHash64Into over bytes[start, end) of a copy padded with junk on both sides, as a bigint. */
function cityHashInside(bytes: Uint8Array, padBefore: number, padAfter: number): bigint {
  const padded = new Uint8Array(padBefore + bytes.length + padAfter).fill(0xa5);
  padded.set(bytes, padBefore);
  const out = new Uint32Array(2);
  cityHash64Into(padded, padBefore, padBefore + bytes.length, out);
  return (BigInt(out[1]!) << 32n) | BigInt(out[0]!);
}

describe('CityHash64 vectors (spec §5)', () => {
  it.each([
    ['.', 0xdbb1a1d1b108b927n, '1–3 bytes'],
    ['content', 0xa33046442d8327fcn, '4–7 bytes'],
    ['KDStorage.bin', 0x93b6404fba9a0c8fn, '8–16 bytes'],
    ['vehicles_level6_usa_0001.pkg', 0x92f4232debc214ffn, '17–32 bytes'],
    ['content/gameplay/usa/gun/secondary', 0x1250b592f2e36058n, '33–64 bytes'],
    // One round of the 64-byte loop: this one catches a dropped `y +` in the last weak hash.
    [
      'content/gameplay/usa/gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds',
      0x7d9a051e77bb4edan,
      'over 64 bytes',
    ],
  ])('%s (%s)', (text, expected) => {
    expect(cityHash64Text(text)).toBe(expected);
    expect(cityHash64(latin1(text))).toBe(expected);
    expect(cityHashInside(latin1(text), 3, 5)).toBe(expected);
  });

  it('splits the result into low word out[0] and high word out[1]', () => {
    const out = new Uint32Array(2);
    cityHash64Into(latin1('.'), 0, 1, out);
    expect([out[0], out[1]]).toEqual([0xb108b927, 0xdbb1a1d1]);
  });

  it('hashes the empty range as k2', () => {
    expect(cityHash64(new Uint8Array(0))).toBe(0x9ae16a3b2f90404fn);
    expect(cityHashInside(new Uint8Array(0), 4, 4)).toBe(0x9ae16a3b2f90404fn);
  });

  it('reads the current bytes of a reused buffer, of subarrays, and of a switched array', () => {
    const encoder = new TextEncoder();
    const scratch = new Uint8Array(128);
    const out = new Uint32Array(2);
    const hashScratch = (text: string): bigint => {
      const { written } = encoder.encodeInto(text, scratch);
      cityHash64Into(scratch, 0, written, out);
      return (BigInt(out[1]!) << 32n) | BigInt(out[0]!);
    };
    expect(hashScratch('content')).toBe(0xa33046442d8327fcn);
    expect(hashScratch('KDStorage.bin')).toBe(0x93b6404fba9a0c8fn);
    const shifted = latin1('xx.content').subarray(2);
    expect(cityHash64(shifted.subarray(0, 1))).toBe(0xdbb1a1d1b108b927n);
    expect(cityHash64(shifted.subarray(1))).toBe(0xa33046442d8327fcn);
    expect(hashScratch('vehicles_level6_usa_0001.pkg')).toBe(0x92f4232debc214ffn);
  });

  it('rejects a range outside the array', () => {
    const out = new Uint32Array(2);
    const bytes = new Uint8Array(8);
    expect(() => cityHash64Into(bytes, 0, 9, out)).toThrow(RangeError);
    expect(() => cityHash64Into(bytes, -1, 4, out)).toThrow(RangeError);
    expect(() => cityHash64Into(bytes, 5, 4, out)).toThrow(RangeError);
  });

  it('hashes text as its UTF-8 bytes', () => {
    const text = 'content/Мир кораблей/戦艦.dds';
    expect(cityHash64Text(text)).toBe(cityHash64(new TextEncoder().encode(text)));
  });
});

/**
 * The input of Google's CityHash v1.1 self-test (city-test.cc): a 1 MiB pseudo-random array,
 * byte i = bits 37..44 of a 64-bit generator state. Test case i hashes `i` bytes at offset i²,
 * the last one the whole MiB (16,383 rounds of the 64-byte loop).
 */
function cityTestData(): Uint8Array {
  const mask = (1n << 64n) - 1n;
  const k0 = 0xc3a5c85c97cb3127n;
  const data = new Uint8Array(1 << 20);
  let a = 9n;
  let b = 777n;
  for (let index = 0; index < data.length; index++) {
    a = (a + b) & mask;
    b = (b + a) & mask;
    a = ((a ^ (a >> 41n)) * k0) & mask;
    b = (((b ^ (b >> 41n)) * k0) & mask) + BigInt(index);
    data[index] = Number((b >> 37n) & 0xffn);
  }
  return data;
}

describe("CityHash64 against Google's published v1.1 test values", () => {
  let cached: Uint8Array | undefined;
  // [case, expected]: every length path, each loop boundary (64, 128, 192, 256 ± 1), 1 MiB.
  it.each([
    [0, 0x9ae16a3b2f90404fn],
    [1, 0x541150e87f415e96n],
    [2, 0x0f3786a4b25827c1n],
    [3, 0xef923a7a1af78eabn],
    [4, 0x11df592596f41d88n],
    [7, 0x1b5a063fb4c7f9f1n],
    [8, 0xa0f10149a0e538d6n],
    [15, 0x44473e03be306c88n],
    [16, 0x03ead5f21d344056n],
    [17, 0x6abbfde37ee03b5bn],
    [31, 0x55bdb0e71e3edebdn],
    [32, 0x0782fa1b08b475e7n],
    [33, 0xc5dc19b876d37a80n],
    [63, 0x12807833c463737cn],
    [64, 0xe88419922b87176fn],
    [65, 0x105191e0ec8f7f60n],
    [127, 0xcbaa3cb8f64f54e0n],
    [128, 0xb2e23e8116c2ba9fn],
    [129, 0x8aa77f52d7868eb9n],
    [191, 0x053c1a66d0b13003n],
    [192, 0x0d3a2efec0f047e9n],
    [193, 0x43c64d7484f7f9b2n],
    [255, 0x915263c671b28809n],
    [256, 0x2b67cdd38c307a5en],
    [257, 0x2d107419073b9cd0n],
    [298, 0x74c0b8a6821faafen],
    [299, 0x5fb5e48ac7b7fa4fn],
  ])('case %i', (testCase, expected) => {
    const data = (cached ??= cityTestData());
    const [start, length] = testCase < 299 ? [testCase * testCase, testCase] : [0, data.length];
    const out = new Uint32Array(2);
    cityHash64Into(data, start, start + length, out);
    expect((BigInt(out[1]!) << 32n) | BigInt(out[0]!)).toBe(expected);
    if (length <= MAX_LENGTH) {
      expect(cityHash64Reference(data.subarray(start, start + length))).toBe(expected);
    }
  });
});

describe('CityHash64 against the BigInt reference', () => {
  it('agrees on random bytes of every length 0..300, anywhere in a larger array', () => {
    for (let length = 0; length <= MAX_LENGTH; length++) {
      fc.assert(
        fc.property(
          fc.uint8Array({ minLength: length, maxLength: length }),
          fc.nat(7),
          fc.nat(7),
          (bytes, padBefore, padAfter) =>
            cityHashInside(bytes, padBefore, padAfter) === cityHash64Reference(bytes),
        ),
        { numRuns: 8, seed: 0x5eed + length },
      );
    }
  });

  it('agrees on all-zero and all-0xFF bytes of every length (no carries, every carry)', () => {
    for (let length = 0; length <= MAX_LENGTH; length++) {
      for (const fill of [0x00, 0xff]) {
        const bytes = new Uint8Array(length).fill(fill);
        expect(cityHash64(bytes), `length ${length}, fill ${fill}`).toBe(
          cityHash64Reference(bytes),
        );
      }
    }
  });

  it('agrees on random lengths 0..300 (unseeded)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: MAX_LENGTH }), (bytes) => {
        expect(cityHash64(bytes)).toBe(cityHash64Reference(bytes));
      }),
      { numRuns: 500 },
    );
  });
});

describe('MurmurHash3_x86_32', () => {
  // Widely published vectors; together they cover a 0, 1, 2 and 3-byte tail and several seeds.
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['', 0xffffffff, 0x81f16f39],
    ['\0', 0, 0x514e28b7],
    ['\0\0', 0, 0x30f4c306],
    ['\0\0\0', 0, 0x85f0b427],
    ['\0\0\0\0', 0, 0x2362f9de],
    ['\xff\xff\xff\xff', 0, 0x76293b50],
    ['\x21', 0, 0x72661cf4],
    ['\x21\x43', 0, 0xa0f7b07a],
    ['\x21\x43\x65', 0, 0x7e4a8634],
    ['\x21\x43\x65\x87', 0, 0xf55b516b],
    ['\x21\x43\x65\x87', 0x5082edee, 0x2362f9de],
    ['abc', 0, 0xb3dd93fa],
    ['hello', 0, 0x248bfa47],
    ['a', 0x9747b28c, 0x7fa09ea6],
    ['ab', 0x9747b28c, 0x74875592],
    ['abc', 0x9747b28c, 0xc84a62dd],
    ['abcd', 0x9747b28c, 0xf0478627],
    ['aaaa', 0x9747b28c, 0x5a97808a],
    ['Hello, world!', 0x9747b28c, 0x24884cba],
    ['The quick brown fox jumps over the lazy dog', 0x9747b28c, 0x2fa826cd],
  ])('%j with seed %i', (text, seed, expected) => {
    const bytes = latin1(text);
    expect(murmur3x86(bytes, 0, bytes.length, seed)).toBe(expected);
    expect(murmur3Reference(bytes, seed)).toBe(expected);
  });

  it('defaults to the whole array and seed 0', () => {
    expect(murmur3x86(latin1('hello'))).toBe(0x248bfa47);
    expect(murmur3x86(new TextEncoder().encode('ππππππππ'), 0, 16, 0x9747b28c)).toBe(0xd58063c1);
  });

  it('agrees with the BigInt reference on random ranges and seeds', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: MAX_LENGTH }),
        fc.nat(7),
        fc.nat(7),
        fc.nat({ max: 0xffffffff }),
        (bytes, padBefore, padAfter, seed) => {
          const padded = new Uint8Array(padBefore + bytes.length + padAfter).fill(0x5a);
          padded.set(bytes, padBefore);
          const hash = murmur3x86(padded, padBefore, padBefore + bytes.length, seed);
          expect(hash).toBe(murmur3Reference(bytes, seed));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('gives the same hash through a view at any offset of a larger buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: MAX_LENGTH }), fc.nat(7), (bytes, viewOffset) => {
        const backing = new Uint8Array(viewOffset + bytes.length + 3).fill(0xa5);
        backing.set(bytes, viewOffset);
        const view = backing.subarray(viewOffset, viewOffset + bytes.length);
        expect(murmur3x86(view)).toBe(murmur3Reference(bytes, 0));
      }),
      { numRuns: 500 },
    );
  });
});

/** One node of the idx node table (spec §3). */
interface IdxNode {
  name: string;
  id: bigint;
  parentId: bigint;
}

const ROOT_PARENT_ID = 0xdbb1a1d1b108b927n;

/** Just enough of spec §2–§3 to list the nodes; the real reader lives in read.ts. */
function readNodes(data: Uint8Array): IdxNode[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const nodeCount = view.getUint32(16, true);
  const tableOffset = 16 + Number(view.getBigUint64(32, true));
  const nodes: IdxNode[] = [];
  for (let index = 0; index < nodeCount; index++) {
    const record = tableOffset + index * 32;
    const nameLength = Number(view.getBigUint64(record, true));
    const nameOffset = record + Number(view.getBigUint64(record + 8, true));
    expect(data[nameOffset + nameLength - 1], `node ${index} name ends in NUL`).toBe(0);
    nodes.push({
      name: new TextDecoder().decode(data.subarray(nameOffset, nameOffset + nameLength - 1)),
      id: view.getBigUint64(record + 16, true),
      parentId: view.getBigUint64(record + 24, true),
    });
  }
  return nodes;
}

function fullPath(node: IdxNode, byId: Map<bigint, IdxNode>): string {
  const names = [node.name];
  let parent = byId.get(node.parentId);
  for (let depth = 0; parent !== undefined && depth < 32; depth++) {
    names.unshift(parent.name);
    parent = byId.get(parent.parentId);
  }
  return names.join('/');
}

describe.skipIf(!hasReal)(
  `real vehicles_level6_usa.idx${hasReal ? '' : ' (skipped: ../shared/fixtures/wows not found)'}`,
  () => {
    const data = hasReal ? new Uint8Array(readFileSync(realIdx)) : new Uint8Array(0);

    it('header hash at 8 is MurmurHash3 of bytes [16, EOF)', () => {
      const stored = new DataView(data.buffer, data.byteOffset).getUint32(8, true);
      expect(stored).toBe(0xc4842c07);
      expect(murmur3x86(data, 16)).toBe(stored);
      expect(murmur3x86(data, 16, data.length, 0)).toBe(stored);
      expect(murmur3Reference(data.subarray(16))).toBe(stored);
    });

    it('all 54 node ids are the CityHash64 of their full paths', () => {
      const nodes = readNodes(data);
      expect(nodes).toHaveLength(54);
      const byId = new Map(nodes.map((node) => [node.id, node]));
      const roots = nodes.filter((node) => node.parentId === ROOT_PARENT_ID);
      expect(roots.map((node) => node.name)).toEqual(['content']);
      const encoded = new TextEncoder();
      const out = new Uint32Array(2);
      for (const node of nodes) {
        const path = fullPath(node, byId);
        expect(cityHash64Text(path), path).toBe(node.id);
        const bytes = encoded.encode(path);
        cityHash64Into(bytes, 0, bytes.length, out);
        expect(out[0], path).toBe(Number(node.id & 0xffffffffn));
        expect(out[1], path).toBe(Number(node.id >> 32n));
      }
      expect(nodes[0]!.name).toBe('AGS206_3in50_MK21_Sub_mg.dds');
      expect(fullPath(byId.get(0x7d9a051e77bb4edan)!, byId)).toBe(
        'content/gameplay/usa/gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds',
      );
    });
  },
);
