/**
 * Install verification: a generated install (by default 3,000 files, 2 GiB;
 * bench/lib/install-data.ts) checked against its `LatestFileList.bin` in the app, against
 * Node reading and KI-CRC-hashing the same files with the project's own kernel. Native runs
 * are interleaved with the browser's, so both see the same machine load.
 *
 * The app's way in Chromium is the folder picker (`showDirectoryPicker`), which Playwright
 * cannot drive: the bench stands in for it with a handle tree over the real files, which a
 * hidden `<input webkitdirectory>` was given before the runs (the browser's own listing of a
 * chosen folder is not the app's work; with the picker it happens outside the page). A run
 * is timed from the click on the dialog's "Choose the game folder…" to the answer of the
 * `checkInstall` worker call: the folder walked, its files handed to the worker, every
 * listed file matched, every file but the dynamic WADs hashed whole on the checksum pool.
 * Long tasks are counted from the click to the summary on screen. One more run, untimed,
 * samples the heap of the page and every worker: a check streams its files, so the heap
 * must not grow with them.
 */
import type { Browser, Page } from '@playwright/test';
import {
  answeredCall,
  closePage,
  HeapSampler,
  longFramesBetween,
  longTasksBetween,
  median,
  openAppPage,
} from '../lib/browser.ts';
import { nativeInstallCheck, type GeneratedInstall } from '../lib/install-data.ts';
import { MB, emptyReport, longestTaskTarget, round, type ScenarioReport } from '../lib/results.ts';

/** Runs of each side at least, whatever `--repeat` says. */
const INSTALL_MIN_RUNS = 3;
/** As in verify.ts: a person reads the summary before choosing the folder again. */
const PAUSE_BETWEEN_RUNS_MS = 500;
const CHECK_TIMEOUT_MS = 600_000;
interface AppRun {
  /** From the click to the `checkInstall` worker call answered. */
  ms: number;
  /** From the click to the summary on screen. */
  shownMs: number;
  longTasks: number[];
  /** What ran in each long animation frame (bench/lib/browser.ts longFramesBetween). */
  longFrames: string[];
}

/**
 * Gives a hidden folder input the install's files, and makes `showDirectoryPicker` answer a
 * handle tree over them (folder-walk.ts walks it as it walks a picked folder's).
 */
async function standInPicker(page: Page, root: string): Promise<void> {
  await page.evaluate(
    `(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.webkitdirectory = true;
      input.id = 'bench-folder';
      input.hidden = true;
      document.body.append(input);
    })()`,
  );
  await page.locator('#bench-folder').setInputFiles(root);
  // Plain script text: the bench runs through tsx, whose helpers a function sent to the
  // page would call.
  await page.evaluate(STAND_IN_PICKER);
}

/** A handle tree over the hidden input's files, answered by `showDirectoryPicker`. */
const STAND_IN_PICKER = `(() => {
  const folder = (name) => {
    const children = new Map();
    return { kind: 'directory', name, children, async *values() { yield* children.values(); } };
  };
  const files = Array.from(document.getElementById('bench-folder').files || []);
  const top = folder(files[0] ? files[0].webkitRelativePath.split('/')[0] : 'Game');
  for (const file of files) {
    const parts = file.webkitRelativePath.split('/').slice(1);
    const name = parts.pop();
    let parent = top;
    for (const part of parts) {
      let next = parent.children.get(part);
      if (!next) parent.children.set(part, (next = folder(part)));
      parent = next;
    }
    parent.children.set(name, { kind: 'file', name, getFile: () => Promise.resolve(file) });
  }
  window.showDirectoryPicker = () => Promise.resolve(top);
})()`;

/**
 * The browser's own read rate of the install's files, for comparison: three workers (the
 * app's pool on two cores) reading whole files from the hidden input, four at once each,
 * each file in one read, hashing nothing. Answers bytes and ms.
 */
const BARE_READ = `(async () => {
  const files = Array.from(document.getElementById('bench-folder').files || []);
  const code = 'onmessage = async (event) => {' +
    '  const files = event.data; let bytes = 0; let next = 0;' +
    '  await Promise.all([0, 1, 2, 3].map(async () => {' +
    '    while (next < files.length) {' +
    '      const read = await files[next++].arrayBuffer();' +
    '      bytes += read.byteLength;' +
    '    }' +
    '  }));' +
    '  postMessage(bytes);' +
    '};';
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const started = performance.now();
  const shares = [0, 1, 2].map((worker) => files.filter((_, at) => at % 3 === worker));
  const counts = await Promise.all(shares.map((share) => new Promise((resolve) => {
    const worker = new Worker(url);
    worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
    worker.postMessage(share);
  })));
  return { bytes: counts.reduce((sum, count) => sum + count, 0), ms: performance.now() - started };
})()`;

/** Chooses the folder and waits for the `nth` check's answer and its summary. */
async function checkOnce(page: Page, nth: number): Promise<AppRun> {
  const clicked = await page.evaluate(() => performance.now());
  await page.getByTestId('install-folder-pick').click();
  const { end: answered } = await answeredCall(page, 'checkInstall', nth, CHECK_TIMEOUT_MS);
  const error = page.getByTestId('install-error');
  await page.getByTestId('install-summary').or(error).waitFor({ state: 'visible' });
  if (await error.isVisible()) throw new Error(`install check: ${await error.textContent()}`);
  const shown = await page.evaluate(() => performance.now());
  const tasks = await longTasksBetween(page, clicked, shown);
  return {
    ms: answered - clicked,
    shownMs: shown - clicked,
    longTasks: tasks.map((task) => task.duration),
    longFrames: await longFramesBetween(page, clicked, shown),
  };
}

export async function benchInstall(
  browser: Browser,
  url: string,
  install: GeneratedInstall,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  repeat = Math.max(repeat, INSTALL_MIN_RUNS);
  const report = emptyReport();
  // Brings every file into the page cache: neither side pays for the disk.
  const warm = nativeInstallCheck(install);
  if (warm.mismatches > 0) throw new Error(`native check found ${warm.mismatches} mismatches`);
  const bytes = install.hashedBytes;

  const page = await openAppPage(browser, url);
  const native: number[] = [];
  const runs: AppRun[] = [];
  let summaryText: string;
  let heapGrowthMB: number;
  let bareReadRate: number;
  try {
    await page.getByTestId('file-input').setInputFiles(install.listPath);
    await standInPicker(page, install.root);
    await page.getByTestId('install-check-open').click();
    await page.getByTestId('install-dialog').waitFor({ state: 'visible' });
    for (let i = 0; i < repeat; i++) {
      const nativeRun = nativeInstallCheck(install);
      native.push(nativeRun.ms);
      if (i > 0) await page.waitForTimeout(PAUSE_BETWEEN_RUNS_MS);
      const run = await checkOnce(page, i);
      runs.push(run);
      log(
        `  run ${i + 1}: app ${run.ms.toFixed(0)} ms = ${(bytes / MB / (run.ms / 1000)).toFixed(0)} MB/s ` +
          `(summary shown at ${run.shownMs.toFixed(0)} ms), native ${nativeRun.ms.toFixed(0)} ms = ` +
          `${(bytes / MB / (nativeRun.ms / 1000)).toFixed(0)} MB/s, long tasks ${run.longTasks.length ? run.longTasks.map((d) => d.toFixed(0)).join(', ') + ' ms' : 'none'}`,
      );
      for (const frame of run.longFrames) log(`    long frame: ${frame}`);
    }
    summaryText = (await page.getByTestId('install-summary').textContent()) ?? '';
    const bare = (await page.evaluate(BARE_READ)) as { bytes: number; ms: number };
    bareReadRate = bare.bytes / MB / (bare.ms / 1000);
    log(`  the browser reading the same files, hashing nothing: ${bareReadRate.toFixed(0)} MB/s`);
    // One more run with the heap sampled (the sampler's calls would slow a timed run).
    const sampler = await HeapSampler.create(browser, page);
    await sampler.collectGarbage();
    const idle = await sampler.sampleWithBuffers();
    sampler.start(500);
    await page.waitForTimeout(PAUSE_BETWEEN_RUNS_MS);
    try {
      await checkOnce(page, repeat);
      const idleTotal = idle.page.withBuffers + idle.workers.withBuffers;
      heapGrowthMB = (sampler.peakTotalWithBuffers - idleTotal) / MB;
      log(
        `  heap (page and workers, with array buffers): peak ${heapGrowthMB.toFixed(1)} MB over idle`,
      );
    } catch (error) {
      heapGrowthMB = Number.NaN;
      report.notes.push(
        `the heap-sampled run failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      log(
        `  the heap-sampled run failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      sampler.stop();
      await sampler.detach();
    }
  } finally {
    await closePage(page);
  }

  const expected = `${install.fileCount.toLocaleString('en-US')} files listed: ${install.hashed.length.toLocaleString('en-US')} ok, 0 missing, 0 size mismatch, 0 KI-CRC mismatch, ${install.dynamicCount.toLocaleString('en-US')} dynamic; 0 unlisted files`;
  if (!summaryText.endsWith(expected)) report.notes.push(`install summary was "${summaryText}"`);
  const appMs = median(runs.map((run) => run.ms));
  const nativeMs = median(native);
  const appRate = bytes / MB / (appMs / 1000);
  const nativeRate = bytes / MB / (nativeMs / 1000);
  const longest = Math.max(0, ...runs.flatMap((run) => run.longTasks));
  report.figures.push(
    {
      id: 'install.hashed_mb',
      label: 'Install bytes hashed',
      value: round(bytes / MB),
      unit: 'MB',
    },
    {
      id: 'install.native_mbps',
      label: 'Native fs read + KI-CRC kernel, file by file',
      value: round(nativeRate),
      unit: 'MB/s',
    },
    {
      id: 'install.app_mbps',
      label: 'App install check (worker call)',
      value: round(appRate),
      unit: 'MB/s',
    },
    { id: 'install.app_ms', label: 'App install check', value: round(appMs), unit: 'ms' },
    {
      id: 'install.shown_ms',
      label: 'App install check, folder chosen to summary shown',
      value: round(median(runs.map((run) => run.shownMs))),
      unit: 'ms',
    },
    {
      id: 'install.browser_read_mbps',
      label: 'The browser reading the same files, hashing nothing (3 workers)',
      value: round(bareReadRate),
      unit: 'MB/s',
    },
    {
      id: 'install.heap_growth_mb',
      label: 'Heap growth while checking (page and workers, with array buffers)',
      value: round(heapGrowthMB),
      unit: 'MB',
    },
    {
      id: 'install.longest_task_ms',
      label: 'Longest main-thread task while checking an install',
      value: round(longest),
      unit: 'ms',
    },
  );
  report.targets.push(
    {
      id: 'install.throughput',
      label: 'Install verification: MB/s vs native',
      measured: round(appRate),
      unit: 'MB/s',
      baseline: round(nativeRate),
      ratio: round(appRate / nativeRate, 2),
      target: '≥ 0.6× native',
      met: appRate >= 0.6 * nativeRate,
      note: `median of ${runs.length} runs in one page, native runs interleaved; ${install.fileCount.toLocaleString('en-US')} files of ${round(install.totalBytes / MB)} MB, the ${install.hashed.length.toLocaleString('en-US')} that are not dynamic hashed (${round(bytes / MB)} MB); native = Node reading each file in 8 MiB windows and hashing it with the project's KI-CRC kernel; the browser alone reads the same files at ${round(bareReadRate)} MB/s (${round(appRate / bareReadRate, 2)}× of that)`,
    },
    longestTaskTarget(
      'responsive.install',
      'Longest main-thread task while checking an install',
      longest,
      "PerformanceObserver 'longtask', from the click on the folder picker to the summary shown; 0 means none was reported",
    ),
  );
  return report;
}
