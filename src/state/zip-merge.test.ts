import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { mergeZips } from './zip-merge.ts';

const blobOf = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);

describe('mergeZips', () => {
  it('joins zips into one that holds every entry, byte for byte', async () => {
    const first = zipSync(
      { 'a.wad/readme.txt': strToU8('first readme'), 'a.wad/data/x.bin': new Uint8Array([1, 2]) },
      { level: 0 },
    );
    const second = zipSync({ 'b.idx/gui/version.txt': strToU8('0.9.0\n') }, { level: 0 });
    const empty = zipSync({});
    const merged = await mergeZips([blobOf(first), blobOf(empty), blobOf(second)]);
    const unzipped = unzipSync(new Uint8Array(await merged.arrayBuffer()));
    expect(Object.keys(unzipped).sort()).toEqual([
      'a.wad/data/x.bin',
      'a.wad/readme.txt',
      'b.idx/gui/version.txt',
    ]);
    expect(new TextDecoder().decode(unzipped['a.wad/readme.txt'])).toBe('first readme');
    expect(new TextDecoder().decode(unzipped['b.idx/gui/version.txt'])).toBe('0.9.0\n');
    expect(unzipped['a.wad/data/x.bin']).toEqual(new Uint8Array([1, 2]));
  });

  it('refuses what is not a zip, saying where', async () => {
    await expect(mergeZips([blobOf(new Uint8Array(40))])).rejects.toThrow(
      /no zip end record at 0x12/,
    );
  });
});
