/**
 * A file's totals through the worker, for every document format and a wrapper: stored is the
 * file's size, unpacked what it decodes to, never the sum of nested or overlapping nodes.
 * The decoded sizes come from elsewhere: the same level saved uncompressed, the same text
 * stored in a `.dvpl` without compression.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DVPL_FOOTER_SIZE } from '../../formats/dvpl/read.ts';
import type { Result } from './api.ts';
import { createDecoderImpl } from './impl.ts';

const local = (path: string) => fileURLToPath(new URL(`../../formats/${path}`, import.meta.url));
const shared = (path: string) =>
  fileURLToPath(new URL(`../../../../shared/fixtures/${path}`, import.meta.url));
const sizeOf = (path: string) => readFileSync(path).length;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function totalsOf(path: string) {
  const bytes = readFileSync(path);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const opened = await createDecoderImpl().open([{ name, blob: new Blob([bytes]) }], () => {});
  const summary = value(opened);
  expect(summary.fatal).toBeNull();
  expect(summary.entryCount).toBeGreaterThan(0);
  return { stored: summary.totalStoredSize, unpacked: summary.totalSize, size: bytes.length };
}

describe('file totals count each byte once', () => {
  it('wwd: a compressed level takes its file and unpacks to the level saved uncompressed', async () => {
    const tiny = await totalsOf(local('wwd/fixtures/tiny-compressed.wwd'));
    expect(tiny.stored).toBe(tiny.size);
    expect(tiny.unpacked).toBe(sizeOf(local('wwd/fixtures/tiny.wwd')));
    const plain = await totalsOf(local('wwd/fixtures/tiny.wwd'));
    expect(plain).toEqual({ stored: plain.size, unpacked: plain.size, size: plain.size });
  });

  it.skipIf(!existsSync(shared('wwd/RETAIL01.WWD')))(
    'wwd: RETAIL01 (real, 26.6 KiB) unpacks to 648,626 bytes, not the sum of its sections',
    async () => {
      const retail = await totalsOf(shared('wwd/RETAIL01.WWD'));
      expect(retail.stored).toBe(27_225);
      expect(retail.unpacked).toBe(sizeOf(shared('wwd/RETAIL01_nocompress.WWD')));
      expect(retail.unpacked).toBe(648_626);
    },
  );

  it('ka: a keyed archive is its file, however its keys nest', async () => {
    expect(await totalsOf(local('ka/fixtures/every-type-v1.ka'))).toEqual({
      stored: 902,
      unpacked: 902,
      size: 902,
    });
  });

  it('sc2: a scene is its file, its nested archives counted once', async () => {
    const scene = await totalsOf(local('sc2/fixtures/classic-v22.sc2'));
    expect(scene).toEqual({ stored: scene.size, unpacked: scene.size, size: 1023 });
  });

  it.skipIf(!existsSync(shared('ka/tanksbox.sc2')))(
    'sc2: tanksbox.sc2 (real, 6.22 KiB) totals 6,373 bytes',
    async () => {
      expect(await totalsOf(shared('ka/tanksbox.sc2'))).toEqual({
        stored: 6373,
        unpacked: 6373,
        size: 6373,
      });
    },
  );

  it('scg: a geometry file is its file', async () => {
    const geometry = await totalsOf(local('scg/fixtures/several-groups.scg'));
    expect(geometry).toEqual({ stored: 1534, unpacked: 1534, size: 1534 });
  });

  it('dava-tex: a texture descriptor is its file', async () => {
    for (const name of ['cube.tex', 'trailing-bytes.tex']) {
      const texture = await totalsOf(local(`dava-tex/fixtures/${name}`));
      expect(texture.stored).toBe(texture.size);
      expect(texture.unpacked).toBe(texture.size);
    }
  });

  it('dvpl: a wrapper takes its file, footer included, and unpacks to what it wraps', async () => {
    const payload = sizeOf(local('dvpl/fixtures/stored.txt.dvpl')) - DVPL_FOOTER_SIZE;
    for (const name of ['lz4.txt.dvpl', 'zlib.txt.dvpl', 'stored.txt.dvpl']) {
      const wrapper = await totalsOf(local(`dvpl/fixtures/${name}`));
      expect(wrapper.stored).toBe(wrapper.size);
      expect(wrapper.unpacked).toBe(payload);
    }
    expect(await totalsOf(local('dvpl/fixtures/lz4.txt.dvpl'))).toEqual({
      stored: 103,
      unpacked: 265,
      size: 103,
    });
  });
});
