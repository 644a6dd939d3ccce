/**
 * Compare two builds: two generated 100,000-entry KIWADs (build-pair.ts: a known set added,
 * removed and changed) opened together in the app as a user drops them, then compared the
 * way a user does it (the old one's row, "Compare with…", the new one). Timed from the click
 * on the candidate: the first diff rows painted (target ≤ 500 ms) and the comparison done
 * (target ≤ 2× the time of opening both, measured in the same run on the same page). The
 * counts the page shows must be the known ones.
 *
 * Then the same for two World of Warships builds of 400,000 nodes (wows-data.ts: the wows
 * scenario's build and its next build, `nextBuild`: a known set removed, renamed and
 * changed), each opened as a game folder through "Open folder…".
 */
import { loadavg } from 'node:os';
import type { Browser, Page } from '@playwright/test';
import {
  answeredCall,
  arm,
  closePage,
  markClickScript,
  marks,
  median,
  openAppPage,
  waitMark,
  workerCalls,
} from '../lib/browser.ts';
import type { BuildPair } from '../lib/build-pair.ts';
import { emptyReport, round, spread, type ScenarioReport } from '../lib/results.ts';
import type { GeneratedWowsBuild } from '../lib/wows-data.ts';
import { NO_PICKER } from './wows.ts';

/** The diff's first rows: its tree has real rows (loading placeholders carry no test id). */
const FIRST_DIFF_ROW = '[data-testid="diff-row"]';
const STATUSES = ['added', 'removed', 'changed', 'unchanged'] as const;
const TIMEOUT_MS = 600_000;
const CLICK_MARK = markClickScript('[data-testid="compare-candidate"]', 'compareClick');

export interface CompareRun {
  /** From the file input's change to both files' `open` answered. */
  openBothMs: number;
  /** From the click on the candidate: first diff rows painted, and the comparison done. */
  firstRowsMs: number;
  doneMs: number;
  /** The worker's own `compare` call (opening both again, then the diff). */
  workerCompareMs: number;
  /** From the click: the new file's node facts answered (asked for as the picker opened), and the compare call sent. */
  factsAnsweredMs: number;
  compareSentMs: number;
  load: number;
}

type Counts = BuildPair['expected'];

async function expectCounts(page: Page, expected: Counts, what: string): Promise<void> {
  for (const status of STATUSES) {
    const text = await page.getByTestId(`diff-count-${status}`).textContent();
    const shown = Number((text ?? '').replace(/[^0-9]/g, ''));
    if (shown !== expected[status]) {
      throw new Error(`compare ${what}: ${status} shows ${text}, expected ${expected[status]}`);
    }
  }
}

/**
 * Both files open on `page` since `start`: compares them as a user does (the old one's row,
 * "Compare with…", the candidate) and times it from the click on the candidate.
 */
async function compareOpened(
  page: Page,
  start: number,
  oldRowText: string,
  expected: Counts,
  what: string,
): Promise<CompareRun> {
  const load = loadavg()[0]!;
  await answeredCall(page, 'open', 0, TIMEOUT_MS);
  await answeredCall(page, 'open', 1, TIMEOUT_MS);
  const opens = await workerCalls(page, 'open');
  const openBothMs = Math.max(...opens.map((call) => call.end!)) - start;

  const oldRow = page.locator('[role="treeitem"][aria-level="1"]', { hasText: oldRowText });
  await oldRow.click();
  const compareWith = page.getByTestId('compare-with');
  await compareWith.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('[data-testid="compare-with"]')?.disabled,
    null,
    { timeout: TIMEOUT_MS },
  );
  await compareWith.click();
  await arm(page, 'firstDiffRow', 'selector', FIRST_DIFF_ROW);
  await arm(page, 'compareDone', 'text', '[data-testid="compare-state"]', 'Done');
  await page.getByTestId('compare-candidate').click();
  await waitMark(page, 'compareDone', TIMEOUT_MS);
  await waitMark(page, 'firstDiffRow', TIMEOUT_MS);
  const at = await marks(page);
  const [compareCall] = await workerCalls(page, 'compare');
  const facts = (await workerCalls(page, 'nodeFacts')).filter((call) => call.end !== null);
  await expectCounts(page, expected, what);
  const clicked = at['compareClick']!;
  return {
    openBothMs,
    firstRowsMs: at['firstDiffRow']! - clicked,
    doneMs: at['compareDone']! - clicked,
    workerCompareMs: compareCall?.end != null ? compareCall.end - compareCall.start : Number.NaN,
    factsAnsweredMs: Math.max(...facts.map((call) => call.end!)) - clicked,
    compareSentMs: (compareCall?.start ?? Number.NaN) - clicked,
    load,
  };
}

/** The two KIWADs dropped together through the file input. */
async function compareKiwadOnce(
  browser: Browser,
  url: string,
  pair: BuildPair,
): Promise<CompareRun> {
  const page = await openAppPage(browser, url, { initScript: CLICK_MARK });
  try {
    await page.getByTestId('file-input').setInputFiles([pair.old.path, pair.new.path]);
    const start = (await marks(page))['inputChange']!;
    return await compareOpened(
      page,
      start,
      pair.old.path.split('/').pop()!,
      pair.expected,
      'KIWAD',
    );
  } finally {
    await closePage(page);
  }
}

/**
 * The two WoWs game folders chosen one after the other through "Open folder…" (its
 * `<input webkitdirectory>`, as wows.ts does), the second as soon as the first is chosen:
 * they open side by side, as two dropped files do.
 */
async function compareWowsOnce(
  browser: Browser,
  url: string,
  pair: WowsBuildPair,
): Promise<CompareRun> {
  const page = await openAppPage(browser, url, { initScript: `${NO_PICKER}\n${CLICK_MARK}` });
  try {
    const folderInput = page.getByTestId('folder-input');
    await folderInput.setInputFiles(pair.old.root);
    const start = (await marks(page))['inputChange']!;
    await folderInput.setInputFiles(pair.new.root);
    return await compareOpened(page, start, String(pair.old.build), pair.expected, 'WoWs');
  } finally {
    await closePage(page);
  }
}

export interface WowsBuildPair {
  old: GeneratedWowsBuild;
  new: GeneratedWowsBuild;
  expected: Counts;
}

/** The counts a comparison of `old` with its next build finds (wows-data.ts, `nextBuild`). */
export function wowsPair(old: GeneratedWowsBuild, next: GeneratedWowsBuild): WowsBuildPair {
  const { added, removed, changed } = next.changes;
  return {
    old,
    new: next,
    expected: { added, removed, changed, unchanged: old.fileCount - removed - changed },
  };
}

async function runs(
  repeat: number,
  log: (line: string) => void,
  once: () => Promise<CompareRun>,
): Promise<CompareRun[]> {
  const all: CompareRun[] = [];
  for (let i = 0; i < repeat; i++) {
    const run = await once();
    all.push(run);
    log(
      `  run ${i + 1}: open both ${run.openBothMs.toFixed(0)} ms; compare: first rows ${run.firstRowsMs.toFixed(0)} ms, ` +
        `done ${run.doneMs.toFixed(0)} ms (${(run.doneMs / run.openBothMs).toFixed(2)}× open both; worker compare ${run.workerCompareMs.toFixed(0)} ms; ` +
        `from the click: facts answered ${run.factsAnsweredMs.toFixed(0)} ms, compare sent ${run.compareSentMs.toFixed(0)} ms), load ${run.load.toFixed(1)}`,
    );
  }
  return all;
}

/** The figures and the two targets of one pair's runs, ids under `prefix`. */
function pairReport(
  report: ScenarioReport,
  runs: readonly CompareRun[],
  prefix: string,
  what: string,
  facts: string,
): void {
  const openBothMs = median(runs.map((run) => run.openBothMs));
  const firstRowsMs = median(runs.map((run) => run.firstRowsMs));
  const doneMs = median(runs.map((run) => run.doneMs));
  const ratios = runs.map((run) => run.doneMs / run.openBothMs);
  const ratio = median(ratios);
  const labelled = (label: string) => (prefix === 'compare' ? label : `${label} (${what})`);
  report.figures.push(
    {
      id: `${prefix}.open_both_ms`,
      label: labelled('Open both builds'),
      value: round(openBothMs, 0),
      unit: 'ms',
    },
    {
      id: `${prefix}.first_rows_ms`,
      label: labelled('Compare: first diff rows'),
      value: round(firstRowsMs, 0),
      unit: 'ms',
    },
    {
      id: `${prefix}.done_ms`,
      label: labelled('Compare: done'),
      value: round(doneMs, 0),
      unit: 'ms',
    },
  );
  const loads = spread(
    runs.map((run) => run.load),
    1,
  );
  report.targets.push(
    {
      id: `${prefix}.first_rows`,
      label: `Compare two ${what}: first rows`,
      measured: round(firstRowsMs, 0),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: '≤ 500 ms',
      met: firstRowsMs <= 500,
      note: `from the click on the candidate to the first diff rows painted; median of ${runs.length} [${spread(runs.map((run) => run.firstRowsMs))} ms], load ${loads}; ${facts}`,
    },
    {
      id: `${prefix}.done`,
      label: `Compare two ${what}: done vs opening both`,
      measured: round(doneMs, 0),
      unit: 'ms',
      baseline: round(openBothMs, 0),
      ratio: round(ratio, 2),
      target: '≤ 2× opening both',
      met: ratio <= 2,
      note: `median of ${runs.length} per-run ratios [${spread(ratios, 2)}]; done ${spread(runs.map((run) => run.doneMs))} ms, open both ${spread(runs.map((run) => run.openBothMs))} ms, load ${loads}`,
    },
  );
}

const changesText = (expected: Counts) =>
  `${expected.added.toLocaleString('en-US')} added, ${expected.removed.toLocaleString('en-US')} removed, ${expected.changed.toLocaleString('en-US')} changed`;

export async function benchCompare(
  browser: Browser,
  url: string,
  pair: BuildPair,
  wows: WowsBuildPair,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  log('  two KIWAD builds');
  const kiwadRuns = await runs(repeat, log, () => compareKiwadOnce(browser, url, pair));
  pairReport(
    report,
    kiwadRuns,
    'compare',
    `${pair.old.entryCount.toLocaleString('en-US')}-entry builds`,
    `${pair.old.entryCount.toLocaleString('en-US')} and ${pair.new.entryCount.toLocaleString('en-US')} entries; ${changesText(pair.expected)}`,
  );
  log('  two World of Warships builds (game folders)');
  const wowsRuns = await runs(repeat, log, () => compareWowsOnce(browser, url, wows));
  pairReport(
    report,
    wowsRuns,
    'compare.wows',
    `${wows.old.nodeCount.toLocaleString('en-US')}-node WoWs builds`,
    `${wows.old.fileCount.toLocaleString('en-US')} and ${wows.new.fileCount.toLocaleString('en-US')} files in ${wows.old.indexes.length} indexes each; ${changesText(wows.expected)}`,
  );
  return report;
}
