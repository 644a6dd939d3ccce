/**
 * Textures in the image view: a DDS made with Delve's writer is dropped and shown, its
 * alpha toggled, its mip level changed, a pixel read by the inspector, and the shown level
 * exported as a PNG equal pixel for pixel to the level written; a DDS inside a KIWAD shows
 * its image from the archive entry.
 */
import { expect, test } from '@playwright/test';
import { encodeBc } from '../src/binary/pixels/bc-encode.ts';
import { packPixels, rampDds as oneLevelRampDds, rampPixels } from '../src/formats/dds/seeds.ts';
import { writeDdsTexture } from '../src/formats/dds/write.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { davaTexSeeds } from '../src/formats/dava-tex/fixtures/make-fixtures.ts';
import {
  canvasPixel,
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  expandRow,
  selectRow,
} from './helpers.ts';
import { readPngRgba } from './png-pixels.ts';

const LEVELS = [rampPixels(16, 8), rampPixels(8, 4), rampPixels(4, 2)];

/** A 16 × 8 A8R8G8B8 texture with three levels: each level's pixels are known exactly. */
function threeLevelDds(): Uint8Array {
  const parts = LEVELS.map((rgba) => packPixels(rgba, 4, [16, 8, 0, 24]));
  return writeDdsTexture({
    width: 16,
    height: 8,
    levels: 3,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: Uint8Array.from(parts.flatMap((part) => [...part])),
  });
}

test('a dropped DDS shows, toggles alpha, changes level and exports the level as PNG', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'ramp.dds', bytes: threeLevelDds() }]);
  const view = page.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toHaveText('16 × 8 px · B8G8R8A8 (A8R8G8B8)');
  const canvas = view.getByTestId('texture-canvas');
  await expect(canvas).toHaveAttribute('data-width', '16');

  // The bottom-right pixel is nearly transparent; with alpha off it is drawn opaque.
  const corner = (15 + 7 * 16) * 4;
  await expect
    .poll(() => canvasPixel(page, 15, 7).then((pixel) => pixel[3]))
    .toBe(LEVELS[0]![corner + 3]);
  await view.getByTestId('texture-channel-a').click();
  await expect(view.getByTestId('texture-channel-a')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => canvasPixel(page, 15, 7).then((pixel) => pixel[3])).toBe(255);

  // The inspector reads the decoded pixel under the pointer (alpha as stored).
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 32, box.y + box.height / 16);
  const first = LEVELS[0]!.subarray(0, 4);
  await expect(view.getByTestId('pixel-inspector')).toHaveText(
    `x 0, y 0: R ${first[0]} G ${first[1]} B ${first[2]} A ${first[3]}`,
  );

  await view.getByTestId('texture-level').selectOption('1');
  await expect(canvas).toHaveAttribute('data-width', '8');
  await expect(canvas).toHaveAttribute('data-level', '1');

  const download = page.waitForEvent('download');
  await view.getByTestId('texture-export').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('ramp-level1.png');
  const png = readPngRgba(await downloadedBytes(saved));
  expect([png.width, png.height]).toEqual([8, 4]);
  expect(Array.from(png.rgba)).toEqual(Array.from(LEVELS[1]!));
  expect(errors).toEqual([]);
});

test('a mip level chosen in the tree shows that level in the image view, its bytes a tab away', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'ramp.dds', bytes: threeLevelDds() }]);
  await expect(page.getByTestId('texture-canvas')).toHaveAttribute('data-width', '16');
  await expandRow(page, /^data/);
  await selectRow(page, /^level 1 \(8 × 4\)/);
  const surface = page.getByTestId('surface-node');
  const canvas = surface.getByTestId('texture-canvas');
  await expect(canvas).toHaveAttribute('data-level', '1');
  await expect(canvas).toHaveAttribute('data-width', '8');
  await expect(surface.getByTestId('texture-level')).toHaveValue('1');
  // The level's first pixel, as written.
  await expect.poll(() => canvasPixel(page, 0, 0)).toEqual(Array.from(LEVELS[1]!.subarray(0, 4)));
  await surface.getByTestId('preview-tab-hex').click();
  await expect(surface.getByTestId('section-span')).toContainText('0x280');
  expect(errors).toEqual([]);
});

test('a DDS entry of a KIWAD shows its image', async ({ page }) => {
  const errors = collectPageErrors(page);
  const rgba = rampPixels(8, 8);
  const dds = writeDdsTexture({
    width: 8,
    height: 8,
    levels: 1,
    format: { fourCC: 'DXT1' },
    data: encodeBc('bc1', rgba, 8, 8),
  });
  const archive = writeKiwad(
    [
      { name: 'Textures/ramp.dds', data: dds },
      { name: 'readme.txt', data: new TextEncoder().encode('a texture inside') },
    ],
    { version: 2, flags: 1 },
  );
  await page.goto('/');
  await dropFiles(page, [{ name: 'textures.wad', bytes: archive }]);
  await selectRow(page, /textures\.wad/, 'ArrowRight');
  await selectRow(page, /^Textures/, 'ArrowRight');
  await selectRow(page, /ramp\.dds/);
  const view = page.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toHaveText('8 × 8 px · BC1 (DXT1)');
  await expect(view.getByTestId('texture-canvas')).toHaveAttribute('data-width', '8');
  // The first pixel is the ramp's black corner, opaque: BC1 holds it exactly.
  await expect.poll(() => canvasPixel(page, 0, 0)).toEqual([0, 0, 0, 255]);
  expect(errors).toEqual([]);
});

test('a DAVA descriptor dropped with its DDS shows the texture it describes', async ({ page }) => {
  const errors = collectPageErrors(page);
  const { pixels: rgba, bytes: dds } = oneLevelRampDds(8, 8);
  await page.goto('/');
  await dropFiles(page, [
    { name: 'tank.tex', bytes: davaTexSeeds()[0]! },
    { name: 'tank.dds', bytes: dds },
  ]);
  const view = page.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toContainText('8 × 8 px');
  await expect(view.getByTestId('texture-facts')).toContainText('tank.dds');
  // The first pixel is the ramp's first, opaque.
  await expect.poll(() => canvasPixel(page, 0, 0)).toEqual(Array.from(rgba.subarray(0, 4)));
  expect(errors).toEqual([]);
});
