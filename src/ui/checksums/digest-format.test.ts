import { describe, expect, it } from 'vitest';
import type { Digests } from '../../worker/rpc/api.ts';
import { digestRows, matchDigest } from './digest-format.ts';

// Digests of the ASCII bytes "123456789" (CRC-32 check value 0xCBF43926); KI-CRC made up.
const digests: Digests = {
  crc32: 0xcbf43926,
  kiCrc: 0x0000beef,
  md5: '25f9e794323b453885f5181f1b624d0b',
  sha1: 'f7c3bc1d808e04732adf679965ccc34ca7ae3441',
  sha256: '15e2b0d3c33891ebb0f1ef609ec419420c20e320ce94c65fbc8c3312448eb225',
};

describe('digestRows', () => {
  it('lists the five digests with their test ids', () => {
    expect(digestRows(digests).map((row) => [row.label, row.value, row.testId])).toEqual([
      ['CRC-32', '0xCBF43926', 'hash-crc32'],
      ['KI-CRC', '0x0000BEEF', 'hash-kicrc'],
      ['MD5', digests.md5, 'hash-md5'],
      ['SHA-1', digests.sha1, 'hash-sha1'],
      ['SHA-256', digests.sha256, 'hash-sha256'],
    ]);
  });
});

describe('matchDigest', () => {
  it('matches each algorithm, in any case', () => {
    expect(matchDigest('25F9E794323B453885F5181F1B624D0B', digests)).toEqual(['MD5']);
    expect(matchDigest(digests.sha1, digests)).toEqual(['SHA-1']);
    expect(matchDigest(digests.sha256.toUpperCase(), digests)).toEqual(['SHA-256']);
  });
  it('matches CRCs with or without 0x, leading zeros, or in decimal', () => {
    expect(matchDigest('0xCBF43926', digests)).toEqual(['CRC-32']);
    expect(matchDigest('cbf43926', digests)).toEqual(['CRC-32']);
    expect(matchDigest('3421780262', digests)).toEqual(['CRC-32']);
    expect(matchDigest('0xbeef', digests)).toEqual(['KI-CRC']);
    expect(matchDigest('48879', digests)).toEqual(['KI-CRC']);
  });
  it('accepts separators, surrounding space and sha256sum output', () => {
    expect(matchDigest('  25:f9:e7:94:32:3b:45:38:85:f5:18:1f:1b:62:4d:0b ', digests)).toEqual([
      'MD5',
    ]);
    expect(matchDigest(`${digests.sha256}  Root.wad`, digests)).toEqual(['SHA-256']);
  });
  it('says no match for anything else', () => {
    expect(matchDigest('', digests)).toEqual([]);
    expect(matchDigest('   ', digests)).toEqual([]);
    expect(matchDigest('0xCBF43927', digests)).toEqual([]);
    expect(matchDigest(digests.md5.slice(1), digests)).toEqual([]);
    expect(matchDigest('hello', digests)).toEqual([]);
  });
  it('reports every algorithm that matches', () => {
    expect(matchDigest('0', { ...digests, crc32: 0, kiCrc: 0 })).toEqual(['CRC-32', 'KI-CRC']);
  });
});
