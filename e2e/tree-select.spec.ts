/**
 * Multi-selection in the tree: Shift+click, Ctrl+click, Shift+arrows, Ctrl+A and Escape, the
 * status bar's count and size, and "Download selection as .zip" giving exactly those entries.
 */
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import {
  collectPageErrors,
  demoWad,
  downloadedBytes,
  kiwadContents,
  sha256,
  treeItem,
  openKiwadSample,
} from './helpers.ts';

async function downloadSelectionZip(page: Page): Promise<Record<string, Uint8Array>> {
  const download = page.waitForEvent('download');
  await page.getByTestId('download').click();
  return unzipSync(await downloadedBytes(await download));
}

async function expectZipOf(zip: Record<string, Uint8Array>, paths: string[]): Promise<void> {
  const contents = await kiwadContents(demoWad());
  expect(Object.keys(zip).sort()).toEqual([...paths].sort());
  for (const path of paths) expect(sha256(zip[path]!), path).toBe(sha256(contents.get(path)!));
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await openKiwadSample(page);
  await expect(treeItem(page, /^Audio/)).toBeVisible();
});

test('Shift+click, Ctrl+click and the zip of the selection', async ({ page }) => {
  const errors = collectPageErrors(page);
  await expect(page.getByRole('tree')).toHaveAttribute('aria-multiselectable', 'true');
  await treeItem(page, /^Audio/).click();
  await treeItem(page, /^Config/).click({ modifiers: ['Shift'] });
  await treeItem(page, /^readme\.txt/).click({ modifiers: ['ControlOrMeta'] });

  for (const name of [/^Audio/, /^Config/, /^readme\.txt/]) {
    await expect(treeItem(page, name)).toHaveAttribute('aria-selected', 'true');
  }
  await expect(treeItem(page, /^Data/)).toHaveAttribute('aria-selected', 'false');
  // 1,810 + 29,814 (Audio) + 65 (Config) + 80 (readme.txt) bytes.
  await expect(page.getByTestId('selection-status')).toHaveText('3 selected (31.0 KiB)');
  // The details show the focused row: the one clicked last.
  await expect(page.locator('.details-title').first()).toHaveText('readme.txt');
  await expect(page.getByTestId('download')).toHaveText('Download selection as .zip');

  const zip = await downloadSelectionZip(page);
  await expectZipOf(zip, [
    'Audio/Sfx/click.wav',
    'Audio/theme.wav',
    'Config/settings.ini',
    'readme.txt',
  ]);

  // Escape (in the tree: the download button has the focus now): the focused row alone again.
  await treeItem(page, /^readme\.txt/).press('Escape');
  await expect(treeItem(page, /^Audio/)).toHaveAttribute('aria-selected', 'false');
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('status-bar')).toContainText('Selected: readme.txt');
  await expect(page.getByTestId('download')).toHaveText('Download');
  expect(errors).toEqual([]);
});

test('Shift+arrows extend, Ctrl+A takes every row, a filter narrows the zip', async ({ page }) => {
  await treeItem(page, /^readme\.txt/).click();
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(page.getByTestId('selection-status')).toHaveText(/^3 selected/);
  for (const name of [/^Shaders/, /^Textures/, /^readme\.txt/]) {
    await expect(treeItem(page, name)).toHaveAttribute('aria-selected', 'true');
  }
  await expect(page.locator('.tree-row.is-focus')).toHaveAccessibleName('Shaders');

  // Ctrl+Up moves the focus alone; Ctrl+Space adds the focused row.
  await page.keyboard.press('ControlOrMeta+ArrowUp');
  await expect(page.locator('.tree-row.is-focus')).toHaveAccessibleName('Scripts');
  await expect(treeItem(page, /^Scripts/)).toHaveAttribute('aria-selected', 'false');
  await expect(treeItem(page, /^Scripts/)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(treeItem(page, /^Scripts/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('selection-status')).toHaveText(/^4 selected/);

  // Ctrl+A: the file's own row and its nine top-level rows; the zip is the whole archive.
  await page.keyboard.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-status')).toHaveText(/^10 selected \(/);
  const contents = await kiwadContents(demoWad());
  await expectZipOf(await downloadSelectionZip(page), [...contents.keys()]);

  // With a filter, a folder row stands for what it shows: the matches below it.
  await page.getByTestId('filter').fill('*.png');
  await expect(treeItem(page, /logo\.png/)).toBeVisible();
  await treeItem(page, /logo\.png/).click();
  await page.keyboard.press('ControlOrMeta+a');
  await expectZipOf(await downloadSelectionZip(page), [
    'Textures/Characters/wizard_icon.png',
    'Textures/UI/button.png',
    'Textures/UI/logo.png',
  ]);
});

test('a selection stays in one file; a click in another starts there', async ({ page }) => {
  await openKiwadSample(page);
  const second = page.getByTestId('tree').getByRole('treeitem', { name: 'demo.wad' }).nth(1);
  // A file just opened is selected.
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await treeItem(page, /^Audio/)
    .first()
    .click();
  await treeItem(page, /^Config/)
    .first()
    .click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-status')).toHaveText(/^2 selected/);
  await expect(second).toHaveAttribute('aria-selected', 'false');
  await second.click({ modifiers: ['ControlOrMeta'] });
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(treeItem(page, /^Audio/).first()).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('status-bar')).toContainText('Selected: demo.wad');
});
