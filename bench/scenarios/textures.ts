/**
 * Texture decoding beside its peers, on the same generated 4096 × 4096 files in one run
 * (bench/lib/texture-data.ts), the sides interleaved run by run so all see the same load:
 *
 * - Delve: each file dropped on a fresh page of the built app; the image view asks the
 *   worker for level 0 (`decodeImage`), timed from the call sent to its answer on the page
 *   (the surface read from the File, decoded to RGBA, the pixels transferred). A fresh
 *   worker each run: what a person opening the file waits for, JIT warm-up included.
 * - Pillow's C decoder: `Image.open(path).load()` in a fresh interpreter, timed inside
 *   Python (file read, header parse, decode to RGBA; interpreter start-up left out).
 * - decode-dxt (npm, JavaScript): `decode(DataView, w, h, 'dxt1' | 'dxt5')` on the file's
 *   bytes already in memory, in this Node process (warm after its first run).
 *
 * Throughput is megapixels of the surface a second; a target is Delve's median over the
 * peer's. ASTC 4 × 4 and 8 × 8 (PVR files; no peer reads them here) are recorded as figures.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import decodeDxt from 'decode-dxt';
import {
  answeredCall,
  closePage,
  dropFetchedFile,
  fetchAsFile,
  median,
  openAppPage,
} from '../lib/browser.ts';
import { pillowLoad, pillowPeer } from '../lib/pillow.ts';
import { emptyReport, round, spread, type ScenarioReport } from '../lib/results.ts';
import { generateTextures, type TextureBenchFile } from '../lib/texture-data.ts';

export const TEXTURE_SIDE = 4096;
const FILES_DIR = 'bench-files';
/** Runs of each side at least, whatever `--repeat` says. */
const MIN_RUNS = 5;
/** DDS header bytes before the data of a legacy (FourCC) file. */
const DDS_HEADER_BYTES = 128;
const PILLOW_TARGET = 0.7;
const DECODE_DXT_TARGET = 2;

/** How long one decode may take before the codec is given up for the run (a loaded machine). */
const DECODE_BUDGET_MS = 300_000;
/** Runs of the ASTC figures (no target; each 4 × 4 decode is the slowest of the set). */
const ASTC_RUNS = 3;
/** Tries at opening a page of the app for one decode. */
const PAGE_ATTEMPTS = 3;

/** How long the page may take to draw an answered 4096 × 4096 decode before the sample is dropped. */
const DRAW_BUDGET_MS = 120_000;

/**
 * One decode in the app's worker, through the image view: ms from the call to its answer;
 * `gave-up` when it did not answer within the budget; `not-drawn` when it answered but the
 * page drew neither the picture nor an error within DRAW_BUDGET_MS (a loaded machine): the
 * sample is left out, not the scenario.
 */
async function delveDecode(
  browser: Browser,
  appUrl: string,
  file: TextureBenchFile,
): Promise<number | 'gave-up' | 'not-drawn'> {
  // On a loaded machine the page's warm-up can miss its 15 s: a fresh page is tried again.
  let page: Page | null = null;
  for (let attempt = 1; page === null; attempt++) {
    try {
      page = await openAppPage(browser, appUrl);
    } catch (error) {
      if (attempt >= PAGE_ATTEMPTS) throw error;
    }
  }
  try {
    await fetchAsFile(page, `${appUrl}${FILES_DIR}/${file.name}`, file.name);
    await dropFetchedFile(page);
    let call: { start: number; end: number };
    try {
      call = await answeredCall(page, 'decodeImage', 0, DECODE_BUDGET_MS);
    } catch {
      return 'gave-up';
    }
    // The answer was pixels, not an error: the canvas takes the surface's size.
    const drawn = page.locator(
      `[data-testid="texture-canvas"][data-width="${file.width}"][data-height="${file.height}"]`,
    );
    const failed = page.getByTestId('texture-error');
    try {
      await drawn.or(failed).first().waitFor({ timeout: DRAW_BUDGET_MS });
    } catch {
      return 'not-drawn';
    }
    if (await failed.isVisible()) {
      throw new Error(`${file.name}: the image view says ${await failed.textContent()}`);
    }
    return call.end - call.start;
  } finally {
    await closePage(page);
  }
}

function decodeDxtOnce(file: TextureBenchFile, bytes: Uint8Array): number {
  const data = new DataView(bytes.buffer, bytes.byteOffset + DDS_HEADER_BYTES);
  const started = performance.now();
  const rgba = decodeDxt(data, file.width, file.height, file.decodeDxtFormat!);
  const ms = performance.now() - started;
  if (rgba.length !== file.width * file.height * 4) {
    throw new Error(`decode-dxt made ${rgba.length} bytes of ${file.name}`);
  }
  return ms;
}

const megapixelsPerSecond = (file: TextureBenchFile, ms: number) =>
  (file.width * file.height) / 1e6 / (ms / 1000);

interface Samples {
  delve: number[];
  pillow: number[];
  decodeDxt: number[];
}

export async function benchTextures(
  browser: Browser,
  appUrl: string,
  appDir: string,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  const filesDir = join(appDir, FILES_DIR);
  mkdirSync(filesDir, { recursive: true });
  const files = generateTextures(filesDir, TEXTURE_SIDE, log);
  const pillow = pillowPeer(log);
  if ('skipped' in pillow) {
    log(`  Pillow skipped: ${pillow.skipped}`);
    report.notes.push(`textures: Pillow skipped: ${pillow.skipped}`);
  } else {
    log(`  Pillow ${pillow.version} (${pillow.python})`);
  }
  const samples = new Map<TextureBenchFile, Samples>(
    files.map((file) => [file, { delve: [], pillow: [], decodeDxt: [] }]),
  );
  const loads: number[] = [];
  const givenUp = new Set<TextureBenchFile>();
  const runs = Math.max(MIN_RUNS, repeat);
  for (let run = 0; run < runs; run++) {
    loads.push(loadavg()[0]!);
    const parts: string[] = [];
    for (const file of files) {
      const taken = samples.get(file)!;
      const isAstc = file.codec.startsWith('astc');
      if (givenUp.has(file) || (isAstc && run >= ASTC_RUNS)) continue;
      const ms = await delveDecode(browser, appUrl, file);
      if (ms === 'not-drawn') {
        const note = `textures: ${file.label} answered in run ${run + 1} but was not drawn within ${DRAW_BUDGET_MS / 1000} s (load average ${loadavg()[0]!.toFixed(1)}); that sample was left out`;
        report.notes.push(note);
        parts.push(`${file.codec} not drawn`);
        continue;
      }
      if (ms === 'gave-up') {
        givenUp.add(file);
        const note = `textures: ${file.label} did not decode within ${DECODE_BUDGET_MS / 1000} s in run ${run + 1} (load average ${loadavg()[0]!.toFixed(1)}); its later runs were skipped`;
        report.notes.push(note);
        parts.push(`${file.codec} gave up`);
        continue;
      }
      taken.delve.push(ms);
      let part = `${file.codec} ${ms.toFixed(0)}`;
      if (!('skipped' in pillow) && file.isPillowReadable) {
        const loaded = pillowLoad(pillow, file.path);
        if (loaded.width !== file.width || loaded.height !== file.height) {
          throw new Error(`Pillow read ${file.name} as ${loaded.width} × ${loaded.height}`);
        }
        taken.pillow.push(loaded.ms);
        part += ` / Pillow ${loaded.ms.toFixed(0)}`;
      }
      if (file.decodeDxtFormat) {
        taken.decodeDxt.push(decodeDxtOnce(file, readFileSync(file.path)));
        part += ` / decode-dxt ${taken.decodeDxt.at(-1)!.toFixed(0)}`;
      }
      parts.push(part);
    }
    log(`  run ${run + 1} (load ${loads.at(-1)!.toFixed(1)}): ${parts.join(', ')} ms`);
  }
  loads.push(loadavg()[0]!);

  const side = `${TEXTURE_SIDE} × ${TEXTURE_SIDE}`;
  for (const file of files) {
    const taken = samples.get(file)!;
    if (taken.delve.length === 0) continue;
    const delveMs = median(taken.delve);
    const delveRate = megapixelsPerSecond(file, delveMs);
    report.figures.push(
      {
        id: `textures.${file.codec}_delve_ms`,
        label: `${file.label} ${side}: decode in the app's worker (median of ${taken.delve.length} [${spread(taken.delve)}])`,
        value: round(delveMs),
        unit: 'ms',
      },
      {
        id: `textures.${file.codec}_delve_mpps`,
        label: `${file.label} ${side}: throughput in the app's worker`,
        value: round(delveRate),
        unit: 'MP/s',
      },
    );
    const ratioTarget = (
      peer: 'pillow' | 'decodeDxt',
      name: string,
      bound: number,
      how: string,
    ) => {
      const peerMs = median(taken[peer]);
      const peerRate = megapixelsPerSecond(file, peerMs);
      const ratio = delveRate / peerRate;
      report.figures.push({
        id: `textures.${file.codec}_${peer}_ms`,
        label: `${file.label} ${side}: ${name} (median of ${taken[peer].length} [${spread(taken[peer])}])`,
        value: round(peerMs),
        unit: 'ms',
      });
      report.targets.push({
        id: `textures.${file.codec}_vs_${peer}`,
        label: `Decode a ${side} ${file.label} DDS to RGBA, against ${name}`,
        measured: round(delveRate),
        unit: 'MP/s',
        baseline: round(peerRate),
        ratio: round(ratio, 2),
        target: `≥ ${bound}× ${name}`,
        met: ratio >= bound,
        note: `throughput of the medians of ${taken.delve.length} interleaved runs: Delve ${delveMs.toFixed(0)} ms [${spread(taken.delve)}] (the worker's decodeImage call on a fresh page, sent to answered: surface read from the File, decoded, transferred), ${name} ${peerMs.toFixed(0)} ms [${spread(taken[peer])}] (${how}); load average ${spread(loads, 1)}`,
      });
    };
    if (taken.pillow.length > 0) {
      ratioTarget(
        'pillow',
        'Pillow',
        PILLOW_TARGET,
        `Pillow ${'skipped' in pillow ? '' : pillow.version} Image.open(path).load() timed inside a fresh Python: file read, header, decode`,
      );
    }
    if (taken.decodeDxt.length > 0) {
      ratioTarget(
        'decodeDxt',
        'decode-dxt',
        DECODE_DXT_TARGET,
        'decode-dxt 1.0.1 on the bytes in memory, in the bench’s Node process',
      );
    }
  }
  report.figures.push({
    id: 'textures.load_average',
    label: 'Texture bench: 1-minute load average, highest seen',
    value: round(Math.max(...loads), 1),
    unit: '',
  });
  return report;
}
