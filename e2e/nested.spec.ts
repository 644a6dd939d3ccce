/**
 * Nested files: an entry whose content is a file of a format Delve reads is offered as one,
 * opens as a child file of its own (its own worker), and an error in the child stays there.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { collectPageErrors, dropFiles, selectRow, treeItem } from './helpers.ts';

const tinyWwd = new Uint8Array(
  readFileSync(resolve(import.meta.dirname, '../src/formats/wwd/fixtures/tiny.wwd')),
);
// A level's header size, then nothing a level needs: the child's open fails.
const brokenWwd = Uint8Array.of(0xf4, 0x05, 0x00, 0x00, 1, 2, 3);

function outerArchive(): Uint8Array {
  return writeKiwad(
    [
      { name: 'Levels/broken.wwd', data: brokenWwd },
      { name: 'Levels/tiny.wwd', data: tinyWwd },
      { name: 'readme.txt', data: new TextEncoder().encode('levels inside') },
    ],
    { version: 2, flags: 1 },
  );
}

test('an entry that is a level opens as a nested file, with its level view', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'outer.wad', bytes: outerArchive() }]);
  await selectRow(page, /outer\.wad/, 'ArrowRight');
  await selectRow(page, /^Levels/, 'ArrowRight');
  await selectRow(page, /tiny\.wwd/);
  const details = page.getByRole('region', { name: /Details of Levels\/tiny\.wwd/ });
  await expect(details.getByText('WWD level')).toBeVisible();

  await page.getByTestId('open-nested').click();
  const nested = treeItem(page, /^tiny\.wwd/).and(page.locator('.tree-nested-file-row'));
  await expect(nested).toBeVisible();
  await expect(nested).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready');
  // The same entry again selects the child already open rather than a second copy.
  await selectRow(page, /tiny\.wwd/);
  await page.getByTestId('open-nested').click();
  await expect(page.locator('.tree-nested-file-row')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a broken nested file shows its error; its parent keeps working', async ({ page }) => {
  await page.goto('/');
  await dropFiles(page, [{ name: 'outer.wad', bytes: outerArchive() }]);
  await selectRow(page, /outer\.wad/, 'ArrowRight');
  await selectRow(page, /^Levels/, 'ArrowRight');
  const broken = await selectRow(page, /broken\.wwd/);
  await page.keyboard.press('Enter');
  const nested = page.locator('.tree-nested-file-row');
  await expect(nested).toHaveCount(1);
  await expect(nested.getByText('error')).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText(/broken\.wwd/);

  // The parent still reads its own entries.
  await broken.click();
  await selectRow(page, /readme\.txt/);
  await expect(page.getByText('levels inside')).toBeVisible();
  // Enter on a plain text entry opens nothing more: its preview is its row's already.
  await page.keyboard.press('Enter');
  await expect(page.getByText('levels inside')).toBeVisible();
  await expect(page.locator('.tree-nested-file-row')).toHaveCount(1);
  await expect(treeItem(page, /readme\.txt/)).toHaveAttribute('aria-selected', 'true');
});
