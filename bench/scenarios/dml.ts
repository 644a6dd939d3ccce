/**
 * DML tables in the bench: a generated `LatestFileList.bin` of 200,000 records over many
 * tables, one of them (`Base`) of 50,000 (bench/lib/dml-data.ts), dropped on the app. Timed:
 * from the drop to the frame after the table view's first rows are in the DOM (the file is
 * selected on open, so its grid shows without a click), and from a click on the big table's
 * `Size` header to the frame after its sorted first row is shown (once the whole list is
 * read, so the sort is of the whole table). Each run is a fresh page
 * (the worker keeps a sort once made). Node's parse of the same bytes is reported beside.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { FILE_COLUMNS } from '../../src/formats/dml/generate.ts';
import { parseDmlTables } from '../../src/formats/dml/read.ts';
import {
  arm,
  closePage,
  dropFetchedFile,
  fetchAsFile,
  longTasksBetween,
  markClickScript,
  marks,
  median,
  openAppPage,
  waitMark,
  workerCalls,
} from '../lib/browser.ts';
import { ascendingRows, generateDmlBenchList, recordCount } from '../lib/dml-data.ts';
import { emptyReport, round, spread, type ScenarioReport } from '../lib/results.ts';

export const DML_RECORDS = 200_000;
export const DML_BIG_TABLE_RECORDS = 50_000;
const FILE_NAME = 'LatestFileList.bin';
const FILES_DIR = 'bench-files';
const SORT_COLUMN = FILE_COLUMNS.findIndex(([name]) => name === 'Size');
/** Node parses of the file, the first (cold) included. */
const NODE_RUNS = 5;
const FIRST_ROWS_TARGET_MS = 300;
const SORT_TARGET_MS = 200;

/** A grid row whose record has come (its `data-row` is set once the row's page answered). */
const LOADED_ROW = '[data-testid="grid-row"][data-row]';

/** Marks a click on a column header's sort button in the probe's clock, before the app sees it. */
const MARK_SORT_CLICK = markClickScript('[data-testid="grid-sort"]', 'sortClick');

interface DmlRun {
  firstRowsMs: number;
  sortMs: number;
  /** The worker's open() call, sent and answered, from the drop. */
  openSentMs: number | null;
  openAnsweredMs: number | null;
  /** Longest main-thread task from the drop to the first rows, and from the click to the sort. */
  longestOpenTaskMs: number;
  longestSortTaskMs: number;
}

const ms = (value: number | null): string => (value === null ? '?' : value.toFixed(0));

function describe(run: DmlRun): string {
  return (
    `first rows ${ms(run.firstRowsMs)} ms (worker open ${ms(run.openSentMs)}–${ms(run.openAnsweredMs)}, ` +
    `longest task ${ms(run.longestOpenTaskMs)}), sort ${ms(run.sortMs)} ms (longest task ${ms(run.longestSortTaskMs)})`
  );
}

/** The selector of the sorted table's row at the first position the sort moves. */
function sortedRowSelector(order: readonly number[]): string {
  const position = order.findIndex((row, at) => row !== at);
  if (position < 0) throw new Error('the sort moves no row: nothing to wait for');
  return `[data-testid="grid-row"][data-position="${position}"][data-row="${order[position]}"]`;
}

async function oneRun(
  browser: Browser,
  appUrl: string,
  bigTable: number,
  sortedRow: string,
): Promise<DmlRun> {
  const page: Page = await openAppPage(browser, appUrl, { initScript: MARK_SORT_CLICK });
  try {
    await fetchAsFile(page, `${appUrl}${FILES_DIR}/${FILE_NAME}`, FILE_NAME);
    await arm(page, 'firstRows', 'selector', LOADED_ROW);
    await dropFetchedFile(page);
    await waitMark(page, 'firstRows', 120_000);
    const opened = await marks(page);
    const drop = opened['drop']!;
    const [openCall] = await workerCalls(page, 'open');

    // The big table, its first rows in file order, then its Size header clicked.
    await page.getByTestId('grid-table').nth(bigTable).click();
    await page
      .getByTestId('grid-title')
      .filter({ hasText: /^Base$/ })
      .waitFor();
    await page.locator('[data-testid="grid-row"][data-position="0"][data-row="0"]').waitFor();
    // The sort is of the whole table: the list is read to its end first (a build that shows
    // the tables while it reads says so until then; one that does not never shows the note).
    await page.getByTestId('grid-reading').waitFor({ state: 'detached', timeout: 120_000 });
    // And the page has rendered the opened file (its summary, the tree's last rows): the old
    // build did all that before its first rows, long before this click.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 })),
    );
    await arm(page, 'sorted', 'selector', sortedRow);
    await page.getByRole('columnheader', { name: 'Size', exact: true }).getByRole('button').click();
    await waitMark(page, 'sorted', 120_000);
    const at = await marks(page);
    const clicked = at['sortClick']!;
    const longest = async (from: number, to: number) =>
      Math.max(0, ...(await longTasksBetween(page, from, to)).map((task) => task.duration));
    const since = (time: number | null | undefined) => (time == null ? null : time - drop);
    return {
      firstRowsMs: opened['firstRows']! - drop,
      sortMs: at['sorted']! - clicked,
      openSentMs: since(openCall?.start),
      openAnsweredMs: since(openCall?.end),
      longestOpenTaskMs: await longest(drop, opened['firstRows']!),
      longestSortTaskMs: await longest(clicked, at['sorted']!),
    };
  } finally {
    await closePage(page);
  }
}

/** One Node parse of `bytes` (ms); they are taken between the browser runs. */
function nodeParse(bytes: Uint8Array): number {
  const started = performance.now();
  const { fatal } = parseDmlTables(bytes);
  if (fatal) throw new Error(`parseDmlTables: ${fatal.message}`);
  return performance.now() - started;
}

export async function benchDml(
  browser: Browser,
  appUrl: string,
  appDir: string,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  const started = performance.now();
  const list = generateDmlBenchList(DML_RECORDS, DML_BIG_TABLE_RECORDS);
  const big = list.tables[list.bigTable]!;
  const filesDir = join(appDir, FILES_DIR);
  mkdirSync(filesDir, { recursive: true });
  writeFileSync(join(filesDir, FILE_NAME), list.bytes);
  log(
    `  ${FILE_NAME}: ${recordCount(list.tables).toLocaleString('en-US')} records in ` +
      `${list.tables.length.toLocaleString('en-US')} tables (Base ${big.records.length.toLocaleString('en-US')}), ` +
      `${(list.bytes.length / 2 ** 20).toFixed(1)} MiB, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const sortedRow = sortedRowSelector(ascendingRows(big, SORT_COLUMN));

  const parses: number[] = [nodeParse(list.bytes)];
  const runs: DmlRun[] = [];
  for (let i = 0; i < repeat; i++) {
    const run = await oneRun(browser, appUrl, list.bigTable, sortedRow);
    runs.push(run);
    log(`  run ${i + 1}: ${describe(run)}`);
    while (parses.length < Math.ceil(((i + 1) * NODE_RUNS) / repeat)) {
      parses.push(nodeParse(list.bytes));
    }
  }
  const parseMs = median(parses);
  log(`  Node parseDmlTables: median ${parseMs.toFixed(0)} ms [${spread(parses)}]`);
  const firstRows = runs.map((run) => run.firstRowsMs);
  const sorts = runs.map((run) => run.sortMs);
  const firstRowsMs = median(firstRows);
  const sortMs = median(sorts);
  report.figures.push(
    {
      id: 'dml.node_parse_ms',
      label: `Node parseDmlTables of the ${DML_RECORDS.toLocaleString('en-US')}-record list (median)`,
      value: round(parseMs),
      unit: 'ms',
    },
    {
      id: 'dml.file_bytes',
      label: 'Generated LatestFileList.bin',
      value: list.bytes.length,
      unit: 'bytes',
    },
    {
      id: 'dml.longest_open_task_ms',
      label: 'DML dropped: longest main-thread task until the first rows (worst run)',
      value: round(Math.max(...runs.map((run) => run.longestOpenTaskMs))),
      unit: 'ms',
    },
    {
      id: 'dml.longest_sort_task_ms',
      label: 'DML sort: longest main-thread task until the sorted rows (worst run)',
      value: round(Math.max(...runs.map((run) => run.longestSortTaskMs))),
      unit: 'ms',
    },
  );
  report.targets.push(
    {
      id: 'dml.first_rows',
      label: `Open a ${DML_RECORDS.toLocaleString('en-US')}-record LatestFileList: first rows of the table view`,
      measured: round(firstRowsMs),
      unit: 'ms',
      baseline: round(parseMs),
      ratio: round(firstRowsMs / parseMs, 2),
      target: `≤ ${FIRST_ROWS_TARGET_MS} ms`,
      met: firstRowsMs <= FIRST_ROWS_TARGET_MS,
      note: `from the drop of a File on the page to the frame after the first grid row with its record is in the DOM; median of ${runs.length} [${spread(firstRows)}]; baseline = Node parseDmlTables of the same ${list.bytes.length.toLocaleString('en-US')} bytes, median of ${parses.length}`,
    },
    {
      id: 'dml.sort',
      label: `Sort the ${DML_BIG_TABLE_RECORDS.toLocaleString('en-US')}-record table by Size`,
      measured: round(sortMs),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: `≤ ${SORT_TARGET_MS} ms`,
      met: sortMs <= SORT_TARGET_MS,
      note: `from the click on the Size header to the frame after the first sorted row is in the DOM; median of ${runs.length} [${spread(sorts)}]`,
    },
  );
  return report;
}
