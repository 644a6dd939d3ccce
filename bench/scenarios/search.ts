/**
 * Search in contents: every entry of the big archive searched for a string by the app's own
 * search (worker/jobs/contents-search.ts, in a harness worker, as the decoder worker runs it
 * for the panel), against Node reading the same entries in file order, inflating the
 * compressed ones with zlib.inflateSync and scanning each with Buffer.indexOf, in the same
 * run. Both count their matches, and must agree.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { loadavg } from 'node:os';
import { inflateSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { median } from '../lib/browser.ts';
import type { GeneratedArchive } from '../lib/generate.ts';
import { nativeReadTable, warmPageCache, type NativeEntry } from '../lib/native.ts';
import { MB, emptyReport, round, spread, type ScenarioReport } from '../lib/results.ts';
import type { HarnessJob, HarnessResult } from '../harness/extract.worker.ts';

type HarnessWindow = { runJob: (job: HarnessJob) => Promise<HarnessResult> };

/**
 * What is searched for: the start of an id attribute of the corpus's markup lines, which the
 * generated entries hold a few thousand times in all (each match also builds its line of
 * context, as a real search's would). A search that finds nothing would not show that cost.
 */
const NEEDLE = 'id="424';

interface NativeSearch {
  ms: number;
  bytes: number;
  hits: number;
}

/** Node's read, inflate and indexOf over every entry, in the order their bytes lie. */
function nativeSearch(path: string, entries: readonly NativeEntry[]): NativeSearch {
  const needle = Buffer.from(NEEDLE);
  const sorted = [...entries].sort((a, b) => a.dataOffset - b.dataOffset);
  const started = performance.now();
  const fd = openSync(path, 'r');
  let buffer = Buffer.allocUnsafe(1024 * 1024);
  let bytes = 0;
  let hits = 0;
  try {
    for (const entry of sorted) {
      if (entry.storedSize > buffer.length) buffer = Buffer.allocUnsafe(entry.storedSize);
      readSync(fd, buffer, 0, entry.storedSize, entry.dataOffset);
      const stored = buffer.subarray(0, entry.storedSize);
      const content = entry.isCompressed ? inflateSync(stored) : stored;
      for (let at = content.indexOf(needle); at >= 0; at = content.indexOf(needle, at + 1)) hits++;
      bytes += content.length;
    }
  } finally {
    closeSync(fd);
  }
  return { ms: performance.now() - started, bytes, hits };
}

export async function benchSearch(
  browser: Browser,
  harnessUrl: string,
  archive: GeneratedArchive,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  warmPageCache(archive.path);
  const { entries } = nativeReadTable(archive.path);
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  harness error: ${error.message}`));
  await page.goto(harnessUrl);
  await page.getByTestId('harness-input').setInputFiles(archive.path);
  const native: NativeSearch[] = [];
  const app: HarnessResult[] = [];
  const loads: number[] = [];
  try {
    // Interleaved, so both sides see the same load.
    for (let i = 0; i < repeat; i++) {
      loads.push(loadavg()[0]!);
      const baseline = nativeSearch(archive.path, entries);
      native.push(baseline);
      const result = await page.evaluate(
        (job) => (window as unknown as HarnessWindow).runJob(job),
        { mode: 'search', needle: NEEDLE } satisfies HarnessJob,
      );
      if (result.error) throw new Error(`harness search: ${result.error}`);
      if (baseline.hits === 0) throw new Error(`search: "${NEEDLE}" is in no entry`);
      if (result.outputBytes !== baseline.bytes || result.hits !== baseline.hits) {
        throw new Error(
          `search: app ${result.outputBytes} bytes, ${result.hits} hits; native ${baseline.bytes} bytes, ${baseline.hits} hits`,
        );
      }
      app.push(result);
      log(
        `  run ${i + 1}: native ${baseline.ms.toFixed(0)} ms = ${(baseline.bytes / MB / (baseline.ms / 1000)).toFixed(0)} MB/s; ` +
          `app ${result.totalMs.toFixed(0)} ms = ${(result.outputBytes / MB / (result.totalMs / 1000)).toFixed(0)} MB/s ` +
          `(${result.entries} entries, ${result.hits} matches, load ${loads.at(-1)!.toFixed(1)})`,
      );
    }
  } finally {
    await context.close();
  }
  const bytes = native[0]!.bytes;
  const nativeMs = median(native.map((run) => run.ms));
  const appMs = median(app.map((run) => run.totalMs));
  const nativeRate = bytes / MB / (nativeMs / 1000);
  const appRate = bytes / MB / (appMs / 1000);
  report.figures.push(
    { id: 'search.bytes_mb', label: 'Content searched', value: round(bytes / MB), unit: 'MB' },
    { id: 'search.matches', label: `Matches of "${NEEDLE}"`, value: native[0]!.hits, unit: '' },
    {
      id: 'search.native_ms',
      label: 'Node read + inflateSync + indexOf',
      value: round(nativeMs, 0),
      unit: 'ms',
    },
    {
      id: 'search.app_ms',
      label: 'App search in contents, every entry',
      value: round(appMs, 0),
      unit: 'ms',
    },
  );
  report.targets.push({
    id: 'search.throughput',
    label: 'Search in contents (every entry) vs native',
    measured: round(appRate),
    unit: 'MB/s',
    baseline: round(nativeRate),
    ratio: round(appRate / nativeRate, 2),
    target: '≥ 0.5× native',
    met: appRate >= 0.5 * nativeRate,
    note:
      `content MB/s over every entry; median of ${repeat} [app ${spread(app.map((run) => run.totalMs))} ms, ` +
      `native ${spread(native.map((run) => run.ms))} ms], load ${spread(loads, 1)}; browser = searchContents ` +
      '(read ahead in file order, helper workers inflating) in a harness worker; native = fs read, zlib.inflateSync, Buffer.indexOf',
  });
  return report;
}
