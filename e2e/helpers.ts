/**
 * Shared helpers of the end-to-end tests: inputs are built with Delve's own writer, files
 * are dropped through a real drop event, and downloads are read back from disk.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { MemoryByteSource } from '../src/binary/byte-source.ts';
import { readKiwad } from '../src/formats/kiwad/read.ts';
import { readKiwadEntry } from '../src/formats/kiwad/read.ts';

export const FIXTURES = resolve(import.meta.dirname, '../../shared/fixtures');
export const hasFixtures = existsSync(resolve(FIXTURES, 'kiwad/Test.wad'));

export interface DropFile {
  name: string;
  bytes: Uint8Array;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function fixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(FIXTURES, path)));
}

export function demoWad(): Uint8Array {
  return new Uint8Array(readFileSync(resolve(import.meta.dirname, '../public/samples/demo.wad')));
}

/** Every entry's content, as Delve's reader gives it, by path. */
export async function kiwadContents(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const source = new MemoryByteSource(bytes);
  const { value, fatal } = await readKiwad(source);
  if (fatal) throw new Error(fatal.message);
  const contents = new Map<string, Uint8Array>();
  for (const entry of value.entries)
    contents.set(entry.name, (await readKiwadEntry(source, entry)).bytes);
  return contents;
}

/** Drops files on the page the way a browser does: dragenter, dragover, drop with a DataTransfer. */
/**
 * Waits until the page takes drops: its listener is attached by an effect after the first
 * render, and until then nothing cancels a dragover of files, so a drop would be lost.
 */
export async function waitForDropTarget(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const probe = new DataTransfer();
      probe.items.add(new File([], 'probe'));
      const event = new DragEvent('dragover', { dataTransfer: probe, cancelable: true });
      return !window.dispatchEvent(event);
    },
    null,
    { polling: 50 },
  );
}

export async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  // Base64 crosses to the page in a quarter of the text an array of numbers takes.
  const payload = files.map((file) => ({
    name: file.name,
    base64: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString(
      'base64',
    ),
  }));
  await waitForDropTarget(page);
  await page.evaluate((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const text = atob(item.base64);
      const bytes = new Uint8Array(text.length);
      for (let at = 0; at < text.length; at++) bytes[at] = text.charCodeAt(at);
      transfer.items.add(new File([bytes], item.name));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(
        new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }
  }, payload);
}

export function treeItem(page: Page, name: string | RegExp): Locator {
  return page.getByTestId('tree').getByRole('treeitem', { name });
}

/** Selects a row by clicking it, then presses keys on it (e.g. ArrowRight to expand). */
export async function selectRow(
  page: Page,
  name: string | RegExp,
  ...keys: string[]
): Promise<Locator> {
  const row = treeItem(page, name).first();
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  for (const key of keys) await page.keyboard.press(key);
  return row;
}

/**
 * Expands a row, whether or not it is expanded yet: the state is read again on every try,
 * so a row that expands by itself while the test looks is never collapsed by mistake.
 */
export async function expandRow(page: Page, name: string | RegExp): Promise<Locator> {
  const row = treeItem(page, name).first();
  await expect(row).not.toHaveAttribute('aria-busy', 'true');
  await expect(async () => {
    if ((await row.getAttribute('aria-expanded')) === 'false') {
      await row.click();
      await page.keyboard.press('ArrowRight');
    }
    await expect(row).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
  return row;
}

export async function downloadedBytes(download: Download): Promise<Uint8Array> {
  const path = await download.path();
  return new Uint8Array(readFileSync(path));
}

/** Fails the test on any error the page logs (CSP violations included). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Opens the KIWAD demo: *Try a sample* opens it at once when it is the only sample, and is a
 * menu to pick it from when samples.json lists several.
 */
export async function openKiwadSample(page: Page): Promise<void> {
  const rows = treeItem(page, /demo\.wad/);
  const before = await rows.count();
  await page.getByTestId('sample-button').click();
  const kiwadItem = page.getByRole('menuitem', { name: /KIWAD/ });
  await expect(kiwadItem.or(rows.nth(before))).toBeVisible();
  if (await kiwadItem.isVisible()) await kiwadItem.click();
  await expect(rows.nth(before)).toBeVisible();
}

/** `[first, end)` of the bytes the node's hex view highlights, from the rendered rows. */
export async function highlightedRange(page: Page): Promise<[number, number] | null> {
  return page.getByTestId('section-hex').evaluate((section) => {
    let first = -1;
    let end = -1;
    for (const row of section.querySelectorAll<HTMLElement>('[data-testid="hex-row"]')) {
      const offset = Number(row.dataset['offset']);
      row.querySelectorAll('.hex-bytes > .hex-cell').forEach((cell, column) => {
        if (!cell.classList.contains('hex-cell--highlight')) return;
        if (first < 0 || offset + column < first) first = offset + column;
        end = Math.max(end, offset + column + 1);
      });
    }
    return first < 0 ? null : [first, end];
  });
}

/** The rows (`data-row`, a row index in its table) (`data-row`) of the first `count` rows the grid shows, top down. */
export async function firstGridRows(page: Page, count: number): Promise<number[]> {
  return page.getByTestId('grid-row').evaluateAll(
    (rows, wanted) =>
      rows
        .map((row) => [Number(row.dataset['position']), Number(row.dataset['row'] ?? NaN)])
        .sort((a, b) => a[0]! - b[0]!)
        .map(([, row]) => row!)
        .filter((row) => !Number.isNaN(row))
        .slice(0, wanted),
    count,
  );
}

/** A canvas pixel at (x, y) in device pixels, as drawn (RGBA): the texture view's unless another canvas is given. */
export function canvasPixel(
  page: Page,
  x: number,
  y: number,
  canvas: Locator = page.getByTestId('texture-canvas'),
): Promise<number[]> {
  return canvas.evaluate(
    (element, [px, py]) => {
      const context = (element as HTMLCanvasElement).getContext('2d')!;
      return Array.from(context.getImageData(px!, py!, 1, 1).data);
    },
    [x, y],
  );
}
