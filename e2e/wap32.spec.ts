/**
 * WAP32 art in the image view: a REZ archive made with Delve's writer is dropped, and its
 * PID entries show with the palette beside them — a level tile with its level's MAIN.PAL,
 * a Gruntz-style sprite with its embedded palette and its key colour transparent — and a
 * PVR texture dropped on its own shows its pixels.
 */
import { expect, test } from '@playwright/test';
import { rezSampleFiles } from '../src/formats/rez/fixtures.ts';
import { writeRez } from '../src/formats/rez/write.ts';
import { pvrSamples } from '../src/formats/pvr/fixtures.ts';
import { canvasPixel, collectPageErrors, dropFiles, selectRow } from './helpers.ts';

test('PID entries of a REZ show with their level palette, or their own with its key colour', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'CLAW.REZ', bytes: writeRez(rezSampleFiles()) }]);
  await selectRow(page, /CLAW\.REZ/, 'ArrowRight');
  await selectRow(page, /^LEVEL1/, 'ArrowRight');
  await selectRow(page, /^TILES/, 'ArrowRight');
  await selectRow(page, /^ACTION/, 'ArrowRight');
  await selectRow(page, /001\.PID/);
  const view = page.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toHaveText(
    '16 × 4 px · PID, 8-bit palette indexes',
  );
  await expect(view.getByTestId('texture-facts')).toContainText('LEVEL1/PALETTES/MAIN.PAL');
  // The tile's first pixel is index 200: the test palette's (200, 55, 200 × 7 mod 256).
  await expect.poll(() => canvasPixel(page, 0, 0)).toEqual([200, 55, (200 * 7) % 256, 255]);

  await selectRow(page, /^GAME/, 'ArrowRight');
  await selectRow(page, /^IMAGES/, 'ArrowRight');
  await selectRow(page, /GRUNTZ\.PID/);
  await expect(view.getByTestId('texture-summary')).toHaveText(
    '8 × 8 px · PID, 8-bit palette indexes',
  );
  await expect(view.getByTestId('texture-facts')).toContainText('embedded');
  // Its corner is the key colour's index: transparent.
  await expect.poll(() => canvasPixel(page, 0, 0).then((pixel) => pixel[3])).toBe(0);
  expect(errors).toEqual([]);
});

test('a dropped PVR texture shows its first level', async ({ page }) => {
  const errors = collectPageErrors(page);
  const sample = pvrSamples().find((each) => each.name === 'mips.pvr')!;
  await page.goto('/');
  await dropFiles(page, [{ name: 'mips.pvr', bytes: sample.bytes }]);
  const view = page.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toContainText('8 × 8 px');
  // RGBA8888: the first pixel is the data's first four bytes; shown without alpha, its colour exactly.
  await view.getByTestId('texture-channel-a').click();
  const [red, green, blue] = sample.input.data;
  await expect.poll(() => canvasPixel(page, 0, 0)).toEqual([red, green, blue, 255]);
  expect(errors).toEqual([]);
});
