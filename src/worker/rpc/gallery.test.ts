/**
 * The gallery's worker calls over an archive of textures: which entries are images (per
 * folder, per filter), thumbnails from the level nearest their size, cancelled thumbnails,
 * and "Save all as PNG" named as `extract --png` names them.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readPngRgba } from '../../../e2e/png-pixels.ts';
import { downscaleToFit } from '../../binary/pixels/downscale.ts';
import { packPixels, rampPixels } from '../../formats/dds/seeds.ts';
import { writeDdsTexture } from '../../formats/dds/write.ts';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import { inlineRegistryServices } from '../../formats/registry.ts';
import { thumbnailOfContent } from '../pools/thumbnail-make.ts';
import type { ThumbnailHelpers } from '../pools/thumbnail-pool.ts';
import { nodeRef, type Result, type Thumbnail } from './api.ts';
import { createDecoderImpl, type DecoderOptions } from './impl.ts';

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const LEVELS = [rampPixels(16, 8), rampPixels(8, 4), rampPixels(4, 2)];

/** A 16 × 8 B8G8R8A8 texture with three levels, each level's pixels known. */
function rampDds(): Uint8Array {
  const parts = LEVELS.map((rgba) => packPixels(rgba, 4, [16, 8, 0, 24]));
  return writeDdsTexture({
    width: 16,
    height: 8,
    levels: 3,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: Uint8Array.from(parts.flatMap((part) => [...part])),
  });
}

/** A DDS header that promises more data than it holds. */
function truncatedDds(): Uint8Array {
  return rampDds().subarray(0, 200);
}

/** The error the truncated texture reports when it is opened as a file of its own. */
async function aloneFatal() {
  const decoder = createDecoderImpl({ startsHelpersAhead: false });
  const summary = value(
    await decoder.open(
      [{ name: 'broken.dds', blob: new Blob([truncatedDds() as Uint8Array<ArrayBuffer>]) }],
      () => undefined,
    ),
  );
  expect(summary.fatal).not.toBeNull();
  return summary.fatal!;
}

async function openedArchive(options: DecoderOptions = {}) {
  const archive = writeKiwad(
    [
      { name: 'Textures/a.dds', data: rampDds() },
      { name: 'Textures/notes.txt', data: new TextEncoder().encode('not an image') },
      { name: 'Textures/b.dds', data: rampDds() },
      { name: 'Textures/broken.dds', data: truncatedDds() },
      { name: 'Other/c.dds', data: rampDds() },
    ],
    { version: 2, flags: 1 },
  );
  const decoder = createDecoderImpl({ startsHelpersAhead: false, ...options });
  value(
    await decoder.open(
      [{ name: 'textures.wad', blob: new Blob([archive as Uint8Array<ArrayBuffer>]) }],
      () => undefined,
    ),
  );
  return decoder;
}

describe('gallery images', () => {
  it('lists the images of a folder, and of a filter result, in tree order', async () => {
    const decoder = await openedArchive();
    const folder = decoder.nodeIdOfPath('Textures');
    const items = value(await decoder.galleryImages({ nodeIds: [folder], filter: '' }));
    expect(items.map((item) => item.path)).toEqual([
      'Textures/a.dds',
      'Textures/b.dds',
      'Textures/broken.dds',
    ]);
    const all = value(await decoder.galleryImages({ nodeIds: [], filter: '' }));
    expect(all.map((item) => item.path)).toEqual([
      'Other/c.dds',
      'Textures/a.dds',
      'Textures/b.dds',
      'Textures/broken.dds',
    ]);
    const filtered = value(await decoder.galleryImages({ nodeIds: [], filter: '[bc].dds' }));
    expect(filtered.map((item) => item.path)).toEqual(['Other/c.dds', 'Textures/b.dds']);
  });

  it('makes a thumbnail from the smallest level that still has its pixels', async () => {
    const decoder = await openedArchive();
    const [a] = value(await decoder.galleryImages({ nodeIds: [], filter: 'a.dds' }));
    const ref = nodeRef(a!.entryIndex);
    const exact = value(await decoder.imageThumbnail(ref, { box: 8, id: 1 }));
    expect([exact.width, exact.height, exact.level]).toEqual([8, 4, 1]);
    expect([exact.sourceWidth, exact.sourceHeight]).toEqual([16, 8]);
    expect(exact.rgba).toEqual(LEVELS[1]);
    // 6 wide fits as 6 × 3: level 1 (8 × 4) scaled down, not level 0.
    const scaled = value(await decoder.imageThumbnail(ref, { box: 6, id: 2 }));
    expect(scaled.level).toBe(1);
    const expected = downscaleToFit({ width: 8, height: 4, rgba: LEVELS[1]! }, 6);
    expect([scaled.width, scaled.height]).toEqual([6, 3]);
    expect(scaled.rgba).toEqual(expected.rgba);
  });

  it('answers a broken image’s own error (as opened alone), and drops a cancelled thumbnail', async () => {
    const decoder = await openedArchive();
    const items = value(await decoder.galleryImages({ nodeIds: [], filter: '' }));
    const broken = items.find((item) => item.path.endsWith('broken.dds'))!;
    const failed = await decoder.imageThumbnail(nodeRef(broken.entryIndex), { box: 8, id: 1 });
    const alone = await aloneFatal();
    expect(alone).toMatchObject({ code: 'UNEXPECTED_EOF' });
    expect(failed).toMatchObject({ ok: false, error: { code: alone.code, offset: alone.offset } });
    const [first, second] = items;
    const running = decoder.imageThumbnail(nodeRef(first!.entryIndex), { box: 8, id: 2 });
    const waiting = decoder.imageThumbnail(nodeRef(second!.entryIndex), { box: 8, id: 3 });
    decoder.cancelThumbnails([3]);
    expect((await running).ok).toBe(true);
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
  });

  it('saves the images as PNGs named as extract --png names them, leaving out a broken one', async () => {
    const decoder = await openedArchive();
    const folder = decoder.nodeIdOfPath('Textures');
    const result = value(
      await decoder.galleryPngZip({ nodeIds: [folder], filter: '' }, () => undefined),
    );
    expect([result.entryCount, result.leftOut]).toEqual([2, 1]);
    // The reason is the texture's own error with its offset, not "holds no image".
    const alone = await aloneFatal();
    expect(result.leftOutReason).toBe(`Textures/broken.dds: ${alone.message}`);
    const files = unzipSync(new Uint8Array(await result.blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['Textures/a.dds.png', 'Textures/b.dds.png']);
    const png = readPngRgba(files['Textures/a.dds.png']!);
    expect([png.width, png.height]).toEqual([16, 8]);
    expect(png.rgba).toEqual(LEVELS[0]);
  });

  it('stops saving when cancelled', async () => {
    const decoder = await openedArchive();
    const saving = decoder.galleryPngZip({ nodeIds: [], filter: '' }, () => undefined);
    decoder.cancel('png-zip');
    expect(await saving).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
  });

  it('makes thumbnails on helpers, several at once in the order asked, and drops cancelled ones', async () => {
    /** Helpers whose thumbnails finish when the test says: the registry's code, in this thread. */
    const asked: { name: string; finish(): void }[] = [];
    let started = 0;
    const services = inlineRegistryServices();
    const helpers: ThumbnailHelpers = {
      isAvailable: true,
      capacity: 2,
      start: () => (started += 1),
      make: (given, name, box) =>
        new Promise<Thumbnail>((resolve, reject) => {
          // The bytes move to the helper, as a worker's message moves them.
          const bytes = structuredClone(given, { transfer: [given.buffer] });
          asked.push({
            name,
            finish: () => thumbnailOfContent(services, bytes, name, box).then(resolve, reject),
          });
        }),
    };
    const decoder = await openedArchive({ thumbnailHelpers: helpers });
    const items = value(await decoder.galleryImages({ nodeIds: [], filter: '' }));
    expect(started).toBe(1);
    const [c, a, b, broken] = items;
    const answers = [c, a, b, broken].map((item, at) =>
      decoder.imageThumbnail(nodeRef(item!.entryIndex), { box: 8, id: 10 + at }),
    );
    // The last one waits for a slot (two on the helpers, one here): cancelled, it answers so.
    decoder.cancelThumbnails([13]);
    expect(await answers[3]).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    // Two go to the helpers in the order asked; the third is made here meanwhile.
    await expect.poll(() => asked.map((job) => job.name)).toEqual(['c.dds', 'a.dds']);
    const madeHere = value(await answers[2]!);
    expect(madeHere.rgba).toEqual(LEVELS[1]);
    asked[1]!.finish();
    const fromHelper = value(await answers[1]!);
    expect([fromHelper.width, fromHelper.height, fromHelper.level]).toEqual([8, 4, 1]);
    expect(fromHelper.rgba).toEqual(LEVELS[1]);
    asked[0]!.finish();
    expect((await answers[0]!).ok).toBe(true);
    // The content the helper took was a copy: the entry's image still reads here.
    const image = value(
      await decoder.decodeImage(nodeRef(c!.entryIndex), { level: 0, layer: 0, face: 0 }),
    );
    expect(image.rgba).toEqual(LEVELS[0]);
    // A helper's error is the answer's.
    const failed = decoder.imageThumbnail(nodeRef(broken!.entryIndex), { box: 8, id: 20 });
    await expect.poll(() => asked.length).toBe(3);
    asked[2]!.finish();
    const alone = await aloneFatal();
    expect(await failed).toMatchObject({
      ok: false,
      error: { code: alone.code, offset: alone.offset, message: alone.message },
    });
  });
});
