/**
 * World of Warships: a generated build (by default 400,000 nodes in 40 indexes over 1 GiB
 * of `.pkg`, bench/lib/wows-data.ts) opened as a game folder through "Open folder…" (the
 * `<input webkitdirectory>` it falls back to without `showDirectoryPicker`): time to the
 * first entry row, time to the fully merged tree against Node reading the same index tables
 * with fs, and Verify all against Node's fs + inflateRawSync + crc32 over every entry
 * (bench/lib/wows-native.ts). Native runs are interleaved with the browser runs, so both
 * see the same machine load.
 */
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  answeredCall,
  arm,
  closePage,
  longTasksBetween,
  marks,
  median,
  openAppPage,
  warmUpMs,
  workerCalls,
  type ProbeWindow,
} from '../lib/browser.ts';
import { MB, emptyReport, round, spread, type ScenarioReport } from '../lib/results.ts';
import type { GeneratedWowsBuild } from '../lib/wows-data.ts';
import {
  nativeWowsTree,
  nativeWowsVerify,
  warmFiles,
  type WowsNativeTree,
  type WowsNativeVerify,
} from '../lib/wows-native.ts';
import { FIRST_ENTRY_ROW, INDEXED } from './open.ts';

/** Runs of each kind at least, whatever `--repeat` says. */
const WOWS_MIN_RUNS = 5;
/** As in verify.ts: a person reads the summary before clicking again. */
const PAUSE_BETWEEN_RUNS_MS = 500;
/** How long an open or a Verify all may take before the run is called failed. */
const OPEN_TIMEOUT_MS = 180_000;
const VERIFY_TIMEOUT_MS = 600_000;

/** The app's own Chromium path to a folder is the picker; without it, the input. */
export const NO_PICKER = 'delete window.showDirectoryPicker;';

export interface WowsOpenRun {
  firstRowMs: number;
  /** Verify all enabled: every index merged, the session open. */
  mergedMs: number;
  /** The worker's open() call: sent and answered, from the input change. */
  openSentMs: number | null;
  openAnsweredMs: number | null;
  firstRowsAskedMs: number | null;
  firstRowsAnsweredMs: number | null;
  warmUpMs: number;
  longTasks: number[];
}

interface OpenedPage {
  page: Page;
  run: WowsOpenRun;
  consoleErrors: string[];
}

const ms = (value: number | null | undefined): string => (value == null ? '?' : value.toFixed(0));

/**
 * Waits for the probe mark `name`, or fails early with what the page shows when the open
 * failed (an error banner) or the page logged errors.
 */
async function waitMarkOrError(
  page: Page,
  name: string,
  consoleErrors: readonly string[],
  timeoutMs: number,
): Promise<void> {
  const handle = await page
    .waitForFunction(
      (n) => {
        const mark = (window as unknown as ProbeWindow).__probe.marks[n];
        if (mark !== undefined) return { mark };
        const banner = document.querySelector('[data-testid="file-error"]');
        return banner ? { error: banner.textContent ?? '' } : null;
      },
      name,
      { timeout: timeoutMs, polling: 50 },
    )
    .catch((error: unknown) => {
      const console_ = consoleErrors.length ? `; console errors: ${consoleErrors.join(' | ')}` : '';
      throw new Error(
        `WoWs folder: no "${name}" within ${timeoutMs / 1000} s${console_} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
    });
  const result = (await handle.jsonValue()) as { mark?: number; error?: string };
  if (result.error !== undefined) {
    const console_ = consoleErrors.length ? `; console errors: ${consoleErrors.join(' | ')}` : '';
    throw new Error(`WoWs folder: the app shows an error: ${result.error}${console_}`);
  }
}

/** A fresh app page without the directory picker, with `root` chosen in its folder input. */
async function openFolder(browser: Browser, url: string, root: string): Promise<OpenedPage> {
  const page = await openAppPage(browser, url, { initScript: NO_PICKER });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const warmUp = await warmUpMs(page);
  await arm(page, 'firstRow', 'selector', FIRST_ENTRY_ROW);
  await arm(page, 'indexed', 'enabled', INDEXED);
  // Playwright gives the input the folder's files with their relative paths, as a person
  // choosing the folder would (the input has `webkitdirectory`).
  await page.getByTestId('folder-input').setInputFiles(root);
  await waitMarkOrError(page, 'indexed', consoleErrors, OPEN_TIMEOUT_MS);
  await waitMarkOrError(page, 'firstRow', consoleErrors, OPEN_TIMEOUT_MS);
  const at = await marks(page);
  const start = at['inputChange']!;
  const [openCall] = await workerCalls(page, 'open');
  const [firstRows] = await workerCalls(page, 'getRows');
  const since = (time: number | null | undefined) => (time == null ? null : time - start);
  const tasks = await longTasksBetween(page, start, at['indexed']!);
  return {
    page,
    consoleErrors,
    run: {
      firstRowMs: at['firstRow']! - start,
      mergedMs: at['indexed']! - start,
      openSentMs: since(openCall?.start),
      openAnsweredMs: since(openCall?.end),
      firstRowsAskedMs: since(firstRows?.start),
      firstRowsAnsweredMs: since(firstRows?.end),
      warmUpMs: warmUp,
      longTasks: tasks.map((task) => task.duration),
    },
  };
}

function describeOpen(run: WowsOpenRun): string {
  return (
    `first row ${ms(run.firstRowMs)} ms (open sent ${ms(run.openSentMs)}, rows asked ${ms(run.firstRowsAskedMs)}, answered ${ms(run.firstRowsAnsweredMs)}), ` +
    `merged ${ms(run.mergedMs)} ms (worker open answered ${ms(run.openAnsweredMs)}; warm-up before it ${ms(run.warmUpMs)} ms), ` +
    `long tasks ${run.longTasks.length ? run.longTasks.map((d) => d.toFixed(0)).join(', ') + ' ms' : 'none'}`
  );
}

/** Clicks Verify all and waits for its `nth` worker call to be answered. */
async function verifyOnce(
  page: Page,
  nth: number,
): Promise<{ ms: number; start: number; end: number }> {
  await page.getByTestId('verify-all').click();
  const { start, end } = await answeredCall(page, 'verifyAll', nth, VERIFY_TIMEOUT_MS);
  await page.waitForFunction(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="verify-all"]');
    return button !== null && !button.disabled;
  });
  return { ms: end - start, start, end };
}

export async function benchWows(
  browser: Browser,
  url: string,
  build: GeneratedWowsBuild,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  repeat = Math.max(repeat, WOWS_MIN_RUNS);
  const report = emptyReport();
  const indexPaths = build.indexes.map((index) => join(build.root, index.indexPath));
  const pkgDir = join(build.root, 'res_packages');
  warmFiles([...indexPaths, ...build.indexes.map((index) => join(build.root, index.pkgPath))]);

  // ---- Open: first row and merged tree, against Node's table walk -----------------------
  const nativeTreeTimes: number[] = [];
  let tree: WowsNativeTree | null = null;
  const nativeTrees = (count: number): void => {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      tree = nativeWowsTree(indexPaths);
      nativeTreeTimes.push(performance.now() - started);
    }
  };
  nativeTrees(2);
  const nativeTree = tree as unknown as WowsNativeTree;
  if (nativeTree.fileCount !== build.fileCount || nativeTree.records.length !== build.fileCount) {
    throw new Error(
      `native table walk found ${nativeTree.fileCount} files, the writer wrote ${build.fileCount}`,
    );
  }
  log(
    `  Node table walk: ${nativeTree.nodeCount.toLocaleString('en-US')} merged nodes (${nativeTree.directoryCount.toLocaleString('en-US')} folders, ` +
      `${nativeTree.fileCount.toLocaleString('en-US')} files), ${(nativeTree.pathChars / 2 ** 20).toFixed(1)} MiB of paths`,
  );

  const runs: WowsOpenRun[] = [];
  for (let i = 0; i < repeat; i++) {
    nativeTrees(3);
    const { page, run } = await openFolder(browser, url, build.root);
    await closePage(page);
    runs.push(run);
    log(`  open run ${i + 1}: ${describeOpen(run)}`);
  }
  const nativeTreeMs = median(nativeTreeTimes);
  log(
    `  Node table walk (fs + Buffer, every full path): ${nativeTreeMs.toFixed(1)} ms (median of ${nativeTreeTimes.length}, ${spread(nativeTreeTimes)} ms)`,
  );

  // ---- Verify all, against Node's fs + inflateRawSync + crc32 ----------------------------
  const opened = await openFolder(browser, url, build.root);
  const { page } = opened;
  log(`  verify page: ${describeOpen(opened.run)}`);
  const nativeVerifies: WowsNativeVerify[] = [];
  const times: number[] = [];
  const verifyLongTasks: number[] = [];
  try {
    // As verify.ts: let the page start and warm its next spare decoder first.
    await page
      .waitForFunction(
        () => performance.getEntriesByName('delve:decoder-warm').length >= 2,
        undefined,
        { timeout: 30_000 },
      )
      .catch(() => report.notes.push('WoWs verify: the second decoder warm-up mark never came'));
    for (let i = 0; i < repeat; i++) {
      const native = nativeWowsVerify(pkgDir, nativeTree.records);
      if (native.mismatches > 0) throw new Error(`native verify: ${native.mismatches} mismatches`);
      nativeVerifies.push(native);
      await page.waitForTimeout(PAUSE_BETWEEN_RUNS_MS);
      const run = await verifyOnce(page, i);
      times.push(run.ms);
      const tasks = await longTasksBetween(page, run.start, run.end);
      verifyLongTasks.push(...tasks.map((task) => task.duration));
      const stored = native.storedBytes / MB;
      log(
        `  verify run ${i + 1}: app ${run.ms.toFixed(0)} ms = ${(stored / (run.ms / 1000)).toFixed(0)} MB/s; ` +
          `Node ${native.totalMs.toFixed(0)} ms = ${(stored / (native.totalMs / 1000)).toFixed(0)} MB/s ` +
          `(inflateRawSync ${native.inflateMs.toFixed(0)} ms, crc32 ${native.crcMs.toFixed(0)} ms); ` +
          `ratio ${(native.totalMs / run.ms).toFixed(2)}×, long tasks ${tasks.length ? tasks.map((t) => t.duration.toFixed(0)).join(', ') + ' ms' : 'none'}`,
      );
    }
    const summary = (await page.getByTestId('verify-summary').textContent()) ?? '';
    if (!summary.includes(`${build.fileCount.toLocaleString('en-US')} ok`)) {
      report.notes.push(`WoWs verify summary was "${summary}"`);
    }
    if (opened.consoleErrors.length > 0) {
      report.notes.push(`WoWs: console errors: ${opened.consoleErrors.join(' | ')}`);
    }
  } finally {
    await closePage(page);
  }

  // ---- Figures and targets ----------------------------------------------------------------
  const firstRows = runs.map((run) => run.firstRowMs);
  const merged = runs.map((run) => run.mergedMs);
  const firstRow = median(firstRows);
  const mergedMs = median(merged);
  const openAnswered = median(runs.map((run) => run.openAnsweredMs ?? Number.NaN));
  const longestOpen = Math.max(0, ...runs.flatMap((run) => run.longTasks));
  const treeRatios = merged.map((value) => value / nativeTreeMs);

  const storedBytes = nativeVerifies[0]!.storedBytes;
  const outputBytes = nativeVerifies[0]!.outputBytes;
  const nativeVerifyMs = median(nativeVerifies.map((run) => run.totalMs));
  const appVerifyMs = median(times);
  const appRate = storedBytes / MB / (appVerifyMs / 1000);
  const nativeRate = storedBytes / MB / (nativeVerifyMs / 1000);
  // Each app run against the native run just before it.
  const verifyRatios = times.map((time, at) => nativeVerifies[at]!.totalMs / time);
  const longestVerify = Math.max(0, ...verifyLongTasks);
  const nodes = nativeTree.nodeCount.toLocaleString('en-US');
  const indexes = build.indexes.length;

  report.figures.push(
    {
      id: 'wows.native_tree_ms',
      label: 'WoWs: Node table walk of every .idx, every full path (fs + Buffer)',
      value: round(nativeTreeMs),
      unit: 'ms',
    },
    {
      id: 'wows.first_row_ms',
      label: 'WoWs folder: first entry row',
      value: round(firstRow),
      unit: 'ms',
    },
    {
      id: 'wows.first_row_min_ms',
      label: 'WoWs folder: first entry row, fastest run',
      value: round(Math.min(...firstRows)),
      unit: 'ms',
    },
    {
      id: 'wows.first_row_max_ms',
      label: 'WoWs folder: first entry row, slowest run',
      value: round(Math.max(...firstRows)),
      unit: 'ms',
    },
    {
      id: 'wows.merged_ms',
      label: 'WoWs folder: every index merged (Verify enabled)',
      value: round(mergedMs),
      unit: 'ms',
    },
    {
      id: 'wows.merged_min_ms',
      label: 'WoWs folder: every index merged, fastest run',
      value: round(Math.min(...merged)),
      unit: 'ms',
    },
    {
      id: 'wows.merged_max_ms',
      label: 'WoWs folder: every index merged, slowest run',
      value: round(Math.max(...merged)),
      unit: 'ms',
    },
    {
      id: 'wows.worker_open_answered_ms',
      label: 'WoWs folder: worker open() answered (from the input change)',
      value: round(openAnswered),
      unit: 'ms',
    },
    {
      id: 'wows.open_longest_task_ms',
      label: 'WoWs folder: longest main-thread task while opening',
      value: round(longestOpen),
      unit: 'ms',
    },
    {
      id: 'wows.verify_stored_mb',
      label: 'WoWs: blobs and trailers checked',
      value: round(storedBytes / MB),
      unit: 'MB',
    },
    {
      id: 'wows.verify_inflated_mb',
      label: 'WoWs: bytes inflated and CRC-checked',
      value: round(outputBytes / MB),
      unit: 'MB',
    },
    {
      id: 'wows.native_verify_ms',
      label: 'WoWs: Node fs + inflateRawSync + crc32 of every entry',
      value: round(nativeVerifyMs),
      unit: 'ms',
    },
    {
      id: 'wows.native_verify_inflate_ms',
      label: 'WoWs: of which inside inflateRawSync',
      value: round(median(nativeVerifies.map((run) => run.inflateMs))),
      unit: 'ms',
    },
    {
      id: 'wows.app_verify_ms',
      label: 'WoWs: app Verify all (worker call)',
      value: round(appVerifyMs),
      unit: 'ms',
    },
    {
      id: 'wows.app_verify_min_ms',
      label: 'WoWs: app Verify all, fastest run',
      value: round(Math.min(...times)),
      unit: 'ms',
    },
    {
      id: 'wows.app_verify_max_ms',
      label: 'WoWs: app Verify all, slowest run',
      value: round(Math.max(...times)),
      unit: 'ms',
    },
    {
      id: 'wows.verify_longest_task_ms',
      label: 'WoWs: longest main-thread task while verifying',
      value: round(longestVerify),
      unit: 'ms',
    },
  );
  report.targets.push(
    {
      id: 'wows.first_row',
      label: `Open a ${nodes}-node WoWs build (${indexes} indexes, folder): first row`,
      measured: round(firstRow),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: '≤ 300 ms',
      met: firstRow <= 300,
      note: `median of ${runs.length} runs (${spread(firstRows)} ms), each in a fresh page: from the folder input's change event (Playwright sets the game root on the \`<input webkitdirectory>\` that "Open folder…" uses without \`showDirectoryPicker\`) to the frame after the first entry row (aria-level 2, not loading) is in the DOM`,
    },
    {
      id: 'wows.merged',
      label: 'WoWs build: fully merged tree vs Node table walk',
      measured: round(mergedMs),
      unit: 'ms',
      baseline: round(nativeTreeMs),
      ratio: round(mergedMs / nativeTreeMs, 2),
      target: '≤ 3× native',
      met: mergedMs <= 3 * nativeTreeMs,
      note: `browser: the input change to Verify all enabled (every index parsed and merged, the session open), median of ${runs.length} runs (${spread(merged)} ms, ${spread(treeRatios, 2)}× native); native = Node reading each of the ${indexes} .idx files with fs, walking its node, file-record and volume tables with Buffer reads and building every full path of the merged tree from the parent ids (bench/lib/wows-native.ts), median of ${nativeTreeTimes.length} runs around the browser runs (${spread(nativeTreeTimes)} ms)`,
    },
    {
      id: 'wows.verify',
      label: 'WoWs build: Verify all vs Node inflate + CRC',
      measured: round(appRate),
      unit: 'MB/s',
      baseline: round(nativeRate),
      ratio: round(appRate / nativeRate, 2),
      target: '≥ 0.5× native',
      met: appRate >= 0.5 * nativeRate,
      note: `${(storedBytes / MB).toFixed(0)} MB of blobs and trailers, ${build.fileCount.toLocaleString('en-US')} entries (${(outputBytes / MB).toFixed(0)} MB inflated); app = the Verify all worker call (trailer, inflate, size and CRC-32 of every entry), median of ${times.length} runs in one page, 0.5 s apart (${spread(times)} ms; each against the Node run just before it ${spread(verifyRatios, 2)}×); native = Node reading each .pkg in 16 MiB windows in offset order, checking each trailer, zlib.inflateRawSync and zlib.crc32 of every entry, median of ${nativeVerifies.length} runs interleaved with the app's (${spread(nativeVerifies.map((run) => run.totalMs))} ms)`,
    },
  );
  return report;
}
