/**
 * Target 2 (verify all CRCs) and 6 (responsiveness during verify): the app's Verify all
 * button, timed by the worker call it makes, against Node reading the same stored bytes and
 * running zlib.crc32 over them.
 */
import type { Browser, Page } from '@playwright/test';
import { answeredCall, closePage, longTasksBetween, median } from '../lib/browser.ts';
import type { GeneratedArchive } from '../lib/generate.ts';
import { nativeReadTable, nativeVerify, warmPageCache } from '../lib/native.ts';
import { MB, emptyReport, longestTaskTarget, round, type ScenarioReport } from '../lib/results.ts';
import { openInApp } from './open.ts';

async function verifyOnce(
  page: Page,
  nth: number,
): Promise<{ ms: number; start: number; end: number }> {
  await page.getByTestId('verify-all').click();
  const { start, end } = await answeredCall(page, 'verifyAll', nth, 600_000);
  // Wait until the button is usable again (the job has left the store).
  await page.waitForFunction(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="verify-all"]');
    return button !== null && !button.disabled;
  });
  return { ms: end - start, start, end };
}

/**
 * Runs of each side at least, whatever `--repeat` says: a Verify all takes half a second,
 * and on a shared machine a median of three was one noisy run away from either answer.
 */
const VERIFY_MIN_RUNS = 5;
/**
 * Pause before each run after the first, as a person reads the summary before clicking
 * again: the app replaces its checksum workers after a run and warms the new ones up
 * (crc-pipeline.ts), which a click 50 ms later would find still at work. The first run
 * is reported on its own as well.
 */
const PAUSE_BETWEEN_RUNS_MS = 500;

export async function benchVerify(
  browser: Browser,
  url: string,
  archive: GeneratedArchive,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  repeat = Math.max(repeat, VERIFY_MIN_RUNS);
  const report = emptyReport();
  warmPageCache(archive.path);
  const { entries } = nativeReadTable(archive.path);
  const native = [];
  for (let i = 0; i < repeat; i++) native.push(nativeVerify(archive.path, entries));
  if (native.some((run) => run.mismatches > 0)) throw new Error('native verify found mismatches');
  const bytes = native[0]!.bytes;
  const nativeMs = median(native.map((run) => run.totalMs));
  const nativeCrcMs = median(native.map((run) => run.crcMs));
  const nativeRate = bytes / MB / (nativeMs / 1000);
  const nativeCrcRate = bytes / MB / (nativeCrcMs / 1000);
  log(
    `  native read + zlib.crc32: ${nativeRate.toFixed(0)} MB/s (crc alone ${nativeCrcRate.toFixed(0)} MB/s)`,
  );

  const { page } = await openInApp(browser, url, archive.path, false);
  // After an open the page starts the next spare decoder worker, which warms itself up
  // (~0.3 s of a core): wait for that, as for the open itself, so the runs time Verify all
  // and not a warm-up for some later file. A person looks at the archive at least as long.
  await page.waitForFunction(
    () => performance.getEntriesByName('delve:decoder-warm').length >= 2,
    undefined,
    { timeout: 30_000 },
  );
  const times: number[] = [];
  const longTasks: number[] = [];
  try {
    for (let i = 0; i < repeat; i++) {
      if (i > 0) await page.waitForTimeout(PAUSE_BETWEEN_RUNS_MS);
      const run = await verifyOnce(page, i);
      times.push(run.ms);
      const tasks = await longTasksBetween(page, run.start, run.end);
      longTasks.push(...tasks.map((task) => task.duration));
      log(
        `  run ${i + 1}: ${run.ms.toFixed(0)} ms = ${(bytes / MB / (run.ms / 1000)).toFixed(0)} MB/s, long tasks ${tasks.length ? tasks.map((t) => t.duration.toFixed(0)).join(', ') + ' ms' : 'none'}`,
      );
    }
    const summary = (await page.getByTestId('verify-summary').textContent()) ?? '';
    const okCount = archive.entryCount.toLocaleString('en-US');
    if (!summary.includes(`${okCount} ok`)) report.notes.push(`verify summary was "${summary}"`);
  } finally {
    await closePage(page);
  }
  const appMs = median(times);
  const appRate = bytes / MB / (appMs / 1000);
  const firstRate = bytes / MB / (times[0]! / 1000);
  const longest = Math.max(0, ...longTasks);
  report.figures.push(
    { id: 'verify.stored_mb', label: 'Stored bytes checked', value: round(bytes / MB), unit: 'MB' },
    {
      id: 'verify.native_mbps',
      label: 'Native fs read + zlib.crc32',
      value: round(nativeRate),
      unit: 'MB/s',
    },
    {
      id: 'verify.native_crc_only_mbps',
      label: 'Native zlib.crc32 alone (bytes in memory)',
      value: round(nativeCrcRate),
      unit: 'MB/s',
    },
    {
      id: 'verify.app_mbps',
      label: 'App Verify all (worker call)',
      value: round(appRate),
      unit: 'MB/s',
    },
    { id: 'verify.app_ms', label: 'App Verify all', value: round(appMs), unit: 'ms' },
    {
      // Once the page has settled after the open: whether the archive's checksum workers
      // (started 250 ms after it) are there and warm yet depends on how long that took.
      id: 'verify.first_run_mbps',
      label: 'App Verify all, first run after the open',
      value: round(firstRate),
      unit: 'MB/s',
    },
    {
      id: 'verify.longest_task_ms',
      label: 'Longest main-thread task while verifying',
      value: round(longest),
      unit: 'ms',
    },
  );
  report.targets.push(
    {
      id: 'verify.throughput',
      label: 'Verify all CRCs: MB/s vs native',
      measured: round(appRate),
      unit: 'MB/s',
      baseline: round(nativeRate),
      ratio: round(appRate / nativeRate, 3),
      target: '≥ 0.6× native',
      met: appRate >= 0.6 * nativeRate,
      note: `median of ${times.length} runs in one page: the first (${round(firstRate / nativeRate, 2)}× native) once the page has settled after the open, the others 0.5 s after the one before; native = fs reads of the same stored bytes + zlib.crc32 (${round(appRate / nativeCrcRate, 2)}× of zlib.crc32 alone on bytes in memory)`,
    },
    longestTaskTarget(
      'responsive.verify',
      'Longest main-thread task while verifying',
      longest,
      "PerformanceObserver 'longtask'; 0 means none was reported",
    ),
  );
  return report;
}
