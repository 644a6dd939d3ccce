/**
 * Spare decoders (src/worker/rpc/client.ts): a page starts one decoder worker ahead of time
 * and warms it up, the next file opens in it, and a replacement follows once that file's
 * decoder is quiet. The other specs run with spares off (playwright.config.ts stores the
 * setting): a test run measures no first-open latency, and the warm-ups' CPU slowed it.
 */
import { expect, test, type Page } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { dropFiles, treeItem } from './helpers.ts';

const archive = () =>
  writeKiwad([{ name: 'notes.txt', data: new TextEncoder().encode('spare decoders\n') }]);

/** The names of the page's decoder workers, in the order they started. */
function decoderNames(page: Page): Promise<string[]> {
  const decoders = page.workers().filter((worker) => worker.url().includes('decoder.worker'));
  return Promise.all(decoders.map((worker) => worker.evaluate(() => self.name)));
}

const warmUps = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('delve:decoder-warm').length);

test.describe('with spares on', () => {
  // No stored setting: spares as a person's browser has them.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a warmed spare takes the first file, and a new spare warms up after it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect.poll(() => warmUps(page), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => decoderNames(page)).toEqual(['delve-decoder-spare']);

    await dropFiles(page, [{ name: 'spare.wad', bytes: archive() }]);
    await expect(treeItem(page, /notes\.txt/)).toBeVisible();
    // The file opened in the spare: no decoder of its own was started for it. Once the
    // file's decoder has been quiet a moment, the next spare starts and warms up.
    await expect.poll(() => warmUps(page), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => decoderNames(page))
      .toEqual(['delve-decoder-spare', 'delve-decoder-spare']);
  });
});

test('with spares off, nothing is warmed ahead and a file starts its own decoder', async ({
  page,
}) => {
  await page.goto('/');
  await dropFiles(page, [{ name: 'own.wad', bytes: archive() }]);
  await expect(treeItem(page, /notes\.txt/)).toBeVisible();
  await expect.poll(() => decoderNames(page)).toEqual(['delve-decoder']);
  // Past the moment a replacement spare would have started (the file's decoder quiet for a
  // second), a second file also starts a decoder of its own: none was made ready for it.
  await page.waitForTimeout(2_000);
  await dropFiles(page, [{ name: 'second.wad', bytes: archive() }]);
  await expect(treeItem(page, /second\.wad/)).toBeVisible();
  await expect.poll(() => decoderNames(page)).toEqual(['delve-decoder', 'delve-decoder']);
  await expect.poll(() => warmUps(page)).toBe(0);
});
