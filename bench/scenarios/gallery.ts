/**
 * The gallery at scale: a KIWAD (made with our writers, in the bench's work dir) holding a
 * folder of 2,000 DDS textures, each 256 × 256 BC1 with its full mip chain (16 pictures,
 * each stored under 125 names; every entry is read, inflated, opened and decoded on its
 * own). Measured in the built app: from the click on "Gallery" (the folder selected) to the
 * first frame in which every cell in view shows its thumbnail (target ≤ 500 ms), then a
 * scripted scroll through the grid at a steady 40 px a frame while thumbnails keep loading
 * (rAF intervals: p95 ≤ 16.7 ms, 60 fps). The machine's load average is recorded per run.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { encodeBc } from '../../src/binary/pixels/bc-encode.ts';
import { rampPixels } from '../../src/formats/dds/seeds.ts';
import { writeDdsTexture } from '../../src/formats/dds/write.ts';
import { writeKiwad } from '../../src/formats/kiwad/write.ts';
import { closePage, longTasksBetween, median, openAppPage, percentile } from '../lib/browser.ts';
import {
  frameTimeFigures,
  ON_TIME_FRAME_MS,
  round,
  spread,
  type ScenarioReport,
} from '../lib/results.ts';
import { FIRST_ENTRY_ROW } from './open.ts';

export const GALLERY_TEXTURES = 2000;
const SIDE = 256;
const VARIANTS = 16;
const MIN_RUNS = 3;
const SCROLL_FRAMES = 300;
const SCROLL_STEP_PX = 40;
const FIRST_SCREEN_TARGET_MS = 500;
const FRAME_TARGET_MS = 16.7;

/** A 256 × 256 BC1 texture with its full mip chain: the ramp, its channels turned by `variant`. */
function texture(variant: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let side = SIDE; side >= 1; side >>= 1) {
    const rgba = rampPixels(side, side);
    for (let at = 0; at < rgba.length; at += 4) {
      const [r, g, b] = [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!];
      rgba[at] = (r + variant * 37) & 0xff;
      rgba[at + 1] = variant & 1 ? b : g;
      rgba[at + 2] = variant & 2 ? r : b;
      rgba[at + 3] = 255;
    }
    parts.push(encodeBc('bc1', rgba, side, side));
  }
  const data = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  return writeDdsTexture({
    width: SIDE,
    height: SIDE,
    levels: parts.length,
    format: { fourCC: 'DXT1' },
    data,
  });
}

/** Writes the archive into `workdir` (or finds it there from an earlier run); returns its path. */
export function galleryArchive(workdir: string, log: (line: string) => void): string {
  const folder = join(workdir, 'gallery');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `textures-${GALLERY_TEXTURES}.wad`);
  if (existsSync(path)) {
    log(`  Reusing ${path}`);
    return path;
  }
  const started = performance.now();
  const pictures = Array.from({ length: VARIANTS }, (_, variant) => texture(variant));
  const entries = Array.from({ length: GALLERY_TEXTURES }, (_, index) => ({
    name: `Textures/tex_${String(index).padStart(5, '0')}.dds`,
    data: pictures[index % VARIANTS]!,
  }));
  const bytes = writeKiwad(entries, { version: 2, flags: 1 });
  writeFileSync(path, bytes);
  log(
    `  ${GALLERY_TEXTURES.toLocaleString('en-US')} textures, ${(bytes.length / 2 ** 20).toFixed(1)} MiB, written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return path;
}

export interface GalleryRun {
  firstScreenMs: number;
  cellsInView: number;
  frames: number[];
  longestTaskMs: number;
  load: number;
}

/*
 * Page scripts are strings: tsx names the functions it compiles with a helper (`__name`)
 * that the page does not have.
 */

/**
 * In the page: clicks "Gallery" and answers the time from the click to the first frame in
 * which every cell in the grid's view has its thumbnail (or its error), and how many cells.
 */
const FIRST_SCREEN_SCRIPT = `new Promise((resolve, reject) => {
  const button = document.querySelector('[data-testid="gallery-open"]');
  if (!button) return reject(new Error('no Gallery button'));
  const start = performance.now();
  button.click();
  const check = (time) => {
    const grid = document.querySelector('[data-testid="gallery-grid"]');
    if (grid) {
      const view = grid.getBoundingClientRect();
      const cells = [...grid.querySelectorAll('[data-testid="gallery-cell"]')].filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      const isDrawn = cells.every((cell) =>
        cell.querySelector('[data-testid="gallery-thumb"], [data-testid="gallery-error"]'));
      if (cells.length > 0 && isDrawn) return resolve({ ms: time - start, cells: cells.length, start });
    }
    if (time - start > 60000) reject(new Error('the gallery did not show in 60 s'));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

function firstScreen(page: Page): Promise<{ ms: number; cells: number; start: number }> {
  return page.evaluate(FIRST_SCREEN_SCRIPT) as Promise<{
    ms: number;
    cells: number;
    start: number;
  }>;
}

/** In the page: scrolls the grid `frames` frames by `step` px each; answers rAF intervals. */
function scrollGrid(page: Page, frames: number, step: number): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
  const grid = document.querySelector('[data-testid="gallery-grid"]');
  const intervals = [];
  let last = null;
  let done = 0;
  const tick = (time) => {
    if (last !== null) intervals.push(time - last);
    last = time;
    if (done >= ${frames}) return resolve(intervals);
    grid.scrollTop += ${step};
    done += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`) as Promise<number[]>;
}

async function oneRun(browser: Browser, url: string, path: string): Promise<GalleryRun> {
  const page = await openAppPage(browser, url);
  try {
    await page.getByTestId('file-input').setInputFiles(path);
    await page.locator(FIRST_ENTRY_ROW).first().waitFor({ timeout: 120_000 });
    const folder = page.getByRole('treeitem', { name: 'Textures' }).first();
    await folder.click();
    await page.waitForFunction(
      () =>
        !document
          .querySelector<HTMLButtonElement>('[data-testid="gallery-open"]')
          ?.hasAttribute('disabled'),
      null,
      { timeout: 60_000 },
    );
    // The table is read and the page idle before the gallery is asked for.
    await page.waitForTimeout(500);
    const load = loadavg()[0]!;
    const shown = await firstScreen(page);
    const frames = await scrollGrid(page, SCROLL_FRAMES, SCROLL_STEP_PX);
    const end = await page.evaluate(() => performance.now());
    const tasks = await longTasksBetween(page, shown.start, end);
    return {
      firstScreenMs: shown.ms,
      cellsInView: shown.cells,
      frames,
      longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
      load,
    };
  } finally {
    await closePage(page);
  }
}

export async function benchGallery(
  browser: Browser,
  url: string,
  workdir: string,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const path = galleryArchive(workdir, log);
  const runs: GalleryRun[] = [];
  for (let run = 0; run < Math.max(MIN_RUNS, repeat); run += 1) {
    const result = await oneRun(browser, url, path);
    runs.push(result);
    log(
      `  run ${run + 1}: first screen ${result.firstScreenMs.toFixed(0)} ms (${result.cellsInView} cells), scroll p95 ${percentile(result.frames, 95).toFixed(1)} ms, p50 ${percentile(result.frames, 50).toFixed(1)} ms, max ${Math.max(...result.frames).toFixed(1)} ms, longest task ${result.longestTaskMs.toFixed(0)} ms, load ${result.load.toFixed(1)}`,
    );
  }
  const firstScreens = runs.map((run) => run.firstScreenMs);
  const p95s = runs.map((run) => percentile(run.frames, 95));
  const firstScreenMs = median(firstScreens);
  const p95 = median(p95s);
  const allFrames = runs.flatMap((run) => run.frames);
  return {
    figures: [
      {
        id: 'gallery_first_screen_ms',
        label: `Gallery of ${GALLERY_TEXTURES.toLocaleString('en-US')} DDS textures: first screen of thumbnails (median of ${runs.length}, spread ${spread(firstScreens)} ms)`,
        value: round(firstScreenMs),
        unit: 'ms',
      },
      ...frameTimeFigures(
        'gallery_scroll',
        'Gallery scroll',
        allFrames,
        `all ${runs.length} runs; per-run p95 ${spread(p95s, 1)} ms`,
        percentile,
      ),
      {
        id: 'gallery_load',
        label: 'Load average (1 min) at the start of each run',
        value: round(median(runs.map((run) => run.load))),
        unit: '',
      },
    ],
    targets: [
      {
        id: 'gallery_first_screen',
        label: 'Gallery: first screen of thumbnails',
        measured: round(firstScreenMs),
        unit: 'ms',
        baseline: null,
        ratio: null,
        target: `≤ ${FIRST_SCREEN_TARGET_MS} ms`,
        met: firstScreenMs <= FIRST_SCREEN_TARGET_MS,
        note: `median of ${runs.length} runs (${spread(firstScreens)} ms)`,
      },
      {
        id: 'gallery_scroll_p95',
        label: 'Gallery: scroll frame time p95',
        measured: round(p95),
        unit: 'ms',
        baseline: null,
        ratio: null,
        target: `≤ ${FRAME_TARGET_MS} ms (±0.8 ms jitter)`,
        // The allowance of the tree scroll and the WWD pan: rAF timestamps jitter around 16.67 ms.
        met: p95 <= ON_TIME_FRAME_MS,
        note: `median of per-run p95 (${spread(p95s, 1)} ms), ${SCROLL_STEP_PX} px a frame; a p95 up to ${ON_TIME_FRAME_MS} ms counts as met, as for the tree scroll`,
      },
    ],
    notes: runs.map(
      (run, index) =>
        `gallery run ${index + 1}: first screen ${run.firstScreenMs.toFixed(0)} ms, scroll p95 ${percentile(run.frames, 95).toFixed(1)} ms, load ${run.load.toFixed(1)}`,
    ),
  };
}
