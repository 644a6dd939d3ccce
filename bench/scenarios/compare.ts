/**
 * Compare two builds: two generated 100,000-entry KIWADs (build-pair.ts: a known set added,
 * removed and changed) opened together in the app as a user drops them, then compared the
 * way a user does it (the old one's row, "Compare with…", the new one). Timed from the click
 * on the candidate: the first diff rows painted (target ≤ 500 ms) and the comparison done
 * (target ≤ 2× the time of opening both, measured in the same run on the same page). The
 * counts the page shows must be the known ones.
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

/** The diff's first rows: its tree has real rows (loading placeholders carry no test id). */
const FIRST_DIFF_ROW = '[data-testid="diff-row"]';
const STATUSES = ['added', 'removed', 'changed', 'unchanged'] as const;
const TIMEOUT_MS = 600_000;

export interface CompareRun {
  /** From the file input's change to both files' `open` answered. */
  openBothMs: number;
  /** From the click on the candidate: first diff rows painted, and the comparison done. */
  firstRowsMs: number;
  doneMs: number;
  /** The worker's own `compare` call (opening both again, then the diff). */
  workerCompareMs: number;
  load: number;
}

async function expectCounts(page: Page, pair: BuildPair): Promise<void> {
  for (const status of STATUSES) {
    const text = await page.getByTestId(`diff-count-${status}`).textContent();
    const shown = Number((text ?? '').replace(/[^0-9]/g, ''));
    if (shown !== pair.expected[status]) {
      throw new Error(`compare: ${status} shows ${text}, expected ${pair.expected[status]}`);
    }
  }
}

async function compareOnce(browser: Browser, url: string, pair: BuildPair): Promise<CompareRun> {
  const page = await openAppPage(browser, url, {
    initScript: markClickScript('[data-testid="compare-candidate"]', 'compareClick'),
  });
  try {
    const load = loadavg()[0]!;
    await page.getByTestId('file-input').setInputFiles([pair.old.path, pair.new.path]);
    await answeredCall(page, 'open', 0, TIMEOUT_MS);
    await answeredCall(page, 'open', 1, TIMEOUT_MS);
    const opens = await workerCalls(page, 'open');
    const start = (await marks(page))['inputChange']!;
    const openBothMs = Math.max(...opens.map((call) => call.end!)) - start;

    const oldRow = page.locator('[role="treeitem"][aria-level="1"]', {
      hasText: pair.old.path.split('/').pop()!,
    });
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
    await expectCounts(page, pair);
    const clicked = at['compareClick']!;
    return {
      openBothMs,
      firstRowsMs: at['firstDiffRow']! - clicked,
      doneMs: at['compareDone']! - clicked,
      workerCompareMs: compareCall?.end != null ? compareCall.end - compareCall.start : Number.NaN,
      load,
    };
  } finally {
    await closePage(page);
  }
}

export async function benchCompare(
  browser: Browser,
  url: string,
  pair: BuildPair,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  const runs: CompareRun[] = [];
  for (let i = 0; i < repeat; i++) {
    const run = await compareOnce(browser, url, pair);
    runs.push(run);
    log(
      `  run ${i + 1}: open both ${run.openBothMs.toFixed(0)} ms; compare: first rows ${run.firstRowsMs.toFixed(0)} ms, ` +
        `done ${run.doneMs.toFixed(0)} ms (${(run.doneMs / run.openBothMs).toFixed(2)}× open both; worker compare ${run.workerCompareMs.toFixed(0)} ms), load ${run.load.toFixed(1)}`,
    );
  }
  const openBothMs = median(runs.map((run) => run.openBothMs));
  const firstRowsMs = median(runs.map((run) => run.firstRowsMs));
  const doneMs = median(runs.map((run) => run.doneMs));
  const ratios = runs.map((run) => run.doneMs / run.openBothMs);
  const ratio = median(ratios);
  const { expected } = pair;
  const facts =
    `${pair.old.entryCount.toLocaleString('en-US')} and ${pair.new.entryCount.toLocaleString('en-US')} entries; ` +
    `${expected.added} added, ${expected.removed} removed, ${expected.changed} changed`;
  report.figures.push(
    {
      id: 'compare.open_both_ms',
      label: 'Open both builds',
      value: round(openBothMs, 0),
      unit: 'ms',
    },
    {
      id: 'compare.first_rows_ms',
      label: 'Compare: first diff rows',
      value: round(firstRowsMs, 0),
      unit: 'ms',
    },
    { id: 'compare.done_ms', label: 'Compare: done', value: round(doneMs, 0), unit: 'ms' },
  );
  const loads = spread(
    runs.map((run) => run.load),
    1,
  );
  report.targets.push(
    {
      id: 'compare.first_rows',
      label: 'Compare two 100,000-entry builds: first rows',
      measured: round(firstRowsMs, 0),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: '≤ 500 ms',
      met: firstRowsMs <= 500,
      note: `from the click on the candidate to the first diff rows painted; median of ${repeat} [${spread(runs.map((run) => run.firstRowsMs))} ms], load ${loads}; ${facts}`,
    },
    {
      id: 'compare.done',
      label: 'Compare two 100,000-entry builds: done vs opening both',
      measured: round(doneMs, 0),
      unit: 'ms',
      baseline: round(openBothMs, 0),
      ratio: round(ratio, 2),
      target: '≤ 2× opening both',
      met: ratio <= 2,
      note: `median of ${repeat} per-run ratios [${spread(ratios, 2)}]; done ${spread(runs.map((run) => run.doneMs))} ms, open both ${spread(runs.map((run) => run.openBothMs))} ms, load ${loads}`,
    },
  );
  return report;
}
