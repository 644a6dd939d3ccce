/**
 * Two million rows in one folder: 52M px of rows, past every browser's element height cap.
 * The last row must still be reachable by the End key, by the scrollbar and by scrolling,
 * and a small wheel step must still move the rows pixel by pixel.
 *
 * The archive is made with Delve's own writer: zero-length stored entries (the reader allows
 * a stored size of 0), ~62 MB of journal. It is written once to the temp folder and reused.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { WINDOW_MARGIN_ROWS, WINDOW_ROWS } from '../src/ui/tree/scroll-scale.ts';
import { collectPageErrors, treeItem } from './helpers.ts';

// Real scrollbars (headless Chromium hides them by default): the scaled scrollbar must work
// with a scrollbar that takes its whole width.
test.use({
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] },
});

const ENTRY_COUNT = 2_000_000;
const ROW_HEIGHT = 26;
const nameOf = (index: number) => String(index).padStart(7, '0');
const LAST_NAME = nameOf(ENTRY_COUNT - 1);

function bigArchivePath(): string {
  const folder = join(tmpdir(), 'delve-e2e');
  const path = join(folder, `big-${ENTRY_COUNT}.wad`);
  // Header 13 bytes; each record 21 bytes + "big/NNNNNNN" + NUL.
  const expectedSize = 13 + ENTRY_COUNT * (21 + 12);
  if (existsSync(path) && statSync(path).size === expectedSize) return path;
  const entries = Array.from({ length: ENTRY_COUNT }, (_, index) => ({
    name: `big/${nameOf(index)}`,
    data: new Uint8Array(0),
    compress: false,
  }));
  const bytes = writeKiwad(entries, { keepOrder: true });
  if (bytes.length !== expectedSize) throw new Error(`unexpected size ${bytes.length}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path, bytes);
  return path;
}

/** Flat index of the first row whose top is at or below the scroller's top. */
async function firstVisibleRow(page: Page): Promise<number> {
  return page.getByTestId('tree-scroller').evaluate((scroller) => {
    const top = scroller.getBoundingClientRect().top;
    let best = Number.POSITIVE_INFINITY;
    for (const row of scroller.querySelectorAll<HTMLElement>('[data-row]')) {
      if (row.getBoundingClientRect().top >= top - 1)
        best = Math.min(best, Number(row.dataset['row']));
    }
    return best;
  });
}

test('two million rows: End, the scrollbar and the wheel reach every row', async ({ page }) => {
  test.setTimeout(60_000);
  const path = bigArchivePath();
  const errors = collectPageErrors(page);
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles(path);

  // One file opens expanded; its one folder holds every entry.
  const folder = treeItem(page, /^big$/);
  await expect(folder).toBeVisible({ timeout: 30_000 });
  await expect(treeItem(page, /big-2000000\.wad/)).not.toHaveAttribute('aria-busy', 'true', {
    timeout: 30_000,
  });
  await folder.click();
  await page.keyboard.press('ArrowRight');
  await expect(treeItem(page, nameOf(0))).toBeVisible();
  const scrollbar = page.getByTestId('tree-scrollbar');
  await expect(scrollbar).toBeVisible();
  // A real scrollbar, as wide as the element.
  expect(
    await scrollbar.evaluate((element: HTMLElement) => element.offsetWidth - element.clientWidth),
  ).toBeGreaterThan(10);

  // End: the last row, selected and on screen.
  const started = Date.now();
  await page.keyboard.press('End');
  const last = treeItem(page, LAST_NAME);
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  test
    .info()
    .annotations.push({ type: 'End on 2M rows (ms)', description: String(Date.now() - started) });
  await expect(last).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('ArrowUp');
  await expect(treeItem(page, nameOf(ENTRY_COUNT - 2))).toHaveAttribute('aria-selected', 'true');

  // Back to the top, then the scaled scrollbar dragged to its end.
  await page.keyboard.press('Home');
  await expect(treeItem(page, /big-2000000\.wad/)).toBeInViewport();
  await scrollbar.evaluate((scrollbar) => {
    scrollbar.scrollTop = scrollbar.scrollHeight;
  });
  await expect(last).toBeInViewport({ ratio: 1 });

  // Halfway down the scrollbar: rows around the middle of the two million.
  await scrollbar.evaluate((scrollbar) => {
    scrollbar.scrollTop = (scrollbar.scrollHeight - scrollbar.clientHeight) / 2;
  });
  // The rows move at the next frame; until then the last rows (past 55%) are still shown.
  await expect.poll(() => firstVisibleRow(page)).toBeLessThan(ENTRY_COUNT * 0.55);
  const middle = await firstVisibleRow(page);
  expect(middle).toBeGreaterThan(ENTRY_COUNT * 0.45);

  // A small wheel step moves by its pixels, not by the scale (over 5 rows per pixel here).
  const scroller = page.getByTestId('tree-scroller');
  const box = await scroller.boundingBox();
  if (!box) throw new Error('no scroller');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = await scroller.evaluate((element) => element.scrollTop);
  for (let step = 0; step < 3; step++) {
    await page.mouse.wheel(0, ROW_HEIGHT);
    await page.waitForTimeout(150);
  }
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollTop))
    .toBeCloseTo(before + 3 * ROW_HEIGHT, 0);
  await expect.poll(() => firstVisibleRow(page)).toBe(middle + 3);

  // Scrolling on past the List's window keeps going (the window moves under the rows).
  // Each step scrolls 60,000 rows at once, which no wheel does: the next waits for the
  // window to have moved, as the frames between a wheel's events let it.
  const movedFrom = await firstVisibleRow(page);
  await scroller.evaluate((element) => element.scrollBy({ top: 60_000 * 26 }));
  await expect.poll(() => firstVisibleRow(page)).toBeGreaterThan(movedFrom + 59_000);
  // The move puts the view back away from the window's inner edges.
  const edge = (WINDOW_ROWS - WINDOW_MARGIN_ROWS) * ROW_HEIGHT;
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollTop + element.clientHeight))
    .toBeLessThan(edge);
  await scroller.evaluate((element) => element.scrollBy({ top: 60_000 * 26 }));
  await expect.poll(() => firstVisibleRow(page)).toBeGreaterThan(movedFrom + 119_000);

  // Rows scrolled while a window move waits for its commit are kept, not undone: here 20
  // rows, scrolled by a listener that runs right after the tree's own (which asks for the move).
  await expect
    .poll(() => scroller.evaluate((element) => element.scrollTop + element.clientHeight))
    .toBeLessThan(edge);
  const keptFrom = await firstVisibleRow(page);
  await scroller.evaluate((element) => {
    element.addEventListener('scroll', () => element.scrollBy({ top: 20 * 26 }), { once: true });
    element.scrollBy({ top: 60_000 * 26 });
  });
  // Kept, not doubled: the first row settles between 60,010 and 60,030 rows on.
  await expect
    .poll(async () => {
      const first = await firstVisibleRow(page);
      return first > keptFrom + 60_010 && first < keptFrom + 60_030 ? 'kept' : first - keptFrom;
    })
    .toBe('kept');
  expect(errors).toEqual([]);
});
