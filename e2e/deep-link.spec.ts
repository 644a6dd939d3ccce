/**
 * Deep links: "Copy link" on a local file's entry gives a link with the file's name, the
 * entry's path, the preview tab and the hex offset; opening it asks for the file and, once
 * it is given, goes back to the same place. Back and Forward move between selections.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, demoWad, selectRow, treeItem } from './helpers.ts';

const THEME_OFFSET = 0x400;

async function expectAtThemeOffset(page: Page): Promise<void> {
  await expect(treeItem(page, /^theme\.wav/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('preview-tab-hex')).toHaveAttribute('aria-selected', 'true');
  // The offset is past the rows shown at first: the view scrolled there and marked it.
  const row = page.locator(`[data-testid="hex-row"][data-offset="${THEME_OFFSET}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/hex-row--target/);
}

test('a copied link asks for its local file, then restores entry, tab and offset', async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({
    name: 'demo.wad',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(demoWad()),
  });
  await selectRow(page, /^Audio/, 'ArrowRight');
  await selectRow(page, /^theme\.wav/);
  await page.getByTestId('preview-tab-hex').click();
  await page.getByTestId('hex-goto').fill('0x400');
  await page.getByTestId('hex-goto').press('Enter');
  await expectAtThemeOffset(page);

  await page.getByTestId('copy-link').click();
  const field = page.getByTestId('copy-link-field');
  await expect(field).toHaveValue(
    /^[^?]*\?file=demo\.wad&node=Audio\/theme\.wav&view=hex&offset=0x400$/,
  );
  const link = await field.inputValue();
  // The address bar holds the same link.
  await expect.poll(() => page.url()).toBe(link);

  const opened = await context.newPage();
  const openedErrors = collectPageErrors(opened);
  await opened.goto(link);
  const notice = opened.getByTestId('link-notice');
  await expect(notice.getByTestId('link-notice-file')).toHaveText('demo.wad');
  await expect(notice).toContainText('Audio/theme.wav');
  await opened.getByTestId('link-file-input').setInputFiles({
    name: 'demo.wad',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(demoWad()),
  });
  await expectAtThemeOffset(opened);
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(openedErrors).toEqual([]);
});

test('Back and Forward move between selections kept a moment', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({
    name: 'demo.wad',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(demoWad()),
  });
  await selectRow(page, /^readme\.txt/);
  await expect.poll(() => new URL(page.url()).searchParams.get('node')).toBe('readme.txt');
  // A selection earns its own history entry once it has been kept a second.
  await page.waitForTimeout(1_200);
  // The folder is opened by its twisty: no selection on the way, whatever the machine's pace.
  await treeItem(page, /^Audio/)
    .locator('.twisty')
    .click();
  await selectRow(page, /^theme\.wav/);
  await page.getByTestId('preview-tab-hex').click();
  await page.getByTestId('hex-goto').fill('400');
  await page.getByTestId('hex-goto').press('Enter');
  await expect
    .poll(() => new URL(page.url()).search)
    .toBe('?file=demo.wad&node=Audio/theme.wav&view=hex&offset=0x400');

  await page.goBack();
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('text-view')).toBeVisible();
  await page.goForward();
  await expectAtThemeOffset(page);
  // The tab and offset changes made on theme.wav are one step: one Back reaches readme.txt.
  await page.goBack();
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
});
