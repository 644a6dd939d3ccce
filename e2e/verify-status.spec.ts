/**
 * What Verify all says must be earned: a file reads "✓ verified" only when every entry is
 * ok; an index without its volume, or a build with an unsupported entry, says what its
 * entries are. Adding the missing volume refreshes the states it changes, without a click.
 * Entries whose content cannot be read cannot be downloaded (the button says why), say so
 * once, and show the bytes that are stored where a source holds them. Verify all and
 * Download all cover every open file. Inputs are made by the formats' own writers.
 */
import { expect as baseExpect, test, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { makeWowsGameFolder, wowsGameFolderIndexes } from '../src/formats/wows/game-folder.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  selectRow,
  sha256,
  treeItem,
} from './helpers.ts';

// Opening and verifying run in workers that share a loaded machine: wait long, never sleep.
const expect = baseExpect.configure({ timeout: 20_000 });

const text = (value: string) => new TextEncoder().encode(value);

const game = makeWowsGameFolder({ olderBuild: null, newerPartialBuild: null });
const gameFile = (name: string) => {
  const file = game.find((one) => one.path.endsWith(`/${name}`));
  if (!file) throw new Error(`the game folder has no ${name}`);
  return { name, bytes: file.bytes };
};
const INDEX = gameFile('system_data.idx');
const VOLUME = gameFile('system_data_0001.pkg');
/** The index's entries: four, one of them of type 6 (content/lesta/packed.dat). */
const ENTRY_COUNT = 4;
const PACKED = 'content/lesta/packed.dat';
/** packed.dat's blob as the .pkg stores it: the writer keeps a type-6 entry's bytes as given. */
const PACKED_BYTES = wowsGameFolderIndexes()
  .flatMap((index) => index.files)
  .find((file) => file.path === PACKED)!.bytes;
/** `4C 5A 00 …`, as a hex row shows bytes. */
const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');

const wadA = writeKiwad([
  { name: 'Data/one.txt', data: text('the first file of a') },
  { name: 'two.txt', data: text('the second file of a') },
]);
const wadB = writeKiwad([{ name: 'only.txt', data: text('all that b holds') }]);

/** The tree's rows of opened files. */
const fileRows = (page: Page) =>
  page.getByTestId('tree').locator('[role="treeitem"][aria-level="1"]');
const fileRow = (page: Page, name: RegExp) => fileRows(page).filter({ hasText: name });

/** Drops files and waits until the `count` files they open are read. */
async function dropAndOpen(
  page: Page,
  files: { name: string; bytes: Uint8Array }[],
  count: number,
) {
  await dropFiles(page, files);
  await expect(fileRows(page)).toHaveCount(count);
  for (let at = 0; at < count; at++) {
    await expect(fileRows(page).nth(at)).not.toHaveAttribute('aria-busy', 'true');
  }
}

const exactly = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Expands the folders on an entry's path, one by one, and selects the entry. */
async function selectEntry(page: Page, path: string): Promise<void> {
  const parts = path.split('/');
  for (const folder of parts.slice(0, -1)) {
    const row = treeItem(page, exactly(folder));
    await expect(row).toBeVisible();
    if ((await row.getAttribute('aria-expanded')) !== 'true') {
      await selectRow(page, exactly(folder), 'ArrowRight');
    }
    await expect(row).toHaveAttribute('aria-expanded', 'true');
  }
  const name = parts.at(-1)!;
  await expect(treeItem(page, exactly(name))).toBeVisible();
  await selectRow(page, exactly(name));
}

test.beforeEach(async ({ page }) => {
  test.slow();
  await page.goto('/');
});

test('an index without its volume is not "verified"; adding the volume refreshes its states', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await dropAndOpen(page, [INDEX], 1);
  const row = fileRows(page).first();
  await expect(page.getByTestId('verify-all')).toBeEnabled();
  await page.getByTestId('verify-all').click();
  const summary = page.getByTestId('verify-summary');
  await expect(summary).toHaveText(`0 ok, 0 mismatched, 0 unpatched, ${ENTRY_COUNT} missing`);
  await expect(row).toContainText(`${ENTRY_COUNT} missing`);
  await expect(row).not.toContainText('verified');

  // The volume dropped afterwards joins the session: nothing is missing any more, and
  // nothing is checked yet either (type 6 is known unsupported without reading it).
  await dropFiles(page, [VOLUME]);
  await expect(summary).toHaveText(
    `0 ok, 0 mismatched, 0 unpatched, 1 unsupported, ${ENTRY_COUNT - 1} unchecked`,
  );
  await expect(row).toContainText(`1 unsupported, ${ENTRY_COUNT - 1} unchecked`);
  await selectEntry(page, 'gui/fonts/readme.txt');
  await expect(treeItem(page, exactly('readme.txt'))).toContainText('unchecked');

  // Verified again: every entry that can be checked is ok, and the one unsupported entry
  // still keeps the file from "verified".
  await page.getByTestId('verify-all').click();
  await expect(summary).toHaveText(
    `${ENTRY_COUNT - 1} ok, 0 mismatched, 0 unpatched, 1 unsupported`,
  );
  await expect(row).toContainText('1 unsupported');
  await expect(row).not.toContainText('verified');
  await expect(treeItem(page, exactly('readme.txt'))).toContainText('✓ ok');
  expect(errors).toEqual([]);
});

test('an unsupported entry: Download disabled with why, said once, its stored bytes in hex', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await dropAndOpen(page, [INDEX, VOLUME], 1);
  await selectEntry(page, PACKED);
  const download = page.getByTestId('download');
  await expect(download).toBeDisabled();
  await expect(download).toHaveAttribute('title', /unsupported compression \(type 6/);
  await expect(page.getByTestId('open-nested')).toBeDisabled();
  // The reason once on the page, not in a preview, a hex view and a checksum panel each.
  await expect(page.getByTestId('preview-error')).toHaveCount(1);
  await expect(page.getByTestId('preview-error')).toContainText('unsupported compression (type 6');
  await expect(page.getByText(/unsupported compression \(type 6/)).toHaveCount(1);
  await expect(page.getByTestId('checksums')).toHaveCount(0);
  // The blob as the .pkg stores it: 200 bytes, shown in hex, never `??`.
  const stored = page.getByTestId('stored-bytes');
  await expect(stored).toContainText('200 bytes, as stored');
  const firstRow = stored.getByTestId('hex-row').first();
  await expect(firstRow).toContainText(hexOf(PACKED_BYTES.subarray(0, 8)));
  await expect(firstRow).toContainText(hexOf(PACKED_BYTES.subarray(8, 16)));
  await expect(stored.getByTestId('hex-view')).not.toContainText('??');
  // Enter on its row opens nothing, and no banner repeats the reason.
  await selectRow(page, exactly('packed.dat'), 'Enter');
  await expect(fileRows(page)).toHaveCount(1);
  await expect(page.getByText(/unsupported compression \(type 6/)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('an entry of a missing volume: Download disabled, why said once, no bytes to show', async ({
  page,
}) => {
  await dropAndOpen(page, [INDEX], 1);
  await selectEntry(page, 'gui/fonts/readme.txt');
  await expect(page.getByTestId('download')).toBeDisabled();
  await expect(page.getByTestId('download')).toHaveAttribute('title', /system_data_0001\.pkg/);
  await expect(page.getByTestId('preview-error')).toHaveCount(1);
  await expect(page.getByTestId('preview-error')).toContainText('system_data_0001.pkg');
  await expect(page.getByText(/system_data_0001\.pkg, which is not open/)).toHaveCount(1);
  await expect(page.getByTestId('hex-view')).toHaveCount(0);
  await expect(page.getByTestId('checksums')).toHaveCount(0);

  // Once the volume is there, the same entry downloads.
  await dropFiles(page, [VOLUME]);
  await expect(page.getByTestId('download')).toBeEnabled();
  await expect(page.getByTestId('preview-pane')).toContainText('Fonts are licensed separately.');
});

test('Verify all and Download all cover every open file, with a summary per file', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await dropAndOpen(
    page,
    [
      { name: 'a.wad', bytes: wadA },
      { name: 'b.wad', bytes: wadB },
    ],
    2,
  );
  await dropAndOpen(page, [INDEX], 3);
  // Whatever is selected, "all" is every open file.
  await selectRow(page, /^b\.wad/);
  await page.getByTestId('verify-all').click();
  const perFile = page.getByTestId('verify-file-summary');
  await expect(perFile).toHaveCount(3);
  await expect(perFile.filter({ hasText: 'a.wad' })).toContainText('✓ verified');
  await expect(perFile.filter({ hasText: 'b.wad' })).toContainText('✓ verified');
  await expect(perFile.filter({ hasText: 'system_data' })).toContainText(`${ENTRY_COUNT} missing`);
  await expect(fileRow(page, /^a\.wad/)).toContainText('✓ verified');
  await expect(fileRow(page, /^b\.wad/)).toContainText('✓ verified');
  await expect(fileRow(page, /system_data/)).toContainText(`${ENTRY_COUNT} missing`);

  // One .zip, each file under a folder of its name; what cannot be read is left out and said.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('download-zip').click();
  const zip: Download = await downloading;
  expect(zip.suggestedFilename()).toBe('open-files.zip');
  const unzipped = unzipSync(await downloadedBytes(zip));
  expect(Object.keys(unzipped).sort()).toEqual([
    'a.wad/Data/one.txt',
    'a.wad/two.txt',
    'b.wad/only.txt',
  ]);
  expect(sha256(unzipped['a.wad/Data/one.txt']!)).toBe(sha256(text('the first file of a')));
  expect(sha256(unzipped['a.wad/two.txt']!)).toBe(sha256(text('the second file of a')));
  expect(sha256(unzipped['b.wad/only.txt']!)).toBe(sha256(text('all that b holds')));
  await expect(
    page.getByText(
      /open-files\.zip: a\.wad: 2 entries; b\.wad: 1 entry; .*0 entries, 4 entries left out/,
    ),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
