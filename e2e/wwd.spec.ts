/**
 * The WWD level view end to end: a real Claw level (skipped when ../shared/fixtures is absent),
 * the committed synthetic level, and a 1000 × 1000 plane built with Delve's own writer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { MemoryByteSource } from '../src/binary/byte-source.ts';
import { bigWwdLevel } from '../src/formats/wwd/fixtures/make-fixtures.ts';
import { readWwd } from '../src/formats/wwd/read.ts';
import type { WwdLevel } from '../src/formats/wwd/types.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  expandRow,
  fixture,
  FIXTURES,
  selectRow,
  treeItem,
} from './helpers.ts';

const RETAIL01 = 'wwd/RETAIL01.WWD';
const hasRetail01 = existsSync(resolve(FIXTURES, RETAIL01));
const skipWithoutRetail01 = () =>
  test.skip(
    !hasRetail01,
    `${RETAIL01} is not in ../shared/fixtures (game data, kept out of the repo)`,
  );

function tinyWwd(): Uint8Array {
  return new Uint8Array(
    readFileSync(resolve(import.meta.dirname, '../src/formats/wwd/fixtures/tiny.wwd')),
  );
}

async function parse(bytes: Uint8Array): Promise<WwdLevel> {
  const { value, fatal } = await readWwd(new MemoryByteSource(bytes));
  if (fatal) throw new Error(fatal.message);
  return value;
}

/** Drops a level and selects its row: the right pane shows the level view. */
async function openLevel(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.goto('/');
  await dropFiles(page, [{ name, bytes }]);
  await selectRow(page, new RegExp(name.replace('.', '\\.')));
  await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready');
}

/** Width and height from a PNG's IHDR. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect(Array.from(bytes.subarray(0, 8))).toEqual([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
  ]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

test.describe('WWD level view', () => {
  test('RETAIL01: tree, planes, zoom, hover readout, objects and section bytes', async ({
    page,
  }) => {
    skipWithoutRetail01();
    const errors = collectPageErrors(page);
    const bytes = fixture(RETAIL01);
    const level = await parse(bytes);
    await openLevel(page, 'RETAIL01.WWD', bytes);

    await expect(treeItem(page, /^Header/)).toBeVisible();
    await expect(treeItem(page, /^Planes/)).toBeVisible();
    await expect(treeItem(page, /^Tile properties/)).toBeVisible();

    // The main plane is shown first; the switcher changes the plane and its readout.
    const info = page.getByTestId('plane-info');
    await expect(info).toContainText('Action · 384 × 96 tiles of 64 × 64 px');
    await page.getByTestId('plane-select').selectOption('0');
    await expect(info).toContainText('Background · 24 × 24 tiles');
    await page.getByTestId('plane-select').selectOption('all');
    await expect(info).toContainText('planes stacked by z');
    await page.getByTestId('plane-select').selectOption('1');
    await expect(info).toContainText('Action · 384 × 96');

    // Zoom with the buttons, the keyboard and the wheel.
    const zoom = page.getByTestId('zoom-level');
    await expect(zoom).toHaveText(/%$/);
    const fitted = await zoom.textContent();
    await page.getByTestId('zoom-in').click();
    await expect(zoom).not.toHaveText(fitted!);
    const canvas = page.getByTestId('level-canvas');
    await canvas.focus();
    const afterButton = await zoom.textContent();
    await page.keyboard.press('+');
    await expect(zoom).not.toHaveText(afterButton!);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const beforeWheel = await zoom.textContent();
    await page.mouse.wheel(0, -400);
    await expect(zoom).not.toHaveText(beforeWheel!);

    // Hovering a tile reads out its column, row and id, as the file has them.
    await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 + 3);
    const readout = page.getByTestId('tile-readout');
    await expect(readout).toContainText(/Col \d+, row \d+/);
    // The readout agrees with the file for whatever cell it names (read again until it does).
    const action = level.planes[1]!;
    await expect
      .poll(async () => {
        const text = (await readout.textContent()) ?? '';
        const [, col, row] = /Col (\d+), row (\d+)/.exec(text) ?? [];
        if (col === undefined || row === undefined) return `no cell in "${text}"`;
        const cell = action.tiles[Number(row) * action.tilesWide + Number(col)]!;
        const expected =
          cell === 0xffffffff ? 'empty' : cell === 0xeeeeeeee ? 'filled' : `tile ${cell & 0xffff}`;
        return text.includes(expected) ? 'agrees' : `"${text}" lacks "${expected}"`;
      })
      .toBe('agrees');

    // Pick an object from the list: its fields show, and the map centres on it (tooltip on hover).
    await page.getByTestId('object-filter').fill('#179');
    await expect(page.getByTestId('object-count')).toHaveText('1 of 1,479');
    await page.getByTestId('object-row').first().click();
    const details = page.getByTestId('object-details');
    await expect(details).toContainText('Rat');
    await expect(details).toContainText('LEVEL_RAT');
    await expect(details).toContainText('5377, 4374');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('object-tooltip')).toContainText('Rat');
    await expect(page.getByTestId('object-tooltip')).toContainText('LEVEL_RAT');

    // The attribute overlay adds its legend.
    await page.getByTestId('overlay-toggle').check();
    await expect(page.getByTestId('level-legend')).toContainText('solid');

    // A section node: its fields and the decoded bytes with its span highlighted.
    await selectRow(page, /^Header/);
    const firstRow = page.locator('[data-testid="hex-row"][data-offset="0"]');
    await expect(firstRow).toContainText('F4 05 00 00');
    await expect(firstRow.locator('.hex-cell--highlight')).toHaveCount(32);
    await expect(page.getByTestId('section-hex')).toContainText('0x0–0x5F3');

    // The tile-property table is far into L: the hex view scrolls to it.
    await selectRow(page, /^Tile properties/);
    const tableRow = Math.floor(level.header.tileDescriptionsOffset / 16) * 16;
    await expect(page.locator(`[data-testid="hex-row"][data-offset="${tableRow}"]`)).toBeVisible();

    // Back on the file row, the view comes back as it was left.
    await selectRow(page, /RETAIL01\.WWD/);
    await expect(page.getByTestId('object-details')).toContainText('LEVEL_RAT');
    expect(errors).toEqual([]);
  });

  test('synthetic level: planes, objects, keyboard, section highlight and PNG export', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openLevel(page, 'tiny.wwd', tinyWwd());
    await expect(page.getByTestId('plane-info')).toContainText(
      'Action · 4 × 3 tiles of 64 × 64 px · z 0 · main',
    );
    await expect(page.getByTestId('object-count')).toHaveText('4');
    // A level is a document: no gallery of images to offer.
    await expect(page.getByTestId('gallery-open')).toBeDisabled();
    await expect(page.getByTestId('gallery-open')).toHaveAttribute('title', /is a document/);

    await page.getByTestId('object-filter').fill('treasure');
    await page.getByTestId('object-row').first().click();
    await expect(page.getByTestId('object-details')).toContainText('GAME_TREASURE_COINS');
    await expect(page.getByTestId('object-details')).toContainText('GAME_SPARKLE');
    await expect(page.getByTestId('object-details')).toContainText('0xFFFFFFFF (all)');

    // Keyboard: focus the map, pan with arrows (the crosshair reads out the centre), zoom with keys.
    const canvas = page.getByTestId('level-canvas');
    await canvas.focus();
    await page.keyboard.press('0');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('tile-readout')).toContainText(/Col \d+, row \d+|Outside/);
    const zoom = await page.getByTestId('zoom-level').textContent();
    await page.keyboard.press('-');
    await expect(page.getByTestId('zoom-level')).not.toHaveText(zoom!);

    // Exports: the view at device pixels, the whole plane at 1:1 (4 × 3 tiles of 64 px).
    const viewDownload = page.waitForEvent('download');
    await page.getByTestId('export-view').click();
    const view = await viewDownload;
    expect(view.suggestedFilename()).toBe('tiny-Action-view.png');
    const viewSize = pngSize(await downloadedBytes(view));
    expect(viewSize.width).toBeGreaterThan(100);
    const planeDownload = page.waitForEvent('download');
    await page.getByTestId('export-plane').click();
    const plane = await planeDownload;
    expect(plane.suggestedFilename()).toBe('tiny-Action-plane.png');
    expect(pngSize(await downloadedBytes(plane))).toEqual({ width: 256, height: 192 });
    await expect(page.getByTestId('export-status')).toContainText('256 × 192 px at 100% (1:1)');

    // The plane headers start at 0x5F4: row 0x5F0 shows them highlighted from its 5th byte.
    await selectRow(page, /^Planes/);
    const row = page.locator('[data-testid="hex-row"][data-offset="1520"]');
    await expect(row).toBeVisible();
    await expect(row.locator('.hex-cell--highlight')).toHaveCount(24);
    expect(errors).toEqual([]);
  });

  test('RETAIL01: a logic is a folder of its objects: no bytes of its own, none in a zip', async ({
    page,
  }) => {
    skipWithoutRetail01();
    const errors = collectPageErrors(page);
    await openLevel(page, 'RETAIL01.WWD', fixture(RETAIL01));
    await expandRow(page, /^Planes/);
    await expandRow(page, /^Action/);
    await expandRow(page, /^Objects/);
    await selectRow(page, /^AmbientSound/);
    // A folder's pane: its two objects, and no hex view of one object's record.
    const details = page.getByRole('region', { name: 'Details and preview' });
    await expect(details.locator('.fact', { hasText: /^Entries/ }).locator('dd')).toHaveText('2');
    await expect(page.getByTestId('section-hex')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByTestId('download').click();
    const names = Object.keys(unzipSync(await downloadedBytes(await download)));
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^Planes\/Action\/Objects\/AmbientSound\/obj \d+\.bin$/);
    }
    expect(errors).toEqual([]);
  });

  test('RETAIL01_badsig: the details claim nothing of the header that was never read', async ({
    page,
  }) => {
    const path = 'wwd/RETAIL01_badsig.WWD';
    test.skip(!existsSync(resolve(FIXTURES, path)), `${path} is not in ../shared/fixtures`);
    await page.goto('/');
    await dropFiles(page, [{ name: 'RETAIL01_badsig.WWD', bytes: fixture(path) }]);
    await selectRow(page, /RETAIL01_badsig\.WWD/);
    const details = page.getByRole('region', { name: 'Details and preview' });
    await expect(details.getByRole('alert').first()).toContainText('0x0');
    await expect(details.locator('.fact dt', { hasText: /^Format$/ })).toHaveCount(1);
    for (const label of ['Name', 'Author', 'Created', 'Compressed', 'Planes', 'Start']) {
      await expect(details.locator('.fact dt', { hasText: new RegExp(`^${label}$`) })).toHaveCount(
        0,
      );
    }
    await expect(details.locator('.fact dt', { hasText: /^Decoded size$/ })).toHaveCount(0);
  });

  test('a 1000 × 1000 plane opens and pans frame by frame', async ({ page }) => {
    const bytes = bigWwdLevel();
    await openLevel(page, 'big.wwd', bytes);
    await expect(page.getByTestId('plane-info')).toContainText('1,000 × 1,000 tiles');
    const canvas = page.getByTestId('level-canvas');
    const drawn = canvas.locator('canvas');
    await expect(drawn).toHaveAttribute('data-frames', /\d+/);
    await canvas.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('+');
    const box = (await canvas.boundingBox())!;
    const frames = Number(await drawn.getAttribute('data-frames'));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 30; step++) {
      await page.mouse.move(box.x + box.width / 2 - step * 4, box.y + box.height / 2 - step * 3);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    }
    await page.mouse.up();
    // Every drag step redraws. How fast a frame is belongs to the benchmark, not to this test.
    await expect
      .poll(async () => Number(await drawn.getAttribute('data-frames')))
      .toBeGreaterThan(frames + 20);
    await expect(page.getByTestId('tile-readout')).toContainText(/Col \d+, row \d+ · tile \d+/);
  });
});
