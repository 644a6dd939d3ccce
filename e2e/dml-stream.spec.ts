/**
 * A DML list shown while it is read, and a grid's state in links, end to end. The list is
 * made by the format's own generator and writer. Opened under a name the fault build reads as
 * "stall past the first MiB" (worker/rpc/faults.ts), its open never ends: what shows then
 * shows mid-open, with no timing involved — the first table's rows, the note that the file is
 * still read, and a find and an export of every record waiting for the rest. A grid's table,
 * sort and filter go into the page's link and come back when the link is opened.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { generateLatestFileList } from '../src/formats/dml/generate.ts';
import type { DmlTableDraft } from '../src/formats/dml/types.ts';
import { writeDmlTables } from '../src/formats/dml/write.ts';
import { collectPageErrors, dropFiles, firstGridRows as firstRows, selectRow } from './helpers.ts';

/** The machine is shared and busy: answers may take a while, never forever. */
const expect = baseExpect.configure({ timeout: 30_000 });
const counts = new Intl.NumberFormat('en-US');

/** `_TableList` (6,003 records, ~190 KB), `About`, `Base`, `PatchClient`, 6,000 WAD tables: ~1.6 MB. */
const drafts = generateLatestFileList({ seed: 5, wadCount: 6000, baseCount: 300 });
const bytes = writeDmlTables(drafts);
const BASE = 2;
const SIZE = 3;

/** Row indexes of `table` sorted by a number column (ties keep file order). */
function sortedRows(table: DmlTableDraft, column: number, descending: boolean): number[] {
  const key = (row: number) => table.records[row]!.values[column] as number;
  const rows = table.records.map((_, row) => row);
  return rows.sort((a, b) => (descending ? key(b) - key(a) : key(a) - key(b)) || a - b);
}

test.describe('DML list while it is read', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the first table's rows show while the open is still reading", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [{ name: 'DELVE-FAULT-STALL-list.bin', bytes }]);
    // The file is selected as it opens: its grid comes with the tables read so far.
    const pane = page.getByTestId('grid-pane');
    await expect(pane).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('grid-reading')).toBeVisible();
    await expect(page.getByTestId('grid-title')).toHaveText('_TableList');
    await expect(page.getByTestId('grid-table').nth(0)).toHaveText(
      `_TableList${counts.format(drafts[0]!.records.length)}`,
    );
    await expect.poll(() => firstRows(page, 5)).toEqual([0, 1, 2, 3, 4]);
    const firstRow = page.locator('[data-testid="grid-row"][data-position="0"]');
    await expect(firstRow.getByRole('gridcell').nth(1)).toHaveText(
      String(drafts[0]!.records[0]!.values[0]),
    );
    // A table after the first, read from the first slice too, sorts at once.
    await page.getByTestId('grid-table').nth(BASE).click();
    await expect(page.getByTestId('grid-title')).toHaveText('Base');
    const sizeHeader = page.getByRole('columnheader', { name: 'Size', exact: true });
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'ascending');
    const ascending = sortedRows(drafts[BASE]!, SIZE, false);
    await expect.poll(() => firstRows(page, 5)).toEqual(ascending.slice(0, 5));

    // A find in every table and an export of every record wait for the rest of the file.
    await page.getByTestId('grid-find-input').fill('Data/GameData');
    await expect(page.getByTestId('grid-find-results')).toContainText(
      'Searching once the whole file is read…',
    );
    await page.getByTestId('grid-find-input').fill('');
    await page.getByTestId('grid-export-all-csv').click();
    await expect(page.getByTestId('grid-export-all-status')).toContainText('Making the CSV');
    await page.getByTestId('grid-export-all-cancel').click();
    await expect(page.getByTestId('grid-export-all-csv')).toBeEnabled();
    // Still reading: the open never ends, and the page answers all the while.
    await expect(page.getByTestId('grid-reading')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a grid's table, sort and filter travel in its link and come back", async ({
    page,
    context,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [{ name: 'LatestFileList.bin', bytes }]);
    await selectRow(page, /^LatestFileList\.bin$/);
    await expect(page.getByTestId('grid-pane')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('grid-reading')).toHaveCount(0);
    await page.getByTestId('grid-table').nth(BASE).click();
    await expect(page.getByTestId('grid-title')).toHaveText('Base');
    const sizeHeader = page.getByRole('columnheader', { name: 'Size', exact: true });
    await sizeHeader.getByRole('button').click();
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'descending');
    await page.getByTestId('grid-filter').fill('bin/');
    const params = () => new URL(page.url()).searchParams;
    await expect.poll(() => params().get('view.table')).toBe(String(BASE));
    await expect.poll(() => params().get('view.sort')).toBe(String(SIZE));
    await expect.poll(() => params().get('view.order')).toBe('desc');
    await expect.poll(() => params().get('view.filter')).toBe('bin/');
    const link = page.url();

    const opened = await context.newPage();
    const openedErrors = collectPageErrors(opened);
    await opened.goto(link);
    await opened.getByTestId('link-file-input').setInputFiles({
      name: 'LatestFileList.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(bytes),
    });
    await expect(opened.getByTestId('grid-title')).toHaveText('Base');
    const openedHeader = opened.getByRole('columnheader', { name: 'Size', exact: true });
    await expect(openedHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(opened.getByTestId('grid-filter')).toHaveValue('bin/');
    const base = drafts[BASE]!;
    const kept = sortedRows(base, SIZE, true).filter((row) =>
      base.records[row]!.values.some((value) =>
        String(value ?? '')
          .toLowerCase()
          .includes('bin/'),
      ),
    );
    await expect.poll(() => firstRows(opened, 3)).toEqual(kept.slice(0, 3));
    // Restored exactly: the page's own link reads as the one it was opened with.
    await expect.poll(() => opened.url()).toBe(link);
    expect(errors).toEqual([]);
    expect(openedErrors).toEqual([]);
  });
});
