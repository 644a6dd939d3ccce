/**
 * Target 3 (extract): inflate every compressed entry in the browser through the app's own
 * content path (harness worker, see bench/harness), against zlib.inflateSync in Node on the
 * same entries.
 */
import type { Browser } from '@playwright/test';
import { median } from '../lib/browser.ts';
import type { GeneratedArchive } from '../lib/generate.ts';
import { nativeInflate, nativeReadTable, warmPageCache } from '../lib/native.ts';
import { MB, emptyReport, round, type ScenarioReport } from '../lib/results.ts';
import type { HarnessJob, HarnessResult } from '../harness/extract.worker.ts';

type HarnessWindow = { runJob: (job: HarnessJob) => Promise<HarnessResult> };

export async function benchExtract(
  browser: Browser,
  harnessUrl: string,
  archive: GeneratedArchive,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  warmPageCache(archive.path);
  const { entries } = nativeReadTable(archive.path);
  const native = [];
  for (let i = 0; i < repeat; i++) native.push(nativeInflate(archive.path, entries));
  const output = native[0]!.outputBytes;
  const nativeMs = median(native.map((run) => run.totalMs));
  const nativeRate = output / MB / (nativeMs / 1000);
  const nativeSmall =
    native[0]!.smallOutputBytes / MB / (median(native.map((run) => run.smallMs)) / 1000);
  const nativeLarge =
    native[0]!.largeOutputBytes / MB / (median(native.map((run) => run.largeMs)) / 1000);
  log(
    `  native read + zlib.inflateSync: ${nativeRate.toFixed(0)} MB/s out (${native[0]!.entries} entries; small ${nativeSmall.toFixed(0)}, large ${nativeLarge.toFixed(0)} MB/s)`,
  );

  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  harness error: ${error.message}`));
  await page.goto(harnessUrl);
  await page.getByTestId('harness-input').setInputFiles(archive.path);
  const results: Record<string, HarnessResult[]> = { content: [], sequential: [] };
  try {
    for (let i = 0; i < repeat; i++) {
      for (const mode of ['content', 'sequential'] as const) {
        const result = await page.evaluate(
          (job) => (window as unknown as HarnessWindow).runJob(job),
          { mode },
        );
        if (result.error) throw new Error(`harness ${mode}: ${result.error}`);
        if (result.outputBytes !== output)
          throw new Error(`harness ${mode}: ${result.outputBytes} bytes, native ${output}`);
        results[mode]!.push(result);
        log(
          `  run ${i + 1} ${mode}: ${result.totalMs.toFixed(0)} ms = ${(output / MB / (result.totalMs / 1000)).toFixed(0)} MB/s` +
            ` (small ${(result.smallOutputBytes / MB / (result.smallMs / 1000)).toFixed(0)}, large ${(result.largeOutputBytes / MB / (result.largeMs / 1000)).toFixed(0)} MB/s)`,
        );
      }
    }
  } finally {
    await context.close();
  }
  const rate = (mode: string) =>
    output / MB / (median(results[mode]!.map((run) => run.totalMs)) / 1000);
  const part = (mode: string, key: 'small' | 'large') => {
    const first = results[mode]![0]!;
    const bytes = key === 'small' ? first.smallOutputBytes : first.largeOutputBytes;
    return (
      bytes /
      MB /
      (median(results[mode]!.map((run) => (key === 'small' ? run.smallMs : run.largeMs))) / 1000)
    );
  };
  const contentRate = rate('content');
  const sequentialRate = rate('sequential');
  report.figures.push(
    { id: 'extract.output_mb', label: 'Inflated bytes', value: round(output / MB), unit: 'MB' },
    {
      id: 'extract.native_mbps',
      label: 'Native fs read + zlib.inflateSync',
      value: round(nativeRate),
      unit: 'MB/s',
    },
    {
      id: 'extract.native_small_mbps',
      label: 'Native inflate, entries < 1 MiB',
      value: round(nativeSmall),
      unit: 'MB/s',
    },
    {
      id: 'extract.native_large_mbps',
      label: 'Native inflate, entries ≥ 1 MiB',
      value: round(nativeLarge),
      unit: 'MB/s',
    },
    {
      id: 'extract.app_mbps',
      label: 'App bulk content reads (as a zip reads them)',
      value: round(contentRate),
      unit: 'MB/s',
    },
    {
      id: 'extract.app_sequential_mbps',
      label: 'App content reads one at a time (no helpers)',
      value: round(sequentialRate),
      unit: 'MB/s',
    },
    {
      id: 'extract.app_seq_small_mbps',
      label: 'One at a time, entries < 1 MiB',
      value: round(part('sequential', 'small')),
      unit: 'MB/s',
    },
    {
      id: 'extract.app_seq_large_mbps',
      label: 'One at a time, entries ≥ 1 MiB',
      value: round(part('sequential', 'large')),
      unit: 'MB/s',
    },
  );
  report.targets.push({
    id: 'extract.throughput',
    label: 'Extract (inflate every compressed entry) vs native',
    measured: round(contentRate),
    unit: 'MB/s',
    baseline: round(nativeRate),
    ratio: round(contentRate / nativeRate, 3),
    target: '≥ 0.7× native',
    met: contentRate >= 0.7 * nativeRate,
    note: 'output MB/s of every compressed entry; browser = the KIWAD session’s content.read driven by readInOrder, as the decoder worker’s zip reads entries (read-ahead windows, helper workers for large entries), in a harness worker',
  });
  return report;
}
