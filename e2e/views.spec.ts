/**
 * The generic views over every format: a view never renders a model that did not decode,
 * totals count a file's bytes once, the text view warns only about content that claimed a
 * type, and details show file text as it is, their bytes scrolled to the top of the hex view.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeDvpl } from '../src/formats/dvpl/write.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { collectPageErrors, dropFiles, fixture, FIXTURES, selectRow, treeItem } from './helpers.ts';

// Each test opens a file and waits on a decoder worker: on a busy machine that alone takes seconds.
test.describe.configure({ timeout: 90_000 });

const formatFixture = (path: string) =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '../src/formats', path)));

const details = (page: Page) => page.getByRole('region', { name: 'Details and preview' });

/** The value of a fact (`<dt>label</dt><dd>value</dd>`) in the details pane. */
function fact(page: Page, label: string): Locator {
  return details(page)
    .locator('.fact')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

async function open(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.goto('/');
  await dropFiles(page, [{ name, bytes }]);
  await expect(treeItem(page, name)).toBeVisible();
}

/** Opens a file and selects its row. */
async function openAndSelect(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await open(page, name, bytes);
  await selectRow(page, name);
}

test.describe('a view of a model that did not decode', () => {
  test('a damaged level shows its error with the offset in the map’s place, and its bytes', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openAndSelect(
      page,
      'damaged.wwd',
      formatFixture('wwd/fixtures/should-fail/bad-header-size.wwd'),
    );
    const failure = page.getByTestId('view-failure');
    await expect(failure).toContainText('Level map');
    await expect(failure.getByRole('alert')).toContainText('bad magic at 0x0');
    // No map, no zoom readout, no export of an empty level.
    await expect(page.getByTestId('level-view')).toHaveCount(0);
    await expect(page.getByTestId('zoom-level')).toHaveCount(0);
    await expect(page.getByTestId('export-plane')).toHaveCount(0);
    // The error is said once in the pane, and the file's own bytes can still be looked at.
    await expect(details(page).getByText(/bad magic at 0x0/)).toHaveCount(1);
    await expect(page.getByTestId('preview-pane').getByTestId('hex-view')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the real damaged RETAIL01 gets no map either', async ({ page }) => {
    const path = 'wwd/RETAIL01_badsig.WWD';
    test.skip(!existsSync(resolve(FIXTURES, path)), `${path} is not in ../shared/fixtures`);
    await openAndSelect(page, 'RETAIL01_badsig.WWD', fixture(path));
    await expect(page.getByTestId('view-failure').getByRole('alert')).toContainText('0x0');
    await expect(page.getByTestId('level-view')).toHaveCount(0);
  });

  test('a cut keyed archive shows its error in the tree view’s place', async ({ page }) => {
    await openAndSelect(page, 'cut.ka', formatFixture('ka/fixtures/should-fail/truncated.ka'));
    await expect(page.getByTestId('view-failure')).toContainText('Keyed archive');
    await expect(page.getByTestId('view-failure').getByRole('alert')).toContainText('0xF');
    await expect(page.getByTestId('ka-view')).toHaveCount(0);
  });
});

test.describe('totals count a file’s bytes once', () => {
  test('a compressed level: stored is the file, unpacked what it inflates to', async ({ page }) => {
    const compressed = formatFixture('wwd/fixtures/tiny-compressed.wwd');
    const inflated = formatFixture('wwd/fixtures/tiny.wwd');
    await openAndSelect(page, 'tiny-compressed.wwd', compressed);
    await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready', {
      timeout: 20_000,
    });
    await expect(fact(page, 'Stored')).toHaveAttribute(
      'title',
      `${compressed.length.toLocaleString('en-US')} bytes`,
    );
    await expect(fact(page, 'Unpacked')).toHaveAttribute(
      'title',
      `${inflated.length.toLocaleString('en-US')} bytes`,
    );
    const status = page.getByTestId('status-bar');
    await expect(status).toContainText('3.42 KiB unpacked');
    await expect(status).toContainText('1.92 KiB stored (56%)');
  });

  test('a .dvpl and the file it wraps are counted once in the status bar', async ({ page }) => {
    // A KeyedArchive (902 bytes) in an LZ4 .dvpl: the archive opens below its wrapper.
    const archive = formatFixture('ka/fixtures/every-type-v1.ka');
    const wrapped = writeDvpl(archive);
    await open(page, 'settings.ka.dvpl', wrapped);
    await expect(treeItem(page, /^settings\.ka/).first()).toBeVisible();
    const status = page.getByTestId('status-bar');
    await expect(status).toContainText('2 files open');
    await expect(status).toContainText(`${archive.length} B unpacked`);
    await expect(status).toContainText(`${wrapped.length} B stored`);
  });

  test('RETAIL01 (26.6 KiB) unpacks to 633 KiB', async ({ page }) => {
    const path = 'wwd/RETAIL01.WWD';
    test.skip(!existsSync(resolve(FIXTURES, path)), `${path} is not in ../shared/fixtures`);
    await openAndSelect(page, 'RETAIL01.WWD', fixture(path));
    await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready', {
      timeout: 20_000,
    });
    await expect(fact(page, 'Unpacked')).toHaveAttribute('title', '648,626 bytes');
    await expect(fact(page, 'Stored')).toHaveAttribute('title', '27,225 bytes');
    // A level's nodes are its parts, not files inside it.
    await expect(fact(page, 'Nodes')).toHaveText(/^\d[\d,]*$/);
    await expect(fact(page, 'Entries')).toHaveCount(0);
  });
});

test('the text view formats JSON and XML only, and warns only when the type was claimed', async ({
  page,
}) => {
  const text = (value: string) => new TextEncoder().encode(value);
  const archive = writeKiwad([
    { name: 'Config/settings.ini', data: text('[General]\nvolume=0.8\nlanguage=en\n') },
    {
      name: 'Help/page',
      data: text('<!DOCTYPE html>\n<html><head><title>Help</title></head><body><br></body></html>'),
    },
    { name: 'Help/page.html', data: text('<html><body><p>Hi<br></body></html>') },
    { name: 'Data/broken.json', data: text('{"a": [1, 2,') },
    { name: 'Data/ok.json', data: text('{"a":[1,2]}') },
  ]);
  await page.goto('/');
  await dropFiles(page, [{ name: 'texts.wad', bytes: archive }]);
  await selectRow(page, /texts\.wad/, 'ArrowRight');
  const view = page.getByTestId('text-view');
  for (const [folder, name] of [
    ['Config', 'settings.ini'],
    ['Help', 'page'],
    ['Help', 'page.html'],
  ] as const) {
    await selectRow(page, new RegExp(`^${folder}`), 'ArrowRight');
    await selectRow(page, new RegExp(`^${name.replace('.', '\\.')}(\\s|$)`));
    await expect(view.getByLabel(`Text of ${name}`)).toBeVisible();
    await expect(view).not.toContainText('not well-formed');
    await expect(view.getByText(/^Format /)).toHaveCount(0);
  }
  await selectRow(page, /^Data/, 'ArrowRight');
  await selectRow(page, /^broken\.json/);
  await expect(view).toContainText('not well-formed JSON');
  await selectRow(page, /^ok\.json/);
  await expect(view.getByText('Format JSON')).toBeVisible();
  await expect(view.getByLabel('Text of ok.json')).toContainText('"a": [\n    1,');
});

test.describe('level details', () => {
  test('paths show as they are, and a span’s first row sits at the top of the hex view', async ({
    page,
  }) => {
    await openAndSelect(page, 'tiny.wwd', formatFixture('wwd/fixtures/tiny.wwd'));
    await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready', {
      timeout: 20_000,
    });
    await selectRow(page, /^Header/);
    // One backslash each, as the file has them (`..\CLAW.REZ`), not JSON's two.
    await expect(fact(page, 'REZ file')).toHaveText('"..\\CLAW.REZ"');
    await expect(fact(page, 'Image dir')).toHaveText('"\\LEVEL1\\TILES"');

    // The plane headers start at 0x5F4, far below the first screen of the decoded bytes.
    await selectRow(page, /^Planes/);
    const list = page.getByTestId('section-hex').locator('.hex-list');
    const first = page.locator('[data-testid="hex-row"][data-offset="1520"]');
    await expect(first).toBeVisible();
    await expect
      .poll(async () => {
        const [row, top] = await Promise.all([first.boundingBox(), list.boundingBox()]);
        return row && top ? Math.round(row.y - top.y) : null;
      })
      .toBe(0);
  });

  test('panning by keyboard keeps the level in sight', async ({ page }) => {
    await openAndSelect(page, 'tiny.wwd', formatFixture('wwd/fixtures/tiny.wwd'));
    const host = page.getByTestId('level-canvas');
    const canvas = host.locator('canvas');
    await host.focus();
    await page.keyboard.press('0');
    await page.keyboard.press('-');
    for (let press = 0; press < 10; press++) await page.keyboard.press('ArrowRight');
    for (let press = 0; press < 10; press++) await page.keyboard.press('ArrowDown');
    // The whole level (smaller than the view at this zoom) is still inside the canvas.
    await expect
      .poll(async () => {
        const rect = await canvas.getAttribute('data-world-rect');
        const size = await canvas.evaluate((element) => [
          element.clientWidth,
          element.clientHeight,
        ]);
        if (!rect) return 'not drawn';
        const [left, top, width, height] = rect.split(' ').map(Number) as [
          number,
          number,
          number,
          number,
        ];
        const [viewWidth, viewHeight] = size as [number, number];
        return left >= 0 &&
          top >= 0 &&
          left + width <= viewWidth + 1 &&
          top + height <= viewHeight + 1
          ? 'in sight'
          : `${rect} in ${viewWidth} × ${viewHeight}`;
      })
      .toBe('in sight');
  });
});
