import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import {
  collectPageErrors,
  demoWad,
  downloadedBytes,
  kiwadContents,
  selectRow,
  sha256,
  openKiwadSample,
  treeItem,
} from './helpers.ts';

test.describe('the demo sample', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await openKiwadSample(page);
  });

  test('expands, filters and selects; hex shows the entry bytes', async ({ page }) => {
    const errors = collectPageErrors(page);
    const contents = await kiwadContents(demoWad());
    await expect(treeItem(page, /^Textures/)).toBeVisible();
    await selectRow(page, /^Textures/, 'ArrowRight');
    await expect(treeItem(page, /^UI/)).toBeVisible();

    await page.getByTestId('filter').fill('*.png');
    await expect(treeItem(page, /logo\.png/)).toBeVisible();
    await expect(treeItem(page, /readme\.txt/)).toHaveCount(0);
    await expect(page.getByTestId('match-count')).toContainText('3');
    await page.getByTestId('filter').fill('');
    await expect(treeItem(page, /readme\.txt/)).toBeVisible();

    await selectRow(page, /readme\.txt/);
    await page.getByTestId('preview-tab-hex').click();
    const readme = contents.get('readme.txt')!;
    const firstRow = page.getByTestId('hex-row').first();
    const expectedHex = Array.from(readme.subarray(0, 16), (byte) =>
      byte.toString(16).toUpperCase().padStart(2, '0'),
    ).join(' ');
    await expect(firstRow).toContainText(expectedHex);
    await expect(firstRow).toContainText('00000000');

    // Go to offset moves to the row holding that byte.
    await page.getByTestId('hex-goto').fill('0x40');
    await page.getByTestId('hex-goto').press('Enter');
    await expect(page.locator('[data-testid="hex-row"][data-offset="64"]')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('downloads an entry and a zip that are byte-identical to their sources', async ({
    page,
  }) => {
    const contents = await kiwadContents(demoWad());
    await selectRow(page, /^Data/, 'ArrowRight');
    await selectRow(page, /^GameData/, 'ArrowRight');
    await selectRow(page, /^Quests/, 'ArrowRight');
    await selectRow(page, /intro\.json/);
    const entryDownload = page.waitForEvent('download');
    await page.getByTestId('download').click();
    const entry = await entryDownload;
    expect(entry.suggestedFilename()).toBe('intro.json');
    expect(sha256(await downloadedBytes(entry))).toBe(
      sha256(contents.get('Data/GameData/Quests/intro.json')!),
    );

    await selectRow(page, /demo\.wad/);
    const zipDownload = page.waitForEvent('download');
    await page.getByTestId('download-zip').click();
    const zip = await zipDownload;
    const unzipped = unzipSync(await downloadedBytes(zip));
    expect(Object.keys(unzipped).sort()).toEqual([...contents.keys()].sort());
    for (const [path, bytes] of contents) expect(sha256(unzipped[path]!), path).toBe(sha256(bytes));
  });

  test('previews audio that plays, and an image', async ({ page }) => {
    await selectRow(page, /^Audio/, 'ArrowRight');
    await selectRow(page, /theme\.wav/);
    const audio = page.getByTestId('audio-view');
    await expect(audio.locator('audio')).toHaveAttribute('src', /^blob:/);
    // The browser read its length: it can play it (a file that only looks like audio fails).
    await expect(audio.locator('.audio-facts')).toContainText(/^audio\/wav · .+ · 0:01$/);
    await expect(audio.getByRole('alert')).toHaveCount(0);
    await selectRow(page, /^Sfx/, 'ArrowRight');
    await selectRow(page, /click\.wav/);
    await expect(audio.locator('.audio-facts')).toContainText(/ · 0:00$/);
    await expect(audio.getByRole('alert')).toHaveCount(0);
    await selectRow(page, /^Textures/, 'ArrowRight');
    await selectRow(page, /^Characters/, 'ArrowRight');
    await selectRow(page, /wizard_icon\.png/);
    await expect(page.getByTestId('image-size')).toContainText(/\d+ × \d+ px/);
  });

  test('verify all reports every entry ok', async ({ page }) => {
    await selectRow(page, /demo\.wad/);
    await page.getByTestId('verify-all').click();
    await expect(page.getByTestId('verify-summary')).toContainText(/19 ok/);
    await expect(page.getByTestId('verify-summary')).toContainText(/0 mismatch/);
    await selectRow(page, /^Audio/, 'ArrowRight');
    await expect(treeItem(page, /theme\.wav/)).toContainText(/ok/i);
  });
});
