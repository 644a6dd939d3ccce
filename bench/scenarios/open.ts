/**
 * Targets 1, 5 and 6 (open): time to the first entry row and to the fully indexed archive,
 * peak JS heap of page + worker while opening, and long main-thread tasks meanwhile.
 */
import type { Browser } from '@playwright/test';
import {
  HeapSampler,
  arm,
  closePage,
  longTasksBetween,
  marks,
  median,
  openAppPage,
  waitMark,
  warmUpMs,
  workerCalls,
} from '../lib/browser.ts';
import type { GeneratedArchive } from '../lib/generate.ts';
import { nativeReadTable, warmPageCache } from '../lib/native.ts';
import { emptyReport, longestTaskTarget, round, type ScenarioReport } from '../lib/results.ts';

/** Runs of each kind (timed, heap-sampled) at least, whatever `--repeat` says. */
const OPEN_MIN_RUNS = 5;

/** First row of an archive (aria-level 2: a top-level folder or entry), not a loading placeholder. */
export const FIRST_ENTRY_ROW = '[role="treeitem"][aria-level="2"]:not([aria-busy="true"])';
/** Enabled once the file's table is read (file status is no longer `opening`). */
export const INDEXED = '[data-testid="verify-all"]';

export interface OpenRun {
  firstRowMs: number;
  indexedMs: number;
  workerOpenMs: number | null;
  /** The spare decoder's warm-up at page load, before the file was chosen. */
  warmUpMs: number;
  /** When the page sent open(), asked for the first page of rows, and got it (from the input change). */
  openSentMs: number | null;
  firstRowsAskedMs: number | null;
  firstRowsAnsweredMs: number | null;
  longTasks: number[];
  peakHeapBytes: number;
  peakPageHeapBytes: number;
  peakWorkerHeapBytes: number;
  idleHeapBytes: number;
  /** Page + worker heap after the open and a full GC: what the opened archive keeps. */
  retainedHeapBytes: number;
  retainedWorkerHeapBytes: number;
}

/** Opens `path` in a fresh app page through the file input; the page is returned open. */
export async function openInApp(
  browser: Browser,
  url: string,
  path: string,
  withHeap: boolean,
): Promise<{ run: OpenRun; page: Awaited<ReturnType<typeof openAppPage>> }> {
  const page = await openAppPage(browser, url);
  const warmUp = await warmUpMs(page);
  const sampler = withHeap ? await HeapSampler.create(browser, page) : null;
  let idle = 0;
  if (sampler) {
    await sampler.collectGarbage();
    const first = await sampler.sample();
    idle = first.page + first.workers;
    sampler.start(20);
  }
  await arm(page, 'firstRow', 'selector', FIRST_ENTRY_ROW);
  await arm(page, 'indexed', 'enabled', INDEXED);
  await page.getByTestId('file-input').setInputFiles(path);
  await waitMark(page, 'indexed');
  await waitMark(page, 'firstRow');
  let retained = 0;
  let retainedWorker = 0;
  if (sampler) {
    // One more sample after the end, then what stays after a full GC.
    await new Promise((done) => setTimeout(done, 100));
    sampler.stop();
    await sampler.collectGarbage();
    const after = await sampler.sample();
    retained = after.page + after.workers;
    retainedWorker = after.workers;
    await sampler.detach();
  }
  const at = await marks(page);
  const start = at['inputChange']!;
  const [openCall] = await workerCalls(page, 'open');
  const [firstRows] = await workerCalls(page, 'getRows');
  const tasks = await longTasksBetween(page, start, at['indexed']!);
  return {
    page,
    run: {
      firstRowMs: at['firstRow']! - start,
      indexedMs: at['indexed']! - start,
      workerOpenMs: openCall?.end != null ? openCall.end - openCall.start : null,
      warmUpMs: warmUp,
      firstRowsAskedMs: firstRows ? firstRows.start - start : null,
      firstRowsAnsweredMs: firstRows?.end != null ? firstRows.end - start : null,
      openSentMs: openCall ? openCall.start - start : null,
      longTasks: tasks.map((task) => task.duration),
      peakHeapBytes: sampler?.peakTotal ?? 0,
      peakPageHeapBytes: sampler?.peakPage ?? 0,
      peakWorkerHeapBytes: sampler?.peakWorkers ?? 0,
      idleHeapBytes: idle,
      retainedHeapBytes: retained,
      retainedWorkerHeapBytes: retainedWorker,
    },
  };
}

export async function benchOpen(
  browser: Browser,
  url: string,
  archive: GeneratedArchive,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  // An open takes about a second to run: at least five of each kind, so one outlier on a
  // shared machine does not move the median much.
  repeat = Math.max(repeat, OPEN_MIN_RUNS);
  // Native baseline: a few reads before each browser run, so both see the same machine load
  // (it is short, so noise dominates a single read); the median of all of them.
  warmPageCache(archive.path);
  const nativeTimes: number[] = [];
  const nativeReads = (count: number): void => {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const { entries } = nativeReadTable(archive.path);
      nativeTimes.push(performance.now() - started);
      if (entries.length !== archive.entryCount)
        throw new Error('native table read disagrees on the count');
    }
  };
  nativeReads(2);

  const describe = (run: OpenRun, withHeap: boolean): string =>
    `first row ${run.firstRowMs.toFixed(0)} ms (open sent ${run.openSentMs?.toFixed(0)}, rows asked ${run.firstRowsAskedMs?.toFixed(0)}, answered ${run.firstRowsAnsweredMs?.toFixed(0)}), indexed ${run.indexedMs.toFixed(0)} ms` +
    ` (worker open ${run.workerOpenMs?.toFixed(0) ?? '?'} ms, warm-up before it ${run.warmUpMs.toFixed(0)} ms)` +
    (withHeap
      ? `, peak heap ${(run.peakHeapBytes / 2 ** 20).toFixed(1)} MiB` +
        ` (page ${(run.peakPageHeapBytes / 2 ** 20).toFixed(1)}, worker ${(run.peakWorkerHeapBytes / 2 ** 20).toFixed(1)}; retained after GC ${(run.retainedHeapBytes / 2 ** 20).toFixed(1)}, worker ${(run.retainedWorkerHeapBytes / 2 ** 20).toFixed(1)})`
      : '') +
    `, long tasks ${run.longTasks.length ? run.longTasks.map((d) => d.toFixed(0)).join(', ') + ' ms' : 'none'}`;

  // Timed runs without the heap sampler: its CDP calls every 20 ms interrupt the worker.
  const runs: OpenRun[] = [];
  for (let i = 0; i < repeat; i++) {
    nativeReads(3);
    const { run, page } = await openInApp(browser, url, archive.path, false);
    await closePage(page);
    runs.push(run);
    log(`  run ${i + 1}: ${describe(run, false)}`);
  }
  // Memory runs: the same open, sampled.
  const heapRuns: OpenRun[] = [];
  for (let i = 0; i < repeat; i++) {
    const { run, page } = await openInApp(browser, url, archive.path, true);
    await closePage(page);
    heapRuns.push(run);
    log(`  heap run ${i + 1}: ${describe(run, true)}`);
  }
  const nativeMs = median(nativeTimes);
  log(
    `  native table read (fs + Buffer): ${nativeMs.toFixed(1)} ms (median of ${nativeTimes.length}, around the browser runs)`,
  );
  const firstRow = median(runs.map((run) => run.firstRowMs));
  const indexed = median(runs.map((run) => run.indexedMs));
  const workerOpen = median(runs.map((run) => run.workerOpenMs ?? Number.NaN));
  const peakHeap = Math.max(...heapRuns.map((run) => run.peakHeapBytes));
  const idleHeap = median(heapRuns.map((run) => run.idleHeapBytes));
  const longest = Math.max(0, ...[...runs, ...heapRuns].flatMap((run) => run.longTasks));
  const tableMiB = archive.tableSize / 2 ** 20;

  report.figures.push(
    {
      id: 'open.native_table_ms',
      label: 'Native table read (fs + Buffer)',
      value: round(nativeMs),
      unit: 'ms',
    },
    {
      id: 'open.first_row_ms',
      label: 'First entry row painted',
      value: round(firstRow),
      unit: 'ms',
    },
    {
      id: 'open.indexed_ms',
      label: 'Fully indexed (Verify enabled)',
      value: round(indexed),
      unit: 'ms',
    },
    {
      id: 'open.worker_open_ms',
      label: 'Worker open() call',
      value: round(workerOpen),
      unit: 'ms',
    },
    {
      id: 'open.warm_up_ms',
      label: 'Spare decoder warm-up at page load (worker, before a file is chosen)',
      value: round(median(runs.map((run) => run.warmUpMs))),
      unit: 'ms',
    },
    {
      id: 'memory.peak_heap_mib',
      label: 'Peak JS heap, page + worker',
      value: round(peakHeap / 2 ** 20),
      unit: 'MiB',
    },
    {
      id: 'memory.retained_heap_mib',
      label: 'JS heap after opening and a full GC, page + worker',
      value: round(median(heapRuns.map((run) => run.retainedHeapBytes)) / 2 ** 20),
      unit: 'MiB',
    },
    {
      id: 'memory.idle_heap_mib',
      label: 'JS heap before opening',
      value: round(idleHeap / 2 ** 20),
      unit: 'MiB',
    },
    {
      id: 'memory.table_mib',
      label: 'Table (header + journal)',
      value: round(tableMiB, 2),
      unit: 'MiB',
    },
    {
      id: 'open.longest_task_ms',
      label: 'Longest main-thread task while opening',
      value: round(longest),
      unit: 'ms',
    },
  );
  report.targets.push(
    {
      id: 'open.first_row',
      label: `Open ${archive.entryCount.toLocaleString('en-US')}-entry KIWAD: first row`,
      measured: round(firstRow),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: '≤ 300 ms',
      met: firstRow <= 300,
      note: 'from the file input change event to the frame after the first entry row is in the DOM',
    },
    {
      id: 'open.indexed',
      label: 'Open: fully indexed vs native table read',
      measured: round(indexed),
      unit: 'ms',
      baseline: round(nativeMs),
      ratio: round(indexed / nativeMs, 2),
      target: '≤ 3× native',
      met: indexed <= 3 * nativeMs,
      note: 'browser: input change to Verify enabled (whole table parsed, tree built, summary shown)',
    },
    {
      id: 'memory.peak',
      label: 'Peak JS heap (page + worker) while opening',
      measured: round(peakHeap / 2 ** 20),
      unit: 'MiB',
      baseline: round(tableMiB, 2),
      ratio: round(peakHeap / archive.tableSize, 2),
      target: '< 3× table size',
      met: peakHeap < 3 * archive.tableSize,
      note: `CDP Runtime.getHeapUsage every 20 ms (page session + worker target); worst of ${repeat} runs of their own (the timed runs are not sampled); includes ${(idleHeap / 2 ** 20).toFixed(1)} MiB of the idle page`,
    },
    longestTaskTarget(
      'responsive.open',
      'Longest main-thread task while opening',
      longest,
      "PerformanceObserver 'longtask' (tasks over 50 ms); 0 means none was reported",
    ),
  );
  return report;
}
