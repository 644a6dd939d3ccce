/**
 * The game's art in the level view: a level and a REZ archive of its tiles, both made by
 * Delve's writers, dropped together (or the REZ later) draw the real tiles and the rat's
 * sprite at their places on the map; the tile that is not in the archive and the plane whose
 * image set is not keep their stand-in colours, and the note says why.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ART_FILL_INDEX,
  ART_SPRITE,
  artLevel,
  artRez,
  artRgb,
  artTileIndex,
} from '../src/formats/wwd/fixtures/art-fixtures.ts';
import { tileRgb } from '../src/ui/preview/wwd/tile-colors.ts';
import { canvasPixel, collectPageErrors, dropFiles } from './helpers.ts';

/** The art arrives after the first frame, in batches decoded in the worker: give it time. */
const ART = { timeout: 30_000 };

const rgba = ([red, green, blue]: readonly number[]) => [red, green, blue, 255];
const stand = (id: number) => {
  const { r, g, b } = tileRgb(id);
  return [r, g, b, 255];
};

/** The map's pixel at world point (x, y), from where the map says the level lies. */
async function worldPixel(page: Page, x: number, y: number): Promise<number[]> {
  const canvas = page.getByTestId('level-canvas').locator('canvas');
  const rect = await canvas.getAttribute('data-world-rect');
  const [left, top, width] = (rect ?? '0 0 0 0').split(' ').map(Number) as [number, number, number];
  const ratio = await canvas.evaluate(
    (element) => (element as HTMLCanvasElement).width / element.clientWidth,
  );
  // The Action plane is 4 × 3 tiles of 64 px.
  const scale = width / 256;
  return canvasPixel(
    page,
    Math.floor((left + x * scale) * ratio),
    Math.floor((top + y * scale) * ratio),
    canvas,
  );
}

/** Tiles 1, 2, 3 (top and bottom halves), the filled cell and the rat's sprite. */
async function expectArt(page: Page): Promise<void> {
  await expect.poll(() => worldPixel(page, 96, 12), ART).toEqual(rgba(artRgb(artTileIndex(2, 0))));
  await expect.poll(() => worldPixel(page, 96, 52), ART).toEqual(rgba(artRgb(artTileIndex(2, 63))));
  await expect.poll(() => worldPixel(page, 150, 20), ART).toEqual(rgba(artRgb(artTileIndex(3, 0))));
  await expect
    .poll(() => worldPixel(page, 240, 100), ART)
    .toEqual(rgba(artRgb(artTileIndex(1, 63))));
  await expect.poll(() => worldPixel(page, 80, 84), ART).toEqual(rgba(artRgb(ART_FILL_INDEX)));
  await expect
    .poll(() => worldPixel(page, ART_SPRITE.x - 6, ART_SPRITE.y - 6), ART)
    .toEqual(rgba(artRgb(ART_SPRITE.index)));
}

test.describe('WWD level art', () => {
  test('a level dropped with its REZ draws its tiles and sprites; what is missing says why', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [
      { name: 'art.wwd', bytes: artLevel() },
      { name: 'CLAW.REZ', bytes: artRez() },
    ]);
    const view = page.getByTestId('level-view');
    await expect(view).toHaveAttribute('data-state', 'ready');
    const note = page.getByTestId('art-note');
    await expect(note).toContainText('Art from CLAW.REZ, palette LEVEL1/PALETTES/MAIN.PAL.', ART);
    await expect(note).toContainText(
      '1 tile cell without art on Action: tile 9 not in LEVEL1/TILES/ACTION',
    );
    await expect(note).toContainText(
      '2 tile cells without art on Front: image set FRONT not in CLAW.REZ (looked for LEVEL1/TILES/FRONT)',
    );
    await expect(note).toContainText(
      '1 object without a sprite: GAME_NOWHERE not in CLAW.REZ (looked for GAME/IMAGES/NOWHERE)',
    );
    await expectArt(page);
    // Tile 9 is not in the archive: its cell keeps tile 9's stand-in colour.
    await expect.poll(() => worldPixel(page, 200, 8), ART).toEqual(stand(9));
    expect(errors).toEqual([]);
  });

  test('a REZ dropped after the level brings its art to the open view', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [{ name: 'art.wwd', bytes: artLevel() }]);
    await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready');
    const note = page.getByTestId('art-note');
    await expect(note).toContainText(
      'CLAW.REZ, the archive this level names, is not one of its sources',
    );
    await expect.poll(() => worldPixel(page, 96, 12), ART).toEqual(stand(2));

    await dropFiles(page, [{ name: 'CLAW.REZ', bytes: artRez() }]);
    await expect(note).toContainText('Art from CLAW.REZ', ART);
    await expectArt(page);
    expect(errors).toEqual([]);
  });
});
