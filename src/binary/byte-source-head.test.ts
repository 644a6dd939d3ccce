import { describe, expect, it } from 'vitest';
import { BlobByteSource } from './byte-source.ts';
import { FormatError } from './format-error.ts';

/** A Blob that counts its slices. */
function countingBlob(bytes: Uint8Array): { blob: Blob; slices: [number, number][] } {
  const slices: [number, number][] = [];
  const inner = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const blob = Object.create(inner) as Blob;
  Object.defineProperty(blob, 'size', { value: inner.size });
  blob.slice = (start?: number, end?: number) => {
    slices.push([start ?? 0, end ?? inner.size]);
    return inner.slice(start, end);
  };
  return { blob, slices };
}

const bytes = Uint8Array.from({ length: 1000 }, (_, index) => index % 251);

describe('BlobByteSource with a head', () => {
  it('reads the head once and serves reads inside it from memory, as copies', async () => {
    const { blob, slices } = countingBlob(bytes);
    const source = new BlobByteSource(blob, 'f', { headSize: 256 });
    const [a, b] = await Promise.all([source.read(0, 64), source.read(14, 100)]);
    expect(a).toEqual(bytes.subarray(0, 64));
    expect(b).toEqual(bytes.subarray(14, 114));
    expect(slices).toEqual([[0, 256]]);
    a[0] = 99;
    expect((await source.read(0, 1))[0]).toBe(0);
    expect(slices).toHaveLength(1);
  });

  it('reads past the head from the Blob, and checks bounds', async () => {
    const { blob, slices } = countingBlob(bytes);
    const source = new BlobByteSource(blob, 'f', { headSize: 256 });
    expect(await source.read(200, 100)).toEqual(bytes.subarray(200, 300));
    expect(slices).toEqual([[200, 300]]);
    await expect(source.read(990, 20)).rejects.toBeInstanceOf(FormatError);
  });

  it('keeps a whole file smaller than the head', async () => {
    const { blob, slices } = countingBlob(bytes.subarray(0, 50));
    const source = new BlobByteSource(blob, 'f', { headSize: 256 });
    expect(await source.read(10, 40)).toEqual(bytes.subarray(10, 50));
    expect(await source.read(0, 10)).toEqual(bytes.subarray(0, 10));
    expect(slices).toEqual([[0, 50]]);
  });

  it('without a head, reads every range from the Blob', async () => {
    const { blob, slices } = countingBlob(bytes);
    const source = new BlobByteSource(blob, 'f');
    await source.read(0, 4);
    await source.read(0, 4);
    expect(slices).toEqual([
      [0, 4],
      [0, 4],
    ]);
  });
});
