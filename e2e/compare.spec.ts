/**
 * Compare two archives in real Chromium: two KIWADs made by the writer (one entry added, one
 * removed, a changed text entry, a changed binary entry, one the same) dropped together,
 * compared through "Compare with…": counts, status toggles and the filter, the text change
 * as a line diff (pretty-printed), the binary change as a hex diff stepped through with n and
 * N, the CSV export byte for byte, the address following the change selected (Back and
 * Forward restore it), a link to a comparison of two remote files that opens it again
 * with the change selected, and two LatestFileLists, whose changed table is one row that
 * holds its records.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { MemoryByteSource } from '../src/binary/byte-source.ts';
import { readKiwad } from '../src/formats/kiwad/read.ts';
import { FILE_COLUMNS, dmlTable, writeDmlTables } from '../src/formats/dml/write.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { startFileServer, type FileServer } from './servers/file-server.ts';
import { collectPageErrors, downloadedBytes, dropFiles, treeItem } from './helpers.ts';

// Opening and comparing run in workers on a shared, loaded machine: wait long, never sleep.
const expect = baseExpect.configure({ timeout: 60_000 });
test.setTimeout(240_000);
const text = (value: string) => new TextEncoder().encode(value);

const blob = (changes: Record<number, number>) => {
  const bytes = new Uint8Array(64).map((_, at) => (at * 7) & 0x0f);
  for (const [at, value] of Object.entries(changes)) bytes[Number(at)] = value;
  return bytes;
};

const OLD = writeKiwad([
  { name: 'Data/config.xml', data: text('<config><speed>1</speed><name>a</name></config>') },
  { name: 'Data/blob.bin', data: blob({}) },
  { name: 'Data/same.txt', data: text('the same in both') },
  { name: 'gone.txt', data: text('only in the old one') },
]);
const NEW = writeKiwad([
  { name: 'Data/config.xml', data: text('<config><speed>2</speed><name>a</name></config>') },
  { name: 'Data/blob.bin', data: blob({ 5: 0xaa, 40: 0xbb, 41: 0xcc }) },
  { name: 'Data/same.txt', data: text('the same in both') },
  { name: 'added.txt', data: text('only in the new one') },
]);

/** The stored checksum of each entry, as 8 hex digits, read from the archive's table. */
async function crcs(bytes: Uint8Array): Promise<Map<string, string>> {
  const { value } = await readKiwad(new MemoryByteSource(bytes));
  return new Map(
    value.entries.map((entry) => [
      entry.name,
      (entry.crc >>> 0).toString(16).toUpperCase().padStart(8, '0'),
    ]),
  );
}

/** What the CSV export must hold: the changes shown, sorted by path, CRLF line ends. */
async function expectedCsv(): Promise<string> {
  const before = await crcs(OLD);
  const after = await crcs(NEW);
  return [
    'path,status,oldSize,newSize,oldCrc,newCrc',
    `Data/blob.bin,changed,64,64,${before.get('Data/blob.bin')},${after.get('Data/blob.bin')}`,
    `Data/config.xml,changed,47,47,${before.get('Data/config.xml')},${after.get('Data/config.xml')}`,
    `added.txt,added,,19,,${after.get('added.txt')}`,
    `gone.txt,removed,19,,${before.get('gone.txt')},`,
    '',
  ].join('\r\n');
}

/** How long a selection is kept to earn a history entry of its own (the app's is 1 s). */
const KEPT_MS = 1_300;
const search = (page: Page) => new URL(page.url()).search;

const diffRow = (page: Page, path: string) =>
  page.getByTestId('diff-tree').locator(`[data-testid="diff-row"][data-path="${path}"]`);

async function compareDropped(
  page: Page,
  [oldFile, newFile] = [
    { name: 'old.wad', bytes: OLD },
    { name: 'new.wad', bytes: NEW },
  ],
  state: 'Done' | 'Failed' = 'Done',
): Promise<void> {
  await page.goto('/');
  await dropFiles(page, [oldFile, newFile]);
  const fileRows = page.getByTestId('tree').locator('[role="treeitem"][aria-level="1"]');
  await expect(fileRows).toHaveCount(2);
  await expect(fileRows.nth(0)).not.toHaveAttribute('aria-busy', 'true');
  await expect(fileRows.nth(1)).not.toHaveAttribute('aria-busy', 'true');
  await treeItem(page, new RegExp(`^${oldFile.name.replace('.', '\\.')}`)).click();
  await page.getByTestId('compare-with').click();
  const picker = page.getByTestId('compare-picker');
  await expect(picker).toBeVisible();
  await picker.getByTestId('compare-candidate').filter({ hasText: newFile.name }).click();
  await expect(page.getByTestId('compare-state')).toHaveText(state);
}

test('two archives compared: counts, filters, a line diff, a hex diff and the CSV', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await compareDropped(page);
  await expect(page.getByTestId('diff-count-added')).toHaveText(/1 added/);
  await expect(page.getByTestId('diff-count-removed')).toHaveText(/1 removed/);
  await expect(page.getByTestId('diff-count-changed')).toHaveText(/2 changed/);
  await expect(page.getByTestId('diff-count-unchanged')).toHaveText(/1 unchanged/);
  // Unchanged rows are hidden until asked for.
  await expect(diffRow(page, 'Data/same.txt')).toHaveCount(0);
  await expect(diffRow(page, 'added.txt')).toHaveAttribute('data-status', 'added');
  await page.getByTestId('diff-count-unchanged').click();
  await expect(diffRow(page, 'Data/same.txt')).toHaveAttribute('data-status', 'unchanged');
  await page.getByTestId('diff-count-unchanged').click();
  await expect(diffRow(page, 'Data/same.txt')).toHaveCount(0);

  // The filter box narrows the rows by path.
  await page.getByTestId('diff-filter').fill('*.xml');
  await expect(diffRow(page, 'added.txt')).toHaveCount(0);
  await expect(diffRow(page, 'Data/blob.bin')).toHaveCount(0);
  await diffRow(page, 'Data/config.xml').click();
  const lines = page.getByTestId('line-diff');
  await expect(lines.locator('[data-kind="removed"]')).toHaveText([/<speed>1<\/speed>/]);
  await expect(lines.locator('[data-kind="added"]')).toHaveText([/<speed>2<\/speed>/]);
  // Pretty-printed as the text preview does: the unchanged element is a line of its own.
  await expect(
    lines.locator('[data-kind="same"]').filter({ hasText: '<name>a</name>' }),
  ).toHaveCount(1);

  await page.getByTestId('diff-filter').fill('');
  await diffRow(page, 'Data/blob.bin').click();
  const hex = page.getByTestId('hex-diff');
  const position = page.getByTestId('hex-diff-position');
  await expect(position).toHaveText('Change 1 of 2 at 0x5 (1 bytes)');
  await hex.focus();
  await page.keyboard.press('n');
  await expect(position).toHaveText('Change 2 of 2 at 0x28 (2 bytes)');
  await expect(hex.locator('mark.diff-byte-changed')).toHaveCount(6);
  await page.keyboard.press('Shift+N');
  await expect(position).toHaveText('Change 1 of 2 at 0x5 (1 bytes)');
  await expect(page.getByTestId('change-facts')).toContainText('64 bytes');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('diff-export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe('old-vs-new.diff.csv');
  expect(new TextDecoder().decode(await downloadedBytes(download))).toBe(await expectedCsv());
  expect(errors).toEqual([]);
});

test.describe('a link to a comparison of two remote files', () => {
  let server: FileServer;
  let folder: string;
  test.beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'delve-compare-e2e-'));
    writeFileSync(join(folder, 'old.wad'), OLD);
    writeFileSync(join(folder, 'new.wad'), NEW);
    server = await startFileServer({
      'old.wad': join(folder, 'old.wad'),
      'new.wad': join(folder, 'new.wad'),
    });
  });
  test.afterAll(async () => {
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('the address follows the change selected; Back and Forward restore it', async ({ page }) => {
    const oldUrl = server.url('ranges', 'old.wad');
    const newUrl = server.url('ranges', 'new.wad');
    const comparisonQuery = `?url=${oldUrl}&url=${newUrl}&diff=1`;
    await page.goto(`/?url=${encodeURIComponent(oldUrl)}&url=${encodeURIComponent(newUrl)}`);
    await expect(treeItem(page, /^new\.wad/)).not.toHaveAttribute('aria-busy', 'true');
    await treeItem(page, /^old\.wad/).click();
    await page.getByTestId('compare-with').click();
    await page.getByTestId('compare-candidate').click();
    await expect(page.getByTestId('compare-state')).toHaveText('Done');
    await expect.poll(() => search(page)).toBe(comparisonQuery);

    await diffRow(page, 'Data/config.xml').click();
    await expect.poll(() => search(page)).toBe(`${comparisonQuery}&change=Data/config.xml`);
    await expect(page.getByTestId('line-diff')).toBeVisible();
    // Kept long enough to earn its own entry (the app's rule is 1 s), then the next change.
    await page.waitForTimeout(KEPT_MS);
    await diffRow(page, 'Data/blob.bin').click();
    await expect.poll(() => search(page)).toBe(`${comparisonQuery}&change=Data/blob.bin`);
    await expect(page.getByTestId('hex-diff')).toBeVisible();

    await page.goBack();
    await expect(diffRow(page, 'Data/config.xml')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('line-diff').locator('[data-kind="added"]')).toHaveText([
      /<speed>2<\/speed>/,
    ]);
    await expect.poll(() => search(page)).toBe(`${comparisonQuery}&change=Data/config.xml`);
    await page.goForward();
    await expect(diffRow(page, 'Data/blob.bin')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('hex-diff')).toBeVisible();

    // Back past the comparison's own entry leaves it for the files; Forward compares again.
    await page.goBack();
    await page.goBack();
    await expect(page.locator('[data-testid="diff-row"][aria-selected="true"]')).toHaveCount(0);
    await expect.poll(() => search(page)).toBe(comparisonQuery);
    await page.goBack();
    await expect(page.getByTestId('compare-view')).toHaveCount(0);
    await expect(treeItem(page, /^old\.wad/)).toBeVisible();
    await page.goForward();
    await page.goForward();
    await expect(page.getByTestId('compare-state')).toHaveText('Done');
    await expect(diffRow(page, 'Data/config.xml')).toHaveAttribute('aria-selected', 'true');
  });

  test('opens the comparison again with the change selected', async ({ page }) => {
    const oldUrl = server.url('ranges', 'old.wad');
    const newUrl = server.url('ranges', 'new.wad');
    await page.goto(`/?url=${encodeURIComponent(oldUrl)}&url=${encodeURIComponent(newUrl)}`);
    await expect(treeItem(page, /^new\.wad/)).not.toHaveAttribute('aria-busy', 'true');
    await treeItem(page, /^old\.wad/).click();
    await page.getByTestId('compare-with').click();
    await page.getByTestId('compare-candidate').click();
    await expect(page.getByTestId('compare-state')).toHaveText('Done');
    await diffRow(page, 'Data/config.xml').click();
    const link = page.getByTestId('compare-link');
    await expect(link).toHaveAttribute('href', /diff=1&change=Data\/config\.xml$/);
    const href = await link.getAttribute('href');

    await page.goto(href!);
    await expect(page.getByTestId('compare-state')).toHaveText('Done');
    await expect(page.getByTestId('compare-old')).toHaveText('old.wad');
    await expect(diffRow(page, 'Data/config.xml')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('line-diff').locator('[data-kind="added"]')).toHaveText([
      /<speed>2<\/speed>/,
    ]);
  });
});

test('two LatestFileLists: a changed table is one row, selected by a click, opened by its twisty', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const file = (name: string, size: number, crc: number) => [name, '', 1, size, 0, 0, crc, 0];
  const list = (base: (string | number)[][]) =>
    writeDmlTables([
      dmlTable('About', [['Version', 'UINT']], [[1]]),
      dmlTable('Base', FILE_COLUMNS, base),
    ]);
  await compareDropped(page, [
    { name: 'old.bin', bytes: list([file('Bin/a.dll', 10, 1), file('Bin/b.dll', 20, 2)]) },
    {
      name: 'new.bin',
      bytes: list([file('Bin/a.dll', 10, 1), file('Bin/b.dll', 21, 7), file('Bin/c.dll', 5, 9)]),
    },
  ]);
  const table = diffRow(page, 'Base');
  await expect(table).toHaveCount(1);
  await expect(table).toHaveAttribute('data-status', 'changed');
  await expect(table).toHaveAttribute('aria-expanded', 'true');
  await expect(table.locator('.diff-row-counts')).toHaveText(/^changed · \+1 ~1/);
  await expect(diffRow(page, 'Base/Bin∕c.dll')).toHaveAttribute('data-status', 'added');
  // A click selects the table: its fields old and new.
  await table.click();
  await expect(page.getByTestId('fields-diff')).toBeVisible();
  await expect(table).toHaveAttribute('aria-selected', 'true');
  await expect(table).toHaveAttribute('aria-expanded', 'true');
  // Its twisty closes it, and the keyboard opens it again.
  await table.getByTestId('diff-twisty').click();
  await expect(table).toHaveAttribute('aria-expanded', 'false');
  await expect(diffRow(page, 'Base/Bin∕c.dll')).toHaveCount(0);
  await table.press('ArrowRight');
  await expect(diffRow(page, 'Base/Bin∕c.dll')).toHaveAttribute('data-status', 'added');
  expect(errors).toEqual([]);
});

test('a file read only in part is not compared: the reason once, with its offset, no counts', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const full = writeKiwad(
    Array.from({ length: 6 }, (_, i) => ({ name: `part/file${i}.txt`, data: text(`file ${i}`) })),
  );
  await compareDropped(
    page,
    [
      { name: 'old.wad', bytes: OLD },
      { name: 'cut.wad', bytes: full.subarray(0, 150) },
    ],
    'Failed',
  );
  const failure = page.getByTestId('compare-error');
  await expect(failure).toContainText('The files could not be compared.');
  await expect(failure).toContainText(/cut\.wad was read only in part/);
  // The code and offset once, not repeated after the file's name.
  await expect(failure).toHaveText(/^[^]*? at 0x[0-9A-F]+: cut\.wad was read only in part[^]*$/);
  await expect(failure).not.toHaveText(/cut\.wad was read only in part[^]* at 0x[0-9A-F]+:/);
  await expect(page.getByTestId('diff-count-added')).toHaveCount(0);
  await expect(page.getByTestId('diff-tree')).toHaveCount(0);
  await expect(page.getByTestId('diff-export-csv')).toBeDisabled();
  expect(errors).toEqual([]);
});
