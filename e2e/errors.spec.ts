import { expect, test } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { dropFiles, fixture, hasFixtures, selectRow, treeItem } from './helpers.ts';

const text = (value: string) => new TextEncoder().encode(value);

function goodArchive(): Uint8Array {
  return writeKiwad([
    { name: 'ok/alpha.txt', data: text('alpha content') },
    { name: 'ok/beta.txt', data: text('beta content') },
  ]);
}

test('a truncated archive shows a clear error with its offset while the other file keeps working', async ({
  page,
}) => {
  await page.goto('/');
  const full = writeKiwad(
    Array.from({ length: 6 }, (_, i) => ({ name: `part/file${i}.txt`, data: text(`file ${i}`) })),
  );
  // Cut inside the journal: the first records are still readable.
  await dropFiles(page, [
    { name: 'good.wad', bytes: goodArchive() },
    { name: 'cut.wad', bytes: full.subarray(0, 150) },
  ]);
  const error = page.getByTestId('file-error').filter({ hasText: 'cut.wad' });
  await expect(error).toBeVisible();
  await expect(error).toContainText(/0x[0-9A-F]+/);

  await selectRow(page, /good\.wad/, 'ArrowRight');
  await selectRow(page, /^ok/, 'ArrowRight');
  await selectRow(page, /beta\.txt/);
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText('beta content');
});

test('oob.wad fails as out of bounds and does not disturb the good file', async ({ page }) => {
  test.skip(!hasFixtures, '../shared/fixtures is not present next to the project');
  await page.goto('/');
  await dropFiles(page, [{ name: 'good.wad', bytes: goodArchive() }]);
  await expect(treeItem(page, /good\.wad/)).toBeVisible();
  await dropFiles(page, [{ name: 'oob.wad', bytes: fixture('kiwad/oob.wad') }]);
  const error = page.getByTestId('file-error').filter({ hasText: 'oob.wad' });
  await expect(error).toContainText(/out of bounds at 0xE/i);
  // Its entry points past the end: it says so once, with the numbers, and offers no download.
  await selectRow(page, /oob\.wad/, 'ArrowRight');
  await selectRow(page, /^a/);
  await expect(page.getByTestId('preview-error')).toHaveText(
    'Its content cannot be shown: its data ends past end of file (0x270F + 100 bytes = 0x2773, file size 0x25)',
  );
  await expect(page.getByTestId('download')).toBeDisabled();

  await selectRow(page, /good\.wad/);
  await page.getByTestId('verify-all').click();
  await expect(page.getByTestId('verify-summary')).toContainText(/2 ok/);
});
