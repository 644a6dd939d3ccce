/**
 * The DML tables view end to end: `LatestFileList.bin` lists made by the format's own
 * generator and writer, dropped on the page. The tables show with their record counts; a
 * table sorts both ways and filters; the find across every table jumps to a row of another
 * table; a record picked in the grid (by mouse or keyboard) and a table picked in the tree
 * show their bytes highlighted, and so does a cell chosen in a record's row (its field's); exports are compared byte for byte with text made here from
 * the generator's tables. Every check waits for the page (web-first assertions, polls).
 */
import { expect as baseExpect, test, type Download, type Page } from '@playwright/test';
import { recordFieldSpans } from '../src/formats/dml/field-spans.ts';
import { generateLatestFileList } from '../src/formats/dml/generate.ts';
import { parseDmlTables } from '../src/formats/dml/read.ts';
import type { DmlTableDraft, DmlValue } from '../src/formats/dml/types.ts';
import { writeDmlTables } from '../src/formats/dml/write.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  expandRow,
  firstGridRows as firstRows,
  highlightedRange,
  selectRow,
  treeItem,
} from './helpers.ts';

/** The machine is shared and busy: answers may take a while, never forever. */
const expect = baseExpect.configure({ timeout: 20_000 });

const FILE_NAME = 'LatestFileList.bin';
const BASE = 2;
const SIZE = 3;
const CRC = 6;

/** `_TableList`, `About`, `Base` (3,000 records), `PatchClient` (8), then 40 WAD tables. */
const drafts = generateLatestFileList({ seed: 7, wadCount: 40, baseCount: 3000 });
const bytes = writeDmlTables(drafts);
const { tables } = parseDmlTables(bytes).value;

const nameOf = (table: DmlTableDraft) => table.fields[0]!.target!;
const columnsOf = (table: DmlTableDraft) => table.fields.slice(1).map((field) => field.name);
const valuesOf = (table: DmlTableDraft, row: number) => table.records[row]!.values;
const counts = new Intl.NumberFormat('en-US');

/** Row indexes of `table` in the order the grid sorts by `column` (ties keep file order). */
function sortedRows(table: DmlTableDraft, column: number, descending: boolean): number[] {
  const rows = table.records.map((_, row) => row);
  const key = (row: number) => valuesOf(table, row)[column] as number;
  return rows.sort((a, b) => (descending ? key(b) - key(a) : key(a) - key(b)) || a - b);
}

/** An RFC 4180 field, quoted where it must be. */
function csvField(value: DmlValue | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One table as CSV: its field names, then a line per record, CRLF after each. */
function tableCsv(table: DmlTableDraft): string {
  const lines = [
    columnsOf(table).join(','),
    ...table.records.map((record) => record.values.map(csvField).join(',')),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}

/** Every record as JSON: an array of `{table, values}`, one record a line. */
function allRecordsJson(): string {
  const items = drafts.flatMap((table) =>
    table.records.map((record) => {
      const values = Object.fromEntries(
        columnsOf(table).map((column, at) => [column, record.values[at] ?? null]),
      );
      return JSON.stringify({ table: nameOf(table), values });
    }),
  );
  return `[\n${items.map((item) => `  ${item}`).join(',\n')}\n]\n`;
}

async function openList(page: Page, name: string, file: Uint8Array): Promise<void> {
  await page.goto('/');
  await dropFiles(page, [{ name, bytes: file }]);
  await selectRow(page, new RegExp(`^${name.replace('.', '\\.')}$`));
  await expect(page.getByTestId('grid-pane')).toHaveAttribute('data-state', 'ready');
}

async function showTable(page: Page, index: number, name: string): Promise<void> {
  await page.getByTestId('grid-table').nth(index).click();
  await expect(page.getByTestId('grid-title')).toHaveText(name);
}

/** The tree's selected row. */
const selectedTreeRow = (page: Page) =>
  page.getByTestId('tree').locator('[role="treeitem"][aria-selected="true"]');

/** The record's node, as the tree names it: its index, then its file name (`/` as `∕`). */
const recordName = (table: DmlTableDraft, row: number) =>
  `${row} ${String(valuesOf(table, row)[0]).replaceAll('/', '\u2215')}`;

const spanOf = (table: number, row?: number): [number, number] => {
  const { span } = row === undefined ? tables[table]! : tables[table]!.records[row]!;
  return [span.offset, span.offset + span.length];
};

/** The bytes of a field of a record, as the hex view writes them (`0A`), and where they are. */
function fieldOf(table: number, row: number, column: number) {
  const span = recordFieldSpans(bytes, tables[table]!, tables[table]!.records[row]!)[column]!;
  const held = [...bytes.subarray(span.offset, span.offset + span.length)];
  return {
    range: [span.offset, span.offset + span.length],
    hex: held.map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')),
  };
}

/** The hex view's highlighted bytes, as it shows them, in offset order. */
async function highlightedHex(page: Page): Promise<string[]> {
  return page
    .getByTestId('section-hex')
    .evaluate((section) =>
      [...section.querySelectorAll<HTMLElement>('[data-testid="hex-row"]')]
        .sort((a, b) => Number(a.dataset['offset']) - Number(b.dataset['offset']))
        .flatMap((row) =>
          [...row.querySelectorAll('.hex-bytes > .hex-cell--highlight')].map(
            (cell) => cell.textContent ?? '',
          ),
        ),
    );
}

/**
 * What is wrong with the grid's headers as laid out (none: all is well): a label whose text
 * starts left of its header (cut on the left), one cut short without an ellipsis, or a sort
 * button whose title does not give the whole label.
 */
async function headerProblems(page: Page): Promise<string[]> {
  return page.getByTestId('grid').evaluate((grid) => {
    const problems: string[] = [];
    for (const button of grid.querySelectorAll<HTMLElement>('[data-testid="grid-sort"]')) {
      const header = button.closest('[role="columnheader"]')!.getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents(button);
      const label = button.querySelector<HTMLElement>('.grid-sort-label');
      // The label without the sort's mark.
      const name = (label ?? button).textContent ?? '';
      if (text.getBoundingClientRect().left < header.left - 0.5) {
        problems.push(`${name}: cut on the left`);
      }
      if (!button.title.startsWith(`${name} (`)) problems.push(`${name}: titled ${button.title}`);
      if (
        label &&
        label.scrollWidth > label.clientWidth &&
        getComputedStyle(label).textOverflow !== 'ellipsis'
      ) {
        problems.push(`${name}: cut without an ellipsis`);
      }
    }
    return problems;
  });
}

/**
 * What is wrong with the pinned columns (none: all is well): the row number and the first
 * column, in the header and in the row at `position`, not at the grid's left edge (and just
 * after the row number), or covered by the cells that scroll under them.
 */
async function pinnedProblems(page: Page, position: number): Promise<string[]> {
  return page.getByTestId('grid').evaluate((grid, at) => {
    const problems: string[] = [];
    const left = grid.getBoundingClientRect().left + grid.clientLeft;
    const rows = [
      grid.querySelector('[role="row"][aria-rowindex="1"]'),
      grid.querySelector(`[data-testid="grid-row"][data-position="${at}"]`),
    ];
    for (const row of rows) {
      const cells = row
        ? [...row.querySelectorAll('[role="gridcell"], [role="columnheader"]')]
        : [];
      if (!row || cells.length < 2) {
        problems.push('no row');
        continue;
      }
      const [index, key] = cells.slice(0, 2).map((cell) => cell.getBoundingClientRect());
      const name = `row ${row.getAttribute('aria-rowindex')}`;
      if (Math.abs(index!.left - left) > 1) problems.push(`${name}: # at ${index!.left - left}`);
      if (Math.abs(key!.left - index!.right) > 1) problems.push(`${name}: key not after #`);
      cells.slice(0, 2).forEach((cell, column) => {
        const box = cell.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (top?.closest('[role="gridcell"], [role="columnheader"]') !== cell) {
          problems.push(`${name}: cell ${column} covered`);
        }
      });
    }
    return problems;
  }, position);
}

async function download(page: Page, testId: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testId).click(),
  ]);
  return file;
}

test.describe('DML tables view', () => {
  test.describe.configure({ timeout: 120_000 });

  test('tables with their counts; a table sorted both ways, filtered, its sizes and CRCs', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openList(page, FILE_NAME, bytes);
    const options = page.getByTestId('grid-table');
    await expect(options.nth(0)).toHaveText(
      `_TableList${counts.format(drafts[0]!.records.length)}`,
    );
    await expect(options.nth(1)).toHaveText('About1');
    await expect(options.nth(BASE)).toHaveText('Base3,000');
    await expect(options.nth(3)).toHaveText('PatchClient8');

    await showTable(page, BASE, 'Base');
    const base = drafts[BASE]!;
    await expect(page.getByTestId('grid-count')).toHaveText('3,000 records');
    await expect.poll(() => firstRows(page, 5)).toEqual([0, 1, 2, 3, 4]);

    const sizeHeader = page.getByRole('columnheader', { name: 'Size', exact: true });
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'ascending');
    const ascending = sortedRows(base, SIZE, false);
    await expect.poll(() => firstRows(page, 5)).toEqual(ascending.slice(0, 5));
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'descending');
    const descending = sortedRows(base, SIZE, true);
    await expect.poll(() => firstRows(page, 5)).toEqual(descending.slice(0, 5));

    // Sizes in human units with the exact bytes on hover; CRCs in hex and decimal.
    const top = descending[0]!;
    const firstRow = page.locator('[data-testid="grid-row"][data-position="0"]');
    const size = valuesOf(base, top)[SIZE] as number;
    await expect(firstRow.getByRole('gridcell').nth(1 + SIZE)).toHaveAttribute(
      'title',
      `${counts.format(size)} bytes`,
    );
    await expect(firstRow.getByRole('gridcell').nth(1 + SIZE)).toHaveText(/^\d+(\.\d+)? MiB$/);
    const crc = valuesOf(base, top)[CRC] as number;
    const crcHex = `0x${crc.toString(16).toUpperCase().padStart(8, '0')}`;
    await expect(firstRow.getByRole('gridcell').nth(1 + CRC)).toHaveText(`${crcHex} ${crc}`);

    // A filter keeps the rows with a cell holding the text, in the sorted order.
    await page.getByTestId('grid-filter').fill('bugREPORTER');
    const kept = descending.filter((row) => String(valuesOf(base, row)[0]).includes('BugReporter'));
    await expect(page.getByTestId('grid')).toHaveAttribute(
      'aria-rowcount',
      String(kept.length + 1),
    );
    await expect(page.getByTestId('grid-status')).toHaveText(
      `${counts.format(kept.length)} of 3,000 records hold “bugREPORTER”`,
    );
    await expect.poll(() => firstRows(page, 5)).toEqual(kept.slice(0, 5));
    // From the keyboard: the headers sort, the rows move.
    const crcButton = page
      .getByRole('columnheader', { name: 'CRC', exact: true })
      .getByRole('button');
    await crcButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: 'CRC', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const byCrc = sortedRows(base, CRC, false).filter((row) =>
      String(valuesOf(base, row)[0]).includes('BugReporter'),
    );
    await expect.poll(() => firstRows(page, 5)).toEqual(byCrc.slice(0, 5));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: 'CompressedHeaderSize' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('columnheader', { name: 'CRC', exact: true })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    expect(errors).toEqual([]);
  });

  test('a record picked by keyboard and mouse, a table picked in the tree: their bytes', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openList(page, FILE_NAME, bytes);
    const grid = page.getByTestId('grid');
    // A table's node chosen in the tree shows that table, and its bytes.
    await treeItem(page, /^PatchClient$/).click();
    await expect(page.getByTestId('grid-title')).toHaveText('PatchClient');
    await expect(page.getByTestId('grid-count')).toHaveText('8 records');
    // More bytes than the hex view shows at once: where they start, and how many.
    const [start, end] = spanOf(3);
    await expect.poll(async () => (await highlightedRange(page))?.[0]).toBe(start);
    await expect(page.getByTestId('section-span')).toHaveText(
      `0x${start.toString(16).toUpperCase()}–0x${(end - 1).toString(16).toUpperCase()} (${counts.format(end - start)} bytes) highlighted`,
    );
    // ...and a record chosen in the tree puts its row under the grid's cursor.
    await expandRow(page, /^PatchClient$/);
    await treeItem(page, recordName(drafts[3]!, 5)).click();
    await expect(grid).toHaveAttribute('aria-activedescendant', /-row-5$/);
    await expect(page.locator('[data-testid="grid-row"][data-row="5"]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect.poll(() => highlightedRange(page)).toEqual(spanOf(3, 5));

    // A record picked in the grid from the keyboard.
    await selectRow(page, /^LatestFileList\.bin$/);
    await showTable(page, BASE, 'Base');
    const base = drafts[BASE]!;
    await grid.focus();
    await page.keyboard.press('End');
    await expect(grid).toHaveAttribute('aria-activedescendant', /-row-2999$/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(grid).toHaveAttribute('aria-activedescendant', /-row-2$/);
    await page.keyboard.press('Enter');
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(base, 2));
    await expect.poll(() => highlightedRange(page)).toEqual(spanOf(BASE, 2));
    // The record's pane keeps the grid, which keeps the keyboard.
    await expect(grid).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await expect(grid).not.toHaveAttribute('aria-activedescendant', /-row-3$/);
    await page.keyboard.press('PageUp');
    await expect(grid).toHaveAttribute('aria-activedescendant', /-row-3$/);
    await page.keyboard.press('Enter');
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(base, 3));
    await expect.poll(() => highlightedRange(page)).toEqual(spanOf(BASE, 3));

    // ...and with the mouse, on its row number (a click on a cell chooses that cell, below).
    await page
      .locator('[data-testid="grid-row"][data-row="4"]')
      .getByRole('gridcell')
      .first()
      .click();
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(base, 4));
    await expect(page.locator('[data-testid="grid-row"][data-row="4"]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect.poll(() => highlightedRange(page)).toEqual(spanOf(BASE, 4));

    // A cell of the record's row, clicked: only its field's bytes are highlighted.
    const row4 = page.locator('[data-testid="grid-row"][data-row="4"]');
    const sizeCell = row4.locator(`[role="gridcell"][data-column="${SIZE}"]`);
    await sizeCell.click();
    await expect(sizeCell).toHaveAttribute('aria-selected', 'true');
    await expect(sizeCell).toHaveClass(/is-chosen/);
    await expect(grid).toHaveAttribute('aria-activedescendant', new RegExp(`-row-4-cell-${SIZE}$`));
    await expect.poll(() => highlightedRange(page)).toEqual(fieldOf(BASE, 4, SIZE).range);
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, 4, SIZE).hex);
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(base, 4));
    // The arrows choose the cells beside it; left of the first, the whole record again.
    await expect(grid).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(row4.locator(`[data-column="${SIZE + 1}"]`)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(sizeCell).toHaveAttribute('aria-selected', 'false');
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, 4, SIZE + 1).hex);
    for (let step = 0; step < SIZE + 1; step++) await page.keyboard.press('ArrowLeft');
    // The first field: a STR, its u16 length and its text.
    await expect(row4.locator('[data-column="0"]')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => highlightedRange(page)).toEqual(fieldOf(BASE, 4, 0).range);
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, 4, 0).hex);
    await page.keyboard.press('ArrowLeft');
    await expect(grid).toHaveAttribute('aria-activedescendant', /-row-4$/);
    await expect.poll(() => highlightedRange(page)).toEqual(spanOf(BASE, 4));
    // A cell of another row picks that record, and its field.
    const crcCell = page.locator(`[data-testid="grid-row"][data-row="6"] [data-column="${CRC}"]`);
    await crcCell.click();
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(base, 6));
    await expect(crcCell).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, 6, CRC).hex);
    expect(errors).toEqual([]);
  });

  test('headers cut, if ever, at their end; scrolled sideways, a row keeps its number and name in sight', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // A pane too narrow for the table's columns, wide enough to pin its first one.
    await page.setViewportSize({ width: 1400, height: 900 });
    await openList(page, FILE_NAME, bytes);
    await showTable(page, BASE, 'Base');
    const base = drafts[BASE]!;
    await expect.poll(() => headerProblems(page)).toEqual([]);
    const sizeHeader = page.getByRole('columnheader', { name: 'Size', exact: true });
    await sizeHeader.getByRole('button').click();
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'descending');
    const descending = sortedRows(base, SIZE, true);
    await expect.poll(() => firstRows(page, 5)).toEqual(descending.slice(0, 5));
    await expect.poll(() => headerProblems(page)).toEqual([]);

    // All the way right: the row number and the file name stay where they were.
    const grid = page.getByTestId('grid');
    await grid.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => grid.evaluate((element) => element.scrollLeft)).toBeGreaterThan(200);
    await expect.poll(() => pinnedProblems(page, 0)).toEqual([]);

    // The last cell of the top row picked there: its field's bytes, the row still named.
    const top = descending[0]!;
    const last = columnsOf(base).length - 1;
    const firstRow = page.locator('[data-testid="grid-row"][data-position="0"]');
    await firstRow.locator(`[data-column="${last}"]`).click();
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(base, top));
    await expect(firstRow.locator(`[data-column="${last}"]`)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, top, last).hex);
    await expect(firstRow).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => pinnedProblems(page, 0)).toEqual([]);

    // By keyboard to the second column: it comes in sight clear of the pinned ones.
    await expect(grid).toBeFocused();
    for (let step = 1; step < last; step++) await page.keyboard.press('ArrowLeft');
    const second = firstRow.locator('[data-column="1"]');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, top, 1).hex);
    await expect
      .poll(async () => {
        const [key, chosen] = [
          await firstRow.locator('[data-column="0"]').boundingBox(),
          await second.boundingBox(),
        ];
        return key && chosen ? chosen.x - (key.x + key.width) : null;
      })
      .toBeGreaterThanOrEqual(-1);
    // The first column, pinned, chosen in its turn.
    await page.keyboard.press('ArrowLeft');
    await expect(firstRow.locator('[data-column="0"]')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => highlightedHex(page)).toEqual(fieldOf(BASE, top, 0).hex);
    await expect.poll(() => pinnedProblems(page, 0)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the find across every table jumps to a row of another table', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openList(page, FILE_NAME, bytes);
    await showTable(page, BASE, 'Base');
    await page.getByRole('columnheader', { name: 'Size', exact: true }).getByRole('button').click();
    await page.getByTestId('grid-filter').fill('Crash');

    const target = 4 + 10;
    const wad = drafts[target]!;
    const path = String(valuesOf(wad, 0)[0]);
    await page.getByTestId('grid-find-input').fill(path.replace('Data/', ''));
    await expect(page.getByTestId('grid-find-count')).toHaveText('1 record match');
    await page.getByTestId('grid-find-row').click();

    await expect(page.getByTestId('grid-title')).toHaveText(nameOf(wad));
    await expect(selectedTreeRow(page)).toHaveAccessibleName(recordName(wad, 0));
    await expect(page.locator('[data-testid="grid-row"][data-row="0"]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect.poll(() => highlightedRange(page)).toEqual(spanOf(target, 0));

    // A table's name finds the table: picking it shows it.
    await page.getByTestId('grid-find-input').fill('PatchCli');
    await expect(page.getByTestId('grid-find-count')).toContainText('1 table');
    await page.getByTestId('grid-find-table').click();
    await expect(page.getByTestId('grid-title')).toHaveText('PatchClient');
    // Base kept its sort and filter.
    await showTable(page, BASE, 'Base');
    await expect(page.getByTestId('grid-filter')).toHaveValue('Crash');
    await expect(page.getByRole('columnheader', { name: 'Size', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(errors).toEqual([]);
  });

  test('a table as CSV and every record as JSON, byte for byte', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openList(page, FILE_NAME, bytes);
    await showTable(page, BASE, 'Base');
    const csv = await download(page, 'grid-export-table-csv');
    expect(csv.suggestedFilename()).toBe('Base.csv');
    expect(await downloadedBytes(csv)).toEqual(new TextEncoder().encode(tableCsv(drafts[BASE]!)));
    await expect(page.getByTestId('grid-export-table-status')).toContainText('Saved Base.csv');

    const json = await download(page, 'grid-export-all-json');
    expect(json.suggestedFilename()).toBe('LatestFileList.json');
    expect(await downloadedBytes(json)).toEqual(new TextEncoder().encode(allRecordsJson()));
    await expect(page.getByTestId('grid-export-all-status')).toContainText(
      'Saved LatestFileList.json',
    );
    expect(errors).toEqual([]);
  });

  test('50,000 records: sorted in the worker, only the rows on screen in the page', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const big = generateLatestFileList({ seed: 3, wadCount: 2, baseCount: 50_000 });
    await page.goto('/');
    await page.getByTestId('file-input').setInputFiles({
      name: FILE_NAME,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(writeDmlTables(big)),
    });
    await selectRow(page, /^LatestFileList\.bin$/);
    await expect(page.getByTestId('grid-pane')).toHaveAttribute('data-state', 'ready');
    await showTable(page, BASE, 'Base');
    await expect(page.getByTestId('grid-count')).toHaveText('50,000 records');

    const sizeHeader = page.getByRole('columnheader', { name: 'Size', exact: true });
    await sizeHeader.getByRole('button').click();
    await sizeHeader.getByRole('button').click();
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => firstRows(page, 5))
      .toEqual(sortedRows(big[BASE]!, SIZE, true).slice(0, 5));
    await expect(page.getByTestId('grid')).toHaveAttribute('data-state', 'ready');
    await expect.poll(() => page.getByTestId('grid-row').count()).toBeLessThan(80);

    // The end of the sorted table is one key away, and its rows come in pages.
    await page.getByTestId('grid').focus();
    await page.keyboard.press('End');
    await expect
      .poll(() =>
        page.locator('[data-testid="grid-row"][data-position="49999"]').getAttribute('data-row'),
      )
      .toBe(String(sortedRows(big[BASE]!, SIZE, true)[49_999]));
    await expect.poll(() => page.getByTestId('grid-row').count()).toBeLessThan(80);
    expect(errors).toEqual([]);
  });
});
