/**
 * The shell around the files: tree columns that fit the pane and follow the selected file,
 * a header that scrolls with the rows and is one Tab stop, one banner for several failed
 * files, new files shown as they open, panes that keep their width, and a phone layout with
 * one pane at a time. Real files come from ../shared/fixtures (skipped when it is absent).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { dropFiles, fixture, hasFixtures, selectRow, treeItem } from './helpers.ts';

// Several real files open in each test: on a busy machine that alone can take most of 30 s.
test.describe.configure({ timeout: 90_000 });

const WOWS_INDEX = { name: 'vehicles_level6_usa.idx', path: 'wows/vehicles_level6_usa.idx' };
const KA_FILE = { name: 'newTest.dat', path: 'ka/newTest.dat' };
const LEVEL = { name: 'RETAIL01.WWD', path: 'wwd/RETAIL01.WWD' };

const text = (value: string) => new TextEncoder().encode(value);

function archiveOf(prefix: string, count: number): Uint8Array {
  return writeKiwad(
    Array.from({ length: count }, (_, i) => ({
      name: `${prefix}/file${String(i).padStart(2, '0')}.txt`,
      data: text(`${prefix} ${i}`),
    })),
  );
}

async function dropFixture(page: Page, file: { name: string; path: string }): Promise<void> {
  await dropFiles(page, [{ name: file.name, bytes: fixture(file.path) }]);
  await expect(treeItem(page, file.name)).toBeVisible();
  // Opening a real file can take a while on a busy machine.
  await expect(treeItem(page, file.name)).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 20_000,
  });
}

const header = (page: Page) => page.getByTestId('tree-header');
const headings = (page: Page) => header(page).locator('[data-column]');
const separators = (page: Page) => header(page).getByRole('separator');

/** The cells (header or rows) whose text does not fit their box. */
function cutCells(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements
      .filter((element) => element.textContent !== '' && element.scrollWidth > element.clientWidth)
      .map((element) => `${element.getAttribute('data-column')}: ${element.textContent}`),
  );
}

/** Left edges of a column's heading and of its cell in the first row, in the viewport. */
function columnEdges(page: Page, column: string): Promise<[number, number]> {
  return page.evaluate((id) => {
    const left = (selector: string) =>
      Math.round(document.querySelector(selector)?.getBoundingClientRect().left ?? -1);
    return [
      left(`[data-testid="tree-header"] [data-column="${id}"]`),
      left(`[data-testid="tree"] [data-column="${id}"]`),
    ];
  }, column);
}

test.describe('tree columns', () => {
  test.skip(!hasFixtures, '../shared/fixtures is not present next to the project');

  test("follow the selected file's format; the name gets a third; numbers are never cut", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await dropFixture(page, WOWS_INDEX);
    await dropFixture(page, KA_FILE);

    // The KA file was opened last, so it is selected: its columns, not the index's.
    await selectRow(page, KA_FILE.name);
    await expect(headings(page)).toHaveText(['Type', 'Value', 'Bytes']);
    await selectRow(page, WOWS_INDEX.name);
    await expect(headings(page)).toHaveText([
      'Size',
      'Stored',
      'Ratio',
      'Checksum',
      'Compression',
      'Volume',
      'Offset',
    ]);

    // The name column has at least a third of the pane.
    const nameShare = () =>
      page.evaluate(() => {
        const name = document.querySelector('[data-testid="tree-header"] > :first-child');
        const pane = document.querySelector('[data-testid="tree-scroller"]');
        return (name?.getBoundingClientRect().width ?? 0) / (pane?.clientWidth ?? 1);
      });
    await expect.poll(nameShare).toBeGreaterThanOrEqual(1 / 3 - 0.01);

    // Every column made as narrow as it may be: numbers and headings still fit.
    await selectRow(page, WOWS_INDEX.name, 'ArrowRight');
    await selectRow(page, /^content/, 'ArrowRight');
    await separators(page).first().focus();
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
    }
    const numbers = page.getByTestId('tree').locator('.tree-num');
    await expect(numbers.first()).toBeVisible();
    await expect.poll(() => cutCells(numbers)).toEqual([]);
    await expect.poll(() => cutCells(header(page).locator('.tree-num > span'))).toEqual([]);

    // The KA file's byte counts fit too.
    await selectRow(page, KA_FILE.name);
    await expect(headings(page)).toHaveText(['Type', 'Value', 'Bytes']);
    await expect(page.getByTestId('tree').locator('[data-column="size"]').nth(1)).toBeVisible();
    await expect
      .poll(() => cutCells(page.getByTestId('tree').locator('[data-column="size"]')))
      .toEqual([]);
  });

  test('the header is one Tab stop, arrows move between its separators, and it scrolls with the rows', async ({
    page,
  }) => {
    // Narrow enough that the index's last columns lie past the pane's right edge.
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/');
    await dropFixture(page, WOWS_INDEX);
    await expect(separators(page)).toHaveCount(7);

    // From the actions bar: one stop for the header row, then the tree.
    await separators(page).first().focus();
    await page.keyboard.press('Shift+Tab');
    await expect(header(page).locator(':focus')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(separators(page).first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('tree').getByRole('treeitem').first()).toBeFocused();

    // Arrows between the separators; the last one is off to the right and scrolls into view,
    // and the rows move with the header.
    await separators(page).first().focus();
    for (let i = 1; i < 7; i++) {
      await page.keyboard.press('ArrowRight');
      await expect(separators(page).nth(i)).toBeFocused();
    }
    const offsets = () =>
      page.evaluate(() => [
        document.querySelector('[data-testid="tree-header"]')?.scrollLeft ?? -1,
        document.querySelector('[data-testid="tree-scroller"]')?.scrollLeft ?? -2,
      ]);
    await expect.poll(async () => (await offsets())[0]).toBeGreaterThan(0);
    await expect.poll(async () => new Set(await offsets()).size).toBe(1);
    const isAligned = async () => {
      const [heading, cell] = await columnEdges(page, 'pkgOffset');
      return heading === cell;
    };
    await expect.poll(isAligned).toBe(true);
    // Up widens the focused column, and the tree keeps its place under the header.
    const before = Number(await separators(page).last().getAttribute('aria-valuenow'));
    await page.keyboard.press('ArrowUp');
    await expect(separators(page).last()).toHaveAttribute('aria-valuenow', String(before + 8));
    await page.keyboard.press('Tab');
    await expect.poll(async () => new Set(await offsets()).size).toBe(1);
    await expect.poll(isAligned).toBe(true);
  });
});

test('several failed files make one banner that opens and closes at once', async ({ page }) => {
  await page.goto('/');
  const good = archiveOf('ok', 2);
  const broken = archiveOf('part', 6).subarray(0, 150);
  await dropFiles(page, [
    { name: 'good.wad', bytes: good },
    ...['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}-cut.wad`, bytes: broken })),
  ]);
  const banner = page.getByTestId('file-errors');
  await expect(banner).toContainText('4 files', { timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(1);
  // One line, not a stack of four.
  await expect.poll(async () => (await banner.boundingBox())?.height ?? 999).toBeLessThan(60);
  await expect(banner.getByRole('button', { name: /dismiss/i })).toHaveCount(1);

  const items = banner.getByTestId('file-error');
  await expect(items.first()).toBeHidden();
  await banner.getByTestId('file-errors-toggle').click();
  await expect(banner.getByTestId('file-errors-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(items).toHaveCount(4);
  await expect(items.filter({ hasText: 'c-cut.wad' })).toContainText(/0x[0-9A-F]+/);

  await banner.getByTestId('file-errors-dismiss').click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('tree').getByRole('treeitem', { selected: true })).toBeFocused();
  // Each file keeps its error on its own row.
  for (const name of ['a', 'b', 'c', 'd']) {
    await expect(treeItem(page, `${name}-cut.wad`).locator('.badge-error')).toBeVisible();
  }
});

test('a file dropped later is selected and scrolled to', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/');
  for (const name of ['first', 'second', 'third']) {
    await dropFiles(page, [{ name: `${name}.wad`, bytes: archiveOf(name, 30) }]);
    const row = treeItem(page, `${name}.wad`);
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await expect(row).toBeInViewport();
  }
  await expect(page.getByTestId('tree').getByRole('treeitem', { selected: true })).toHaveCount(1);
});

test.describe('panes', () => {
  test.skip(!hasFixtures, '../shared/fixtures is not present next to the project');

  test('keep their width whatever is selected: a level, a section, a KA view, a value', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await dropFixture(page, LEVEL);
    await dropFixture(page, KA_FILE);
    const paneWidth = () =>
      page.evaluate(() =>
        Math.round(document.querySelector('#tree-pane')?.getBoundingClientRect().width ?? 0),
      );
    await selectRow(page, LEVEL.name);
    await expect(page.getByTestId('level-view')).toBeVisible();
    await expect.poll(paneWidth).toBeGreaterThan(0);
    const width = await paneWidth();
    const steps: [string | RegExp, ...string[]][] = [
      [/^Header/],
      [KA_FILE.name],
      [KA_FILE.name, 'ArrowRight', 'ArrowDown'],
      [LEVEL.name],
    ];
    for (const [row, ...keys] of steps) {
      await selectRow(page, row, ...keys);
      await expect.poll(paneWidth).toBe(width);
    }
  });

  test('on a phone: one pane at a time, a way back, no sideways page scroll', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pageScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto('/');
    await expect.poll(pageScroll).toBe(0);
    await dropFixture(page, LEVEL);
    await expect.poll(pageScroll).toBe(0);

    const treePane = page.locator('#tree-pane');
    const details = page.getByRole('region', { name: 'Details and preview' });
    await expect(treePane).toBeVisible();
    await expect(details).toBeHidden();

    // Choosing the level shows its map, in view, in place of the tree.
    await treeItem(page, LEVEL.name).click();
    await expect(treePane).toBeHidden();
    const levelView = page.getByTestId('level-view');
    await expect(levelView).toBeInViewport();
    await expect.poll(pageScroll).toBe(0);
    // One scroll area, the pane's: the view does not scroll inside it.
    await expect
      .poll(() => levelView.evaluate((view) => view.scrollHeight - view.clientHeight))
      .toBeLessThanOrEqual(1);

    // Back to the files, at the chosen row.
    await page.getByRole('button', { name: 'Back to files' }).click();
    await expect(treePane).toBeVisible();
    await expect(details).toBeHidden();
    await expect(treeItem(page, LEVEL.name)).toBeFocused();
  });
});

test('on a phone folders open in place and a text preview has room for its lines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const lines = Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join('\n');
  await dropFiles(page, [
    { name: 'notes.wad', bytes: writeKiwad([{ name: 'docs/notes.txt', data: text(lines) }]) },
  ]);
  // A folder opens in place, like a file browser's; an entry shows in place of the tree.
  await treeItem(page, 'docs').click();
  await expect(treeItem(page, 'docs')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#tree-pane')).toBeVisible();
  await treeItem(page, 'notes.txt').click();
  await expect(page.locator('#tree-pane')).toBeHidden();
  await page.getByTestId('preview-tab-text').click();
  const view = page.getByTestId('text-view');
  await expect(view).toContainText('line 1');
  // Ten lines at least (it showed two when the tree took the whole height).
  await expect.poll(async () => (await view.boundingBox())?.height ?? 0).toBeGreaterThan(200);
});
