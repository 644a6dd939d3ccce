/**
 * A decoder that hangs, dies or throws costs only its own file. These inputs use the fault
 * injection of the e2e build (src/worker/faults.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { dropFiles, selectRow, treeItem } from './helpers.ts';

const text = (value: string) => new TextEncoder().encode(value);

async function openGoodFile(page: Page): Promise<void> {
  await page.goto('/');
  const good = writeKiwad([
    { name: 'keep/one.txt', data: text('still readable one') },
    { name: 'keep/two.txt', data: text('still readable two') },
  ]);
  await dropFiles(page, [{ name: 'good.wad', bytes: good }]);
  await expect(treeItem(page, /good\.wad/)).toBeVisible();
}

async function goodFileStillWorks(page: Page): Promise<void> {
  await selectRow(page, /good\.wad/);
  await page.getByTestId('verify-all').click();
  await expect(page.getByTestId('verify-summary')).toContainText(/2 ok/);
  await selectRow(page, /^keep/, 'ArrowRight');
  await selectRow(page, /two\.txt/);
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText('still readable two');
}

test('a hanging decoder is stopped by the watchdog; the other file keeps working', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await openGoodFile(page);
  await dropFiles(page, [{ name: 'hang.bin', bytes: text('DELVE-FAULT:HANG and more bytes') }]);
  const error = page.getByTestId('file-error').filter({ hasText: 'hang.bin' });
  await expect(error).toContainText(/no answer/, { timeout: 25_000 });
  // The stopped worker can be replaced by a fresh one.
  await expect(error.getByTestId('reopen-file')).toBeVisible();
  await goodFileStillWorks(page);
});

test('a worker that dies is reported for its file only', async ({ page }) => {
  test.setTimeout(45_000);
  await openGoodFile(page);
  await dropFiles(page, [{ name: 'die.bin', bytes: text('DELVE-FAULT:DIE') }]);
  const error = page.getByTestId('file-error').filter({ hasText: 'die.bin' });
  await expect(error).toBeVisible({ timeout: 25_000 });
  await goodFileStillWorks(page);
});

test('a decoder bug comes back as an error for that file', async ({ page }) => {
  await openGoodFile(page);
  await dropFiles(page, [{ name: 'throw.bin', bytes: text('DELVE-FAULT:THROW') }]);
  const error = page.getByTestId('file-error').filter({ hasText: 'throw.bin' });
  await expect(error).toContainText(/injected fault/i);
  await goodFileStillWorks(page);
});
