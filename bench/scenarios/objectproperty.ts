/**
 * ObjectProperty in the bench: a generated `BINd` file of 200,000 objects (`--op-objects`; deep, compressed)
 * and the type list naming them (src/formats/objectproperty/generate.ts), and a generated
 * wiztype JSON list of ~60 MB, the size of a real client's full dump.
 *
 * - **Open with a type list**: the list added through the side-inputs panel, then the file
 *   dropped: from the drop to the frame after the file tree's first typed row is in the DOM
 *   (first rows: streamed while the file decodes), to the object pane's first row (it needs
 *   the whole open), and to the worker's `open` answered (the whole decode, every node made),
 *   against the same session opened in Node with the same list, the runs interleaved.
 * - **A 60 MB list added**: with a small `BINd` file open, the big list added through the
 *   panel; the open file is opened again with the lists, which its worker reads and indexes:
 *   from the input's change to the reopened file's first typed row, with the page's long
 *   tasks meanwhile.
 * - **After a reload**: from the navigation to the panel's button counting the kept lists
 *   (the lists read back from IndexedDB), and to a small file's first typed row when it is
 *   then dropped (its worker reads and indexes the kept lists).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MemoryByteSource } from '../../src/binary/byte-source.ts';
import {
  generateBindFile,
  generateLargeTypeList,
} from '../../src/formats/objectproperty/generate.ts';
import { objectPropertyFormat } from '../../src/formats/objectproperty/module.ts';
import { TYPE_LIST_INPUT } from '../../src/formats/objectproperty/side-input-kinds.ts';
import type { OpenSink } from '../../src/formats/model.ts';
import { inlineServices, sideInputsOf, type SideInputFile } from '../../src/formats/services.ts';
import {
  arm,
  closePage,
  dropFetchedFile,
  fetchAsFile,
  longFramesBetween,
  longTasksBetween,
  marks,
  median,
  openAppPage,
  waitMark,
  workerCalls,
} from '../lib/browser.ts';
import { emptyReport, round, spread, type ScenarioReport } from '../lib/results.ts';

const FILES_DIR = 'bench-files';
const BIG_FILE = 'ObjectData-big.xml';
const SMALL_FILE = 'ObjectData-small.xml';
const SMALL_LIST = 'delve-types.json';
const LARGE_LIST = 'large-types.json';
const FIRST_ROWS_TARGET_MS = 300;
const DECODE_RATIO_TARGET = 3;
const LIST_LOAD_TARGET_MS = 3000;
const READY_AFTER_RELOAD_TARGET_MS = 500;
/** A typed row of the object pane: its table shows the generated root class by name. */
const TYPED_ROW = '[data-testid="op-row"]';
/** The root's row in the file's tree (streamed while the file decodes), by its path. */
const TREE_ROW = '[role="treeitem"] .tree-label[title="class DelveRoot"]';
const TYPED_ROOT_TEXT = 'DelveRoot';
const TYPE_LIST_KIND = TYPE_LIST_INPUT.kind;

interface OpenRun {
  /** The file tree's first typed row. */
  firstRowsMs: number;
  /** The object pane's first row (it needs the whole open). */
  paneRowMs: number;
  openAnsweredMs: number | null;
  longestTaskMs: number;
}

/** Generated inputs, read from `dir` when an earlier run kept them there, else made and kept. */
function generated(
  dir: string,
  name: string,
  make: () => { bytes: Uint8Array; list: Uint8Array },
): { bytes: Uint8Array; list: Uint8Array } {
  const bytesPath = join(dir, `${name}.bin`);
  const listPath = join(dir, `${name}.list`);
  if (existsSync(bytesPath) && existsSync(listPath)) {
    return { bytes: readFileSync(bytesPath), list: readFileSync(listPath) };
  }
  const made = make();
  mkdirSync(dir, { recursive: true });
  writeFileSync(bytesPath, made.bytes);
  writeFileSync(listPath, made.list);
  return made;
}

/** A sink that takes the nodes as the worker's does (by index, from the session's table) and keeps none. */
function countingSink(): OpenSink {
  return {
    nodes() {},
    nodeRange() {},
    documentNodes() {},
  };
}

/** The same session opened in Node with the same list (ms): the decode and its node table. */
async function nodeOpen(bytes: Uint8Array, lists: readonly SideInputFile[]): Promise<number> {
  const services = { ...inlineServices(), sideInputs: sideInputsOf({ [TYPE_LIST_KIND]: lists }) };
  const started = performance.now();
  const session = await objectPropertyFormat.open({
    sources: [new MemoryByteSource(bytes, BIG_FILE)],
    services,
    sink: countingSink(),
  });
  const ms = performance.now() - started;
  if (session.issues.some((issue) => issue.severity === 'error')) {
    throw new Error(`Node open: ${session.issues.map((issue) => issue.message).join('; ')}`);
  }
  return ms;
}

/** Adds `names` (served files) as type lists through the side-inputs panel; resolves once listed. */
async function addTypeLists(page: Page, paths: readonly string[]): Promise<void> {
  await page.getByTestId('side-inputs-button').click();
  const panel = page.getByTestId('side-inputs-panel');
  const kind = panel.locator(`[data-testid="side-inputs-kind"][data-kind="${TYPE_LIST_KIND}"]`);
  await kind.getByTestId('side-inputs-input').setInputFiles([...paths]);
  await kind
    .getByTestId('side-inputs-file')
    .nth(paths.length - 1)
    .waitFor({ timeout: 120_000 });
  await page.keyboard.press('Escape');
}

/** Drops a served file and waits for its first typed object-tree row. */
async function dropAndWaitTyped(page: Page, appUrl: string, name: string): Promise<OpenRun> {
  await fetchAsFile(page, `${appUrl}${FILES_DIR}/${name}`, name);
  await arm(page, 'treeRow', 'selector', TREE_ROW);
  await arm(page, 'typedRow', 'text', TYPED_ROW, TYPED_ROOT_TEXT);
  await dropFetchedFile(page);
  await waitMark(page, 'typedRow', 180_000);
  await waitMark(page, 'treeRow', 10_000);
  const at = await marks(page);
  const drop = at['drop']!;
  const [openCall] = await workerCalls(page, 'open');
  return {
    firstRowsMs: at['treeRow']! - drop,
    paneRowMs: at['typedRow']! - drop,
    openAnsweredMs: openCall?.end == null ? null : openCall.end - drop,
    longestTaskMs: Math.max(
      0,
      ...(await longTasksBetween(page, drop, at['typedRow']!)).map((task) => task.duration),
    ),
  };
}

export async function benchObjectProperty(
  browser: Browser,
  appUrl: string,
  appDir: string,
  objects: number,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  const filesDir = join(appDir, FILES_DIR);
  mkdirSync(filesDir, { recursive: true });
  let started = performance.now();
  // Generating 200,000 objects takes minutes: kept beside the build (`--workdir`) for later runs.
  const big = generated(join(appDir, '..', 'objectproperty'), `bind-${objects}`, () => {
    const made = generateBindFile(objects, { seed: 3 });
    return { bytes: made.bytes, list: new TextEncoder().encode(made.typeList) };
  });
  const small = generateBindFile(20, { seed: 4 });
  const smallList = big.list;
  const largeList = generated(join(appDir, '..', 'objectproperty'), 'large-list', () => ({
    bytes: generateLargeTypeList(),
    list: new Uint8Array(0),
  })).bytes;
  writeFileSync(join(filesDir, BIG_FILE), big.bytes);
  writeFileSync(join(filesDir, SMALL_FILE), small.bytes);
  writeFileSync(join(filesDir, SMALL_LIST), smallList);
  writeFileSync(join(filesDir, LARGE_LIST), largeList);
  log(
    `  ${BIG_FILE}: ${objects.toLocaleString('en-US')} objects, ${(big.bytes.length / 2 ** 20).toFixed(1)} MiB compressed; ` +
      `${LARGE_LIST}: ${(largeList.length / 2 ** 20).toFixed(1)} MiB; made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const lists = [{ name: SMALL_LIST, bytes: smallList }];

  // Open with a type list, interleaved with Node opening the same.
  const node: number[] = [await nodeOpen(big.bytes, lists)];
  const runs: OpenRun[] = [];
  for (let i = 0; i < repeat; i++) {
    const page = await openAppPage(browser, appUrl);
    try {
      await addTypeLists(page, [join(filesDir, SMALL_LIST)]);
      // A page whose worker gives out (memory) is a run that never shows its rows.
      const run = await dropAndWaitTyped(page, appUrl, BIG_FILE).catch((error: unknown) => {
        log(
          `  run ${i + 1}: no typed rows: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
        return {
          firstRowsMs: Infinity,
          paneRowMs: Infinity,
          openAnsweredMs: null,
          longestTaskMs: 0,
        };
      });
      runs.push(run);
      node.push(await nodeOpen(big.bytes, lists));
      log(
        `  run ${i + 1}: first rows ${run.firstRowsMs.toFixed(0)} ms, pane's first row ${run.paneRowMs.toFixed(0)} ms, open answered ${run.openAnsweredMs?.toFixed(0) ?? '?'} ms, ` +
          `longest task ${run.longestTaskMs.toFixed(0)} ms; Node open ${node.at(-1)!.toFixed(0)} ms`,
      );
    } finally {
      await closePage(page);
    }
  }
  const nodeMs = median(node);
  const firstRows = runs.map((run) => run.firstRowsMs);
  const decodes = runs.map((run) => run.openAnsweredMs ?? Number.NaN);
  const firstRowsMs = median(firstRows);
  const decodeMs = median(decodes);

  // A 60 MB list added while a file is open, then the page reloaded.
  const loads: number[] = [];
  const loadTasks: number[] = [];
  const ready: number[] = [];
  const afterReload: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const page = await openAppPage(browser, appUrl);
    try {
      await addTypeLists(page, [join(filesDir, SMALL_LIST)]);
      await dropAndWaitTyped(page, appUrl, SMALL_FILE);
      await page.getByTestId('side-inputs-button').click();
      const kind = page.locator(`[data-testid="side-inputs-kind"][data-kind="${TYPE_LIST_KIND}"]`);
      started = await page.evaluate(() => performance.now());
      const reopened = (await workerCalls(page, 'open')).length;
      await kind.getByTestId('side-inputs-input').setInputFiles(join(filesDir, LARGE_LIST));
      await page.keyboard.press('Escape');
      // The file opens again with both lists; its first typed row ends the load.
      await page.waitForFunction(
        ([count]) =>
          (
            window as unknown as { __probe: { calls: { name: string; end: number | null }[] } }
          ).__probe.calls.filter((call) => call.name === 'open' && call.end !== null).length >
          count!,
        [reopened],
        { timeout: 180_000 },
      );
      await page
        .locator(TYPED_ROW, { hasText: TYPED_ROOT_TEXT })
        .first()
        .waitFor({ timeout: 180_000 });
      const loaded = await page.evaluate(() => performance.now());
      loads.push(loaded - started);
      loadTasks.push(
        Math.max(
          0,
          ...(await longTasksBetween(page, started, loaded)).map((task) => task.duration),
        ),
      );
      // What a long task was: the long animation frames of the load, one line each.
      const frames = loadTasks.at(-1)! > 50 ? await longFramesBetween(page, started, loaded) : [];

      await page.reload();
      await page
        .getByTestId('side-inputs-button')
        .filter({ hasText: '(2)' })
        .waitFor({ timeout: 60_000 });
      ready.push(await page.evaluate(() => performance.now()));
      afterReload.push((await dropAndWaitTyped(page, appUrl, SMALL_FILE)).paneRowMs);
      log(
        `  list run ${i + 1}: 60 MB list loaded and the file reopened ${loads.at(-1)!.toFixed(0)} ms ` +
          `(longest task ${loadTasks.at(-1)!.toFixed(0)} ms); after a reload the lists are back at ` +
          `${ready.at(-1)!.toFixed(0)} ms, a dropped file's first typed row ${afterReload.at(-1)!.toFixed(0)} ms`,
      );
      for (const frame of frames) log(`    long frame: ${frame}`);
    } finally {
      await closePage(page);
    }
  }

  report.figures.push(
    {
      id: 'op.node_open_ms',
      label: `Node: open the ${objects.toLocaleString('en-US')}-object BINd with its list (median)`,
      value: round(nodeMs),
      unit: 'ms',
    },
    {
      id: 'op.first_rows_ms',
      label: 'BINd dropped: first typed rows (median)',
      value: round(firstRowsMs),
      unit: 'ms',
    },
    {
      id: 'op.pane_first_row_ms',
      label: 'BINd dropped: the object pane\u2019s first row, after the whole open (median)',
      value: round(median(runs.map((run) => run.paneRowMs))),
      unit: 'ms',
    },
    {
      id: 'op.longest_open_task_ms',
      label: 'BINd dropped: longest main-thread task (worst run)',
      value: round(Math.max(...runs.map((run) => run.longestTaskMs))),
      unit: 'ms',
    },
    {
      id: 'op.list_longest_task_ms',
      label: '60 MB list added: longest main-thread task (worst run)',
      value: round(Math.max(...loadTasks)),
      unit: 'ms',
    },
    {
      id: 'op.after_reload_first_row_ms',
      label: 'After a reload: a dropped BINd’s first typed row (median)',
      value: round(median(afterReload)),
      unit: 'ms',
    },
  );
  report.targets.push(
    {
      id: 'op.decode',
      label: `Open a ${objects.toLocaleString('en-US')}-object BINd with a type list`,
      measured: round(decodeMs),
      unit: 'ms',
      baseline: round(nodeMs),
      ratio: round(decodeMs / nodeMs, 2),
      target: `≤ ${DECODE_RATIO_TARGET}× Node`,
      met: decodeMs <= DECODE_RATIO_TARGET * nodeMs,
      note: `from the drop to the worker's open() answered (decoded, every node made), median of ${runs.length} [${spread(decodes)}]; Node = the same session opened with the same list, median of ${node.length} [${spread(node)}]`,
    },
    {
      id: 'op.first_rows',
      label: `Open a ${objects.toLocaleString('en-US')}-object BINd with a type list: first rows`,
      measured: round(firstRowsMs),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: `≤ ${FIRST_ROWS_TARGET_MS} ms`,
      met: firstRowsMs <= FIRST_ROWS_TARGET_MS,
      note: `from the drop to the frame after the file tree's first row naming the root class is in the DOM (streamed while the file decodes); median of ${runs.length} [${spread(firstRows)}]`,
    },
    {
      id: 'op.list_load',
      label: 'A 60 MB wiztype list added: read and indexed in the worker',
      measured: round(median(loads)),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: `≤ ${LIST_LOAD_TARGET_MS} ms, no long task`,
      met: median(loads) <= LIST_LOAD_TARGET_MS && Math.max(...loadTasks) <= 50,
      note: `from the panel input's files set to the open file's first typed row after it reopened with the list; median of ${loads.length} [${spread(loads)}]; longest main-thread task ${Math.round(Math.max(...loadTasks))} ms`,
    },
    {
      id: 'op.ready_after_reload',
      label: 'Kept type lists back after a reload',
      measured: round(median(ready)),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: `≤ ${READY_AFTER_RELOAD_TARGET_MS} ms`,
      met: median(ready) <= READY_AFTER_RELOAD_TARGET_MS,
      note: `from the navigation to the panel's button counting both lists (read back from IndexedDB), median of ${ready.length} [${spread(ready)}]; a small BINd dropped then shows its first typed row at ${Math.round(median(afterReload))} ms (its worker reads and indexes the 60 MB list)`,
    },
  );
  return report;
}
