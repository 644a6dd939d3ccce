/**
 * Remote open: the big KIWAD served by a local file server with Range support (on a port of
 * its own, so the requests are cross-origin as on a real host) and opened through the Open
 * URL dialog. Time from the click on Open to the first entry row and to the indexed archive,
 * and the body bytes the server sent for the open (it counts them), against the table size:
 * a remote open reads the table, not the archive.
 */
import type { Browser } from '@playwright/test';
import { startFileServer } from '../../e2e/servers/file-server.ts';
import {
  arm,
  closePage,
  markClickScript,
  marks,
  median,
  openAppPage,
  waitMark,
} from '../lib/browser.ts';
import type { GeneratedArchive } from '../lib/generate.ts';
import { emptyReport, round, type ScenarioReport } from '../lib/results.ts';
import { FIRST_ENTRY_ROW, INDEXED } from './open.ts';

/** Marks the click on the dialog's Open button in the probe's clock (before the app handles it). */
const MARK_OPEN_CLICK = markClickScript('[data-testid="open-url-submit"]', 'openUrlClick');

/** The probe's first request: the detection head, the header and the first table slice. */
const PROBE_BYTES = 64 * 1024;
/** Runs at least, whatever `--repeat` says. */
const MIN_RUNS = 3;
/** After the archive is indexed: anything still on its way is counted too. */
const SETTLE_MS = 300;

interface RemoteRun {
  firstRowMs: number;
  indexedMs: number;
  bytes: number;
  requests: number;
}

export async function benchRemote(
  browser: Browser,
  appUrl: string,
  archive: GeneratedArchive,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  const server = await startFileServer({ 'big.wad': archive.path });
  const runs: RemoteRun[] = [];
  try {
    const address = server.url('ranges', 'big.wad');
    for (let i = 0; i < Math.max(repeat, MIN_RUNS); i++) {
      const page = await openAppPage(browser, appUrl, { initScript: MARK_OPEN_CLICK });
      try {
        await page.getByTestId('open-url-button').click();
        await page.getByTestId('open-url-input').fill(address);
        server.reset();
        await arm(page, 'firstRow', 'selector', FIRST_ENTRY_ROW);
        await arm(page, 'indexed', 'enabled', INDEXED);
        await page.getByTestId('open-url-submit').click();
        await waitMark(page, 'indexed');
        await waitMark(page, 'firstRow');
        await page.waitForTimeout(SETTLE_MS);
        const at = await marks(page);
        const start = at['openUrlClick']!;
        const run: RemoteRun = {
          firstRowMs: at['firstRow']! - start,
          indexedMs: at['indexed']! - start,
          bytes: server.sentBytes,
          requests: server.requests.length,
        };
        runs.push(run);
        log(
          `  run ${i + 1}: first row ${run.firstRowMs.toFixed(0)} ms, indexed ${run.indexedMs.toFixed(0)} ms, ` +
            `${(run.bytes / 2 ** 20).toFixed(2)} MiB in ${run.requests} requests`,
        );
      } finally {
        await closePage(page);
      }
    }
  } finally {
    await server.close();
  }

  const firstRow = median(runs.map((run) => run.firstRowMs));
  const indexed = median(runs.map((run) => run.indexedMs));
  const bytes = Math.max(...runs.map((run) => run.bytes));
  const budget = 1.1 * archive.tableSize + PROBE_BYTES;
  const tableMiB = archive.tableSize / 2 ** 20;
  report.figures.push(
    {
      id: 'remote.first_row_ms',
      label: 'Remote open: first entry row',
      value: round(firstRow),
      unit: 'ms',
    },
    { id: 'remote.indexed_ms', label: 'Remote open: indexed', value: round(indexed), unit: 'ms' },
    {
      id: 'remote.bytes_mib',
      label: 'Remote open: bytes transferred',
      value: round(bytes / 2 ** 20, 3),
      unit: 'MiB',
    },
    {
      id: 'remote.requests',
      label: 'Remote open: requests',
      value: Math.max(...runs.map((run) => run.requests)),
      unit: '',
    },
  );
  report.targets.push(
    {
      id: 'remote.first_row',
      label: `Open a ${(archive.fileSize / 2 ** 30).toFixed(2)} GiB KIWAD by URL: first row`,
      measured: round(firstRow),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: '≤ 500 ms',
      met: firstRow <= 500,
      note: 'local file server with Range support on another port (cross-origin); from the click on Open in the Open URL dialog to the frame after the first entry row is in the DOM; median',
    },
    {
      id: 'remote.bytes',
      label: 'Open by URL: bytes transferred vs table size',
      measured: round(bytes / 2 ** 20, 3),
      unit: 'MiB',
      baseline: round(tableMiB, 3),
      ratio: round(bytes / archive.tableSize, 3),
      target: '≤ 1.1× table + one request (64 KiB)',
      met: bytes <= budget,
      note: `response bodies the server sent from the click until ${SETTLE_MS} ms after the archive was indexed (headers not counted); worst of the runs; the allowance of one request is the probe's 64 KiB`,
    },
  );
  return report;
}
