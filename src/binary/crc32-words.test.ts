import { describe, expect, it } from 'vitest';
import { kiCrc } from './crc32.ts';
import { kiCrcWords } from './crc32-words.ts';

describe('kiCrcWords', () => {
  it('gives the spec check value and 0 for zeros', () => {
    expect(kiCrcWords(new TextEncoder().encode('123456789'))).toBe(0x2dfd2d88);
    expect(kiCrcWords(new Uint8Array(1000))).toBe(0);
  });

  it('agrees with kiCrc at every alignment and length, chained or not', () => {
    const data = Uint8Array.from({ length: 5000 }, (_, i) => (i * 2654435761) >>> 24);
    for (const start of [0, 1, 2, 3, 5]) {
      for (const length of [0, 1, 15, 63, 64, 65, 100, 1027, 4096]) {
        const chunk = data.subarray(start, start + length);
        expect(kiCrcWords(chunk)).toBe(kiCrc(chunk));
        expect(kiCrcWords(chunk, 0xdeadbeef)).toBe(kiCrc(chunk, 0xdeadbeef));
      }
    }
    const whole = data.subarray(7, 4007);
    expect(kiCrcWords(whole.subarray(1500), kiCrcWords(whole.subarray(0, 1500)))).toBe(
      kiCrc(whole),
    );
  });
});
