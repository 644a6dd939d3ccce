/**
 * The gallery of a folder of textures: a KIWAD made with Delve's writers holding DDS files
 * (one whose data is cut short) is dropped, the gallery of its folder shows a thumbnail of
 * each image (pixels read from the cells' canvases, made from the level nearest their size),
 * the broken one says why in its cell, the keyboard moves through the grid and opens an image
 * in the image view, and "Save all as PNG" gives a zip whose PNGs equal the written pixels.
 */
import { expect, test, type Locator } from '@playwright/test';
import { unzipSync } from 'fflate';
import { encodeBc } from '../src/binary/pixels/bc-encode.ts';
import { packPixels, rampPixels } from '../src/formats/dds/seeds.ts';
import { writeDdsTexture } from '../src/formats/dds/write.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { collectPageErrors, downloadedBytes, dropFiles, selectRow } from './helpers.ts';
import { readPngRgba } from './png-pixels.ts';

/** A 256 × 128 A8R8G8B8 ramp with two levels: a 128-pixel thumbnail is level 1 as it is. */
const RAMP_LEVELS = [rampPixels(256, 128), rampPixels(128, 64)];

function rampDds(): Uint8Array {
  const parts = RAMP_LEVELS.map((rgba) => packPixels(rgba, 4, [16, 8, 0, 24]));
  return writeDdsTexture({
    width: 256,
    height: 128,
    levels: 2,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: Uint8Array.from(parts.flatMap((part) => [...part])),
  });
}

/** 8 × 8 in four solid quadrants of colours BC1 holds exactly (red, green, blue, white). */
const QUADRANT_COLOURS = [
  [255, 0, 0, 255],
  [0, 255, 0, 255],
  [0, 0, 255, 255],
  [255, 255, 255, 255],
] as const;

function quadrantPixels(): Uint8Array {
  const rgba = new Uint8Array(8 * 8 * 4);
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1)
      rgba.set(QUADRANT_COLOURS[(y >> 2) * 2 + (x >> 2)]!, (y * 8 + x) * 4);
  }
  return rgba;
}

function quadrantDds(): Uint8Array {
  return writeDdsTexture({
    width: 8,
    height: 8,
    levels: 1,
    format: { fourCC: 'DXT1' },
    data: encodeBc('bc1', quadrantPixels(), 8, 8),
  });
}

/**
 * A pixel of a thumbnail's canvas, which shows an ImageBitmap (a `bitmaprenderer` context,
 * with no 2D context to read): drawn 1:1 onto a canvas of its own and read there.
 */
function thumbnailPixel(x: number, y: number, canvas: Locator): Promise<number[]> {
  return canvas.evaluate(
    (element, [px, py]) => {
      const shown = element as HTMLCanvasElement;
      const scratch = document.createElement('canvas');
      scratch.width = shown.width;
      scratch.height = shown.height;
      const context = scratch.getContext('2d')!;
      context.drawImage(shown, 0, 0);
      return Array.from(context.getImageData(px!, py!, 1, 1).data);
    },
    [x, y],
  );
}

/** Why the cut-short texture (1000 bytes) shows no image: the DDS reader's own error. */
const SHORT_REASON = 'unexpected end of data at 0x3E8: ';

// A shared machine can be slow: each test does a good deal (a drop, decodes, a zip).
test.describe.configure({ timeout: 90_000 });

function archive(): Uint8Array {
  return writeKiwad(
    [
      { name: 'Textures/ramp.dds', data: rampDds() },
      { name: 'Textures/notes.txt', data: new TextEncoder().encode('not an image') },
      { name: 'Textures/quadrants.dds', data: quadrantDds() },
      // Its header promises 256 × 128 pixels; the data stops short.
      { name: 'Textures/short.dds', data: rampDds().subarray(0, 1000) },
      { name: 'readme.txt', data: new TextEncoder().encode('textures inside') },
    ],
    { version: 2, flags: 1 },
  );
}

test('the gallery of a folder of DDS textures: thumbnails, keyboard, image view, save all as PNG', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'textures.wad', bytes: archive() }]);
  await selectRow(page, /textures\.wad/, 'ArrowRight');
  await selectRow(page, /^Textures/);
  await page.getByTestId('gallery-open').click();

  const gallery = page.getByTestId('gallery');
  await expect(gallery.getByTestId('gallery-count')).toHaveText('3 images');
  const grid = gallery.getByRole('grid');
  const cells = grid.getByRole('gridcell');
  await expect(cells).toHaveCount(3);
  await expect(cells.nth(0)).toHaveAttribute('data-path', 'Textures/quadrants.dds');
  await expect(cells.nth(1)).toHaveAttribute('data-path', 'Textures/ramp.dds');
  // A cell names its image by its path below the gallery's folder.
  await expect(cells.nth(0)).toHaveAccessibleName('quadrants.dds');

  // The ramp's thumbnail is its level 1 (128 × 64), not level 0 scaled down: the alpha of its
  // last pixel of the first row is level 1's (85), where level 0 averaged would give 84.
  const ramp = cells.nth(1).getByTestId('gallery-thumb');
  await expect(ramp).toHaveAttribute('data-level', '1');
  await expect(ramp).toHaveAttribute('data-source-width', '256');
  await expect.poll(() => thumbnailPixel(0, 0, ramp)).toEqual([0, 0, 0, 255]);
  const lastOfRow = 127 * 4 + 3;
  await expect
    .poll(() => thumbnailPixel(127, 0, ramp).then((pixel) => pixel[3]))
    .toBe(RAMP_LEVELS[1]![lastOfRow]);
  // The BC1 texture is smaller than a thumbnail: shown at its own size, each quadrant's colour.
  const quadrants = cells.nth(0).getByTestId('gallery-thumb');
  await expect.poll(() => thumbnailPixel(0, 0, quadrants)).toEqual([...QUADRANT_COLOURS[0]]);
  await expect.poll(() => thumbnailPixel(7, 7, quadrants)).toEqual([...QUADRANT_COLOURS[3]]);
  // The cut-short texture says why in its cell: its own error and offset, as opened alone.
  await expect(cells.nth(2).getByTestId('gallery-error')).toContainText(SHORT_REASON);

  // The keyboard: one tab stop, arrows move, Enter opens the image, Escape comes back.
  await cells.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(cells.nth(1)).toBeFocused();
  await expect(cells.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(cells.nth(1)).toHaveAttribute('tabindex', '0');
  await expect(cells.nth(0)).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Enter');
  const view = gallery.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toHaveText(
    '256 × 128 px · B8G8R8A8 (A8R8G8B8)',
  );
  await expect(view.getByTestId('texture-canvas')).toHaveAttribute('data-width', '256');
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('gridcell').nth(1)).toBeFocused();

  // A click opens an image too.
  await grid.getByRole('gridcell').nth(0).click();
  await expect(gallery.getByTestId('texture-summary')).toHaveText('8 × 8 px · BC1 (DXT1)');
  await gallery.getByTestId('gallery-back').click();

  // Save all as PNG: each image's largest level, named as extract --png names it.
  const download = page.waitForEvent('download');
  await gallery.getByTestId('gallery-save').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('Textures-png.zip');
  await expect(gallery.getByTestId('gallery-save-note')).toContainText(
    `Saved 2 images as PNG; 1 left out (Textures/short.dds: ${SHORT_REASON}`,
  );
  const files = unzipSync(await downloadedBytes(saved));
  expect(Object.keys(files).sort()).toEqual([
    'Textures/quadrants.dds.png',
    'Textures/ramp.dds.png',
  ]);
  const rampPng = readPngRgba(files['Textures/ramp.dds.png']!);
  expect([rampPng.width, rampPng.height]).toEqual([256, 128]);
  expect(Buffer.from(rampPng.rgba).equals(Buffer.from(RAMP_LEVELS[0]!))).toBe(true);
  const quadrantPng = readPngRgba(files['Textures/quadrants.dds.png']!);
  expect(Array.from(quadrantPng.rgba)).toEqual(Array.from(quadrantPixels()));
  expect(errors).toEqual([]);
});

test('the gallery of a filter result shows the matching images only', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'textures.wad', bytes: archive() }]);
  await page.getByTestId('filter').fill('ramp');
  // The filter applies after a pause in typing: the gallery takes the filter the tree shows.
  await expect(page.getByTestId('match-count')).toContainText('1');
  await selectRow(page, /textures\.wad/);
  await page.getByTestId('gallery-open').click();
  const gallery = page.getByTestId('gallery');
  await expect(gallery.getByTestId('gallery-count')).toHaveText('1 image');
  await expect(gallery.getByRole('gridcell')).toHaveCount(1);
  await expect(gallery.getByRole('gridcell')).toHaveAttribute('data-path', 'Textures/ramp.dds');
  // The gallery of a whole file names an image by its whole path: its folder too.
  await expect(gallery.getByRole('gridcell')).toHaveAccessibleName('Textures/ramp.dds');
  // Closing it shows the selection’s details again.
  await gallery.getByTestId('gallery-close').click();
  await expect(gallery).toHaveCount(0);
  expect(errors).toEqual([]);
});
