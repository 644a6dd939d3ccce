/**
 * Textures in the image view: a DDS made with Delve's writer is dropped and shown, its
 * alpha toggled, its mip level changed, a pixel read by the inspector, and the shown level
 * exported as a PNG equal pixel for pixel to the level written; a DDS inside a KIWAD shows
 * its image from the archive entry. Fit enlarges small images (a 2 × 2 cube face, an 8 × 4
 * level, a 16 × 16 PNG) by whole multiples, pixelated and in sight, and shrinks large ones.
 */
import { expect, test, type Locator } from '@playwright/test';
import { encodeBc } from '../src/binary/pixels/bc-encode.ts';
import { encodePngRgba } from '../src/binary/tiny-png.ts';
import { pvrSamples } from '../src/formats/pvr/fixtures.ts';
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

/** The on-screen box of an element, once it is laid out. */
async function boxOf(element: Locator): Promise<{ width: number; height: number }> {
  const box = await element.boundingBox();
  return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}

/**
 * The scale Fit shows an image of `width` × `height` at (`data-fit-scale`), once its box
 * shows it at that scale: the stage is measured again as the pane around it settles (its
 * facts and checksums come in), so a scale read once may not be the one that stays.
 */
async function fitScaleOf(element: Locator, width: number, height: number): Promise<number> {
  let scale = 0;
  await expect
    .poll(async () => {
      const text = await element.getAttribute('data-fit-scale');
      if (text === null || !/^[\d.]+$/.test(text)) return false;
      scale = Number(text);
      const box = await boxOf(element);
      return box.width === Math.round(width * scale) && box.height === Math.round(height * scale);
    })
    .toBe(true);
  return scale;
}

test.describe('Fit in a 1400 × 900 window', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('a 2 × 2 cube face fills the stage in whole texels, pixelated; the inspector, faces, 1:1 and the wheel still work', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const cube = pvrSamples().find((sample) => sample.name === 'cube.pvr')!;
    await page.goto('/');
    await dropFiles(page, [{ name: 'cube.pvr', bytes: cube.bytes }]);
    const view = page.getByTestId('texture-view');
    const canvas = view.getByTestId('texture-canvas');
    await expect(canvas).toHaveAttribute('data-width', '2');
    const scale = await fitScaleOf(canvas, 2, 2);
    expect(Number.isInteger(scale)).toBe(true);
    expect(scale).toBeGreaterThanOrEqual(100);
    await expect.poll(() => boxOf(canvas)).toEqual({ width: 2 * scale, height: 2 * scale });
    await expect(canvas).toHaveCSS('image-rendering', 'pixelated');
    await expect(canvas).toBeInViewport({ ratio: 1 });
    await expect(view.getByTestId('texture-zoom')).toHaveText(`Fit (${scale * 100} %)`);

    // The inspector reads the texel under the pointer of the enlarged image: face 0's last.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75);
    const last = cube.input.data.subarray(12, 16);
    await expect(view.getByTestId('pixel-inspector')).toHaveText(
      `x 1, y 1: R ${last[0]} G ${last[1]} B ${last[2]} A ${last[3]}`,
    );
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect(view.getByTestId('pixel-inspector')).toContainText('x 0, y 1:');

    // Another face is fitted the same way.
    await view.getByTestId('texture-face').selectOption('1');
    await expect(canvas).toHaveAttribute('data-fit-scale', String(scale));
    await expect.poll(() => boxOf(canvas)).toEqual({ width: 2 * scale, height: 2 * scale });

    // 1:1 shows its real pixels; Fit enlarges it again.
    await view.getByRole('button', { name: 'Show 1:1' }).click();
    await expect(view.getByTestId('texture-zoom')).toHaveText('100 %');
    await expect(canvas).not.toHaveAttribute('data-fit-scale');
    await expect.poll(() => boxOf(canvas)).toEqual({ width: 2, height: 2 });
    await view.getByRole('button', { name: 'Fit to pane' }).click();
    await expect.poll(() => boxOf(canvas)).toEqual({ width: 2 * scale, height: 2 * scale });

    // The wheel zooms out from Fit to a smaller step, never the wrong way.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 100);
    await expect(view.getByTestId('texture-zoom')).toHaveText(/^\d+ %$/);
    await expect.poll(async () => (await boxOf(canvas)).width).toBeLessThan(2 * scale);
    await expect.poll(async () => (await boxOf(canvas)).width).toBeGreaterThan(2);
    expect(errors).toEqual([]);
  });

  test('an 8 × 4 mip level is enlarged to fit, keeping its aspect; a 256 × 128 entry of an archive shows whole without scrolling', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [{ name: 'ramp.dds', bytes: threeLevelDds() }]);
    const view = page.getByTestId('texture-view');
    const canvas = view.getByTestId('texture-canvas');
    await view.getByTestId('texture-level').selectOption('1');
    await expect(canvas).toHaveAttribute('data-width', '8');
    const scale = await fitScaleOf(canvas, 8, 4);
    expect(scale).toBeGreaterThanOrEqual(25);
    await expect.poll(() => boxOf(canvas)).toEqual({ width: 8 * scale, height: 4 * scale });
    await expect(canvas).toBeInViewport({ ratio: 1 });

    const archive = writeKiwad(
      [
        { name: 'Textures/big.dds', data: rampDds(256, 128) },
        { name: 'readme.txt', data: new TextEncoder().encode('a texture inside') },
      ],
      { version: 2, flags: 1 },
    );
    await dropFiles(page, [{ name: 'textures.wad', bytes: archive }]);
    await selectRow(page, /textures\.wad/, 'ArrowRight');
    await selectRow(page, /^Textures/, 'ArrowRight');
    await selectRow(page, /big\.dds/);
    const entryCanvas = page.getByTestId('texture-view').getByTestId('texture-canvas');
    await expect(entryCanvas).toHaveAttribute('data-width', '256');
    const entryScale = await fitScaleOf(entryCanvas, 256, 128);
    expect(entryScale).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => boxOf(entryCanvas))
      .toEqual({ width: 256 * entryScale, height: 128 * entryScale });
    await expect(entryCanvas).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('checksums')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a PNG too is enlarged to fit by whole multiples, pixelated, and shown 1:1 on request', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [{ name: 'checker.png', bytes: checkerPng(16) }]);
    const view = page.getByTestId('image-view');
    await expect(view.getByTestId('image-size')).toContainText('16 × 16 px');
    const image = view.getByRole('img', { name: 'checker.png' });
    const scale = await fitScaleOf(image, 16, 16);
    expect(Number.isInteger(scale)).toBe(true);
    expect(scale).toBeGreaterThanOrEqual(10);
    await expect(image).toHaveCSS('image-rendering', 'pixelated');
    await expect(image).toBeInViewport({ ratio: 1 });
    await view.getByRole('button', { name: 'Show 1:1' }).click();
    await expect.poll(() => boxOf(image)).toEqual({ width: 16, height: 16 });
    expect(errors).toEqual([]);
  });
});

test.describe('Fit in an 800 × 700 window', () => {
  test.use({ viewport: { width: 800, height: 700 } });

  test('the fitted image is no taller than the details pane shows: scrolled to, it is seen whole', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [{ name: 'big.dds', bytes: rampDds(256, 128) }]);
    const canvas = page.getByTestId('texture-canvas');
    await expect(canvas).toHaveAttribute('data-width', '256');
    await fitScaleOf(canvas, 256, 128);
    await canvas.scrollIntoViewIfNeeded();
    await expect(canvas).toBeInViewport({ ratio: 1 });
    expect(errors).toEqual([]);
  });
});

/** A one-level A8R8G8B8 ramp of any size. */
function rampDds(width: number, height: number): Uint8Array {
  return writeDdsTexture({
    width,
    height,
    levels: 1,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: packPixels(rampPixels(width, height), 4, [16, 8, 0, 24]),
  });
}

/** A red and blue checkerboard PNG, one texel per square. */
function checkerPng(size: number): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      rgba.set((x + y) % 2 === 0 ? [220, 40, 40, 255] : [40, 40, 220, 255], (y * size + x) * 4);
    }
  }
  return encodePngRgba(size, size, rgba);
}
