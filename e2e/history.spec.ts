/**
 * Back and Forward inside the app: each step comes back exactly as it was shown (entry, tab,
 * offset, the file's own row, a level's plane, zoom, centre and object), open files are
 * never dropped, Back stops at the app's own first entry while files are open, and leaving
 * or reloading with files open asks first.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { collectPageErrors, demoWad, selectRow, treeItem } from './helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

/** How long a selection is kept to earn a history entry of its own (the app's is 1 s). */
const KEPT_MS = 1_300;

async function openDemo(page: Page): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({
    name: 'demo.wad',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(demoWad()),
  });
  await expect(treeItem(page, /^demo\.wad/)).toHaveAttribute('aria-selected', 'true');
}

const search = (page: Page) => new URL(page.url()).search;
const selectedRows = (page: Page) =>
  page.getByTestId('tree').locator('[role="treeitem"][aria-selected="true"]');

test('Back and Forward restore each step as shown, keep the files and stop inside the app', async ({
  page,
}) => {
  // Each step is kept a second to earn its entry: more time than most tests take.
  test.slow();
  const errors = collectPageErrors(page);
  await page.goto('/');
  await openDemo(page);
  // The folder is opened by its twisty: no selection on the way to theme.wav.
  await treeItem(page, /^Audio/)
    .locator('.twisty')
    .click();
  await expect(treeItem(page, /^theme\.wav/)).toBeVisible();
  await page.waitForTimeout(KEPT_MS);
  await selectRow(page, /^readme\.txt/);
  await expect(page.getByTestId('preview-tab-text')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => search(page)).toBe('?file=demo.wad&node=readme.txt&view=text');
  await page.waitForTimeout(KEPT_MS);
  await selectRow(page, /^theme\.wav/);
  await page.getByTestId('preview-tab-hex').click();
  await page.getByTestId('hex-goto').fill('400');
  await page.getByTestId('hex-goto').press('Enter');
  const themeSearch = '?file=demo.wad&node=Audio/theme.wav&view=hex&offset=0x400';
  await expect.poll(() => search(page)).toBe(themeSearch);
  const fileStep = await page.evaluate(() => history.length);

  // The first entry comes back in the tab it was shown in.
  await page.goBack();
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('preview-tab-text')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('text-view')).toBeVisible();
  await expect.poll(() => search(page)).toBe('?file=demo.wad&node=readme.txt&view=text');

  // The file's own step selects the file's row; the entry is not rewritten.
  await page.goBack();
  await expect(treeItem(page, /^demo\.wad/)).toHaveAttribute('aria-selected', 'true');
  await expect(selectedRows(page)).toHaveCount(1);
  await expect.poll(() => new URL(page.url()).searchParams.get('node')).toBeNull();
  await expect.poll(() => new URL(page.url()).searchParams.get('file')).toBe('demo.wad');

  // One more Back stays in the app: the file stays open, nothing is selected.
  await page.goBack();
  await expect(selectedRows(page)).toHaveCount(0);
  await expect(treeItem(page, /^demo\.wad/)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('file')).toBeNull();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);

  // Forward walks the same steps again, to the last one as it was.
  await page.goForward();
  await expect(treeItem(page, /^demo\.wad/)).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(treeItem(page, /^theme\.wav/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('preview-tab-hex')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="hex-row"][data-offset="1024"]')).toHaveClass(
    /hex-row--target/,
  );
  await expect.poll(() => search(page)).toBe(themeSearch);
  // Walking back and forth added no entries.
  await expect.poll(() => page.evaluate(() => history.length)).toBe(fileStep);
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('leaving or reloading with files open asks first; with none open it does not', async ({
  page,
}) => {
  await page.goto('/');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    // Stay the first time; go the second.
    void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  // The browser asks only on a page the user has interacted with.
  await page.getByRole('heading', { name: 'Delve' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Delve' })).toBeVisible();
  expect(asked).toEqual([]);

  await openDemo(page);
  await selectRow(page, /^readme\.txt/);
  // Staying (the dialog dismissed) keeps the page and its file.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => page.isClosed()).toBe(false);
  await page.reload();
  await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload']);
  // Reloaded: the file is gone, and its link waits for it.
  await expect(page.getByTestId('link-notice-file')).toHaveText('demo.wad');
  await expect(treeItem(page, /^readme\.txt/)).toHaveCount(0);
});

function tinyWwd(): Uint8Array {
  return new Uint8Array(
    readFileSync(resolve(import.meta.dirname, '../src/formats/wwd/fixtures/tiny.wwd')),
  );
}

test("a level's plane, zoom, centre and object travel in its link and come back", async ({
  page,
  context,
}) => {
  test.slow();
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({
    name: 'tiny.wwd',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(tinyWwd()),
  });
  await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('plane-select').selectOption('all');
  await page.getByTestId('zoom-in').click();
  await page.getByTestId('zoom-in').click();
  const canvas = page.getByTestId('level-canvas');
  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  await page.getByTestId('object-filter').fill('Rat #2');
  await page.getByTestId('object-row').first().click();
  await expect(page.getByTestId('object-details')).toContainText('Rat #2');
  const zoomText = await page.getByTestId('zoom-level').textContent();

  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('copy-link-field').inputValue();
  const params = new URL(link).searchParams;
  expect(params.get('file')).toBe('tiny.wwd');
  expect(params.get('view.plane')).toBe('all');
  // The Action plane (1) holds Rat #2 as its third object.
  expect(params.get('view.object')).toBe('1:2');
  expect(Number(params.get('view.zoom'))).toBeGreaterThan(100);
  expect(params.get('view.x')).toMatch(/^-?\d+$/);
  expect(params.get('view.y')).toMatch(/^-?\d+$/);
  await expect.poll(() => page.url()).toBe(link);

  const opened = await context.newPage();
  const openedErrors = collectPageErrors(opened);
  await opened.goto(link);
  await opened.getByTestId('link-file-input').setInputFiles({
    name: 'tiny.wwd',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(tinyWwd()),
  });
  await expect(opened.getByTestId('level-view')).toHaveAttribute('data-state', 'ready');
  await expect(opened.getByTestId('plane-select')).toHaveValue('all');
  await expect(opened.getByTestId('zoom-level')).toHaveText(zoomText!);
  await expect(opened.getByTestId('object-details')).toContainText('Rat #2');
  // Restored exactly: the page's own link reads as the one it was opened with.
  await expect.poll(() => opened.url()).toBe(link);

  // Back from another selection brings the level back as it was, from the link's state.
  await page.waitForTimeout(KEPT_MS);
  await selectRow(page, /^Planes/);
  await expect.poll(() => new URL(page.url()).searchParams.get('view.plane')).toBeNull();
  await page.waitForTimeout(KEPT_MS);
  await page.goBack();
  await expect(page.getByTestId('plane-select')).toHaveValue('all');
  await expect(page.getByTestId('zoom-level')).toHaveText(zoomText!);
  await expect.poll(() => page.url()).toBe(link);
  expect(errors).toEqual([]);
  expect(openedErrors).toEqual([]);
});
