/**
 * The hex view at 1280 × 800: its ASCII column fits the default split without scrolling;
 * "Find" goes from match to match by bytes with `??` wildcards or by text, with the buttons,
 * Enter / Shift+Enter and F3 / Shift+F3, coming round the ends; a long search can be
 * cancelled; and the strings view lists printable runs with their offsets, each one a jump
 * to its bytes in hex.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { collectPageErrors, selectRow, waitForDropTarget } from './helpers.ts';

/** A shared, busy machine: waits allow for it. */
const expect = baseExpect.configure({ timeout: 20_000 });

const MIB = 1024 * 1024;
const SIGNATURE = [0x4b, 0x49, 0x57, 0x44];
/** Where the signature sits: near the start, across the first 1 MiB chunk's end, and late. */
const SIGNATURE_AT = [0x10, MIB - 2, 0x2a0000];
const TEXT = 'Hello, hex';
const TEXT_AT = 0x1234;
/** Bytes that look like a signature but are not (`4B 49 00 45`), which `??` must not take. */
const DECOY_AT = 0x40;

/** Bytes written over a content of zeros: `[offset, bytes]`. */
type Patch = [number, number[]];

/** The sample: a 0x01 every 7 bytes (so it is not text), then the signatures and the text. */
function samplePatches(): Patch[] {
  return [
    ...SIGNATURE_AT.map((at): Patch => [at, SIGNATURE]),
    [DECOY_AT, [0x4b, 0x49, 0x00, 0x45]],
    [TEXT_AT, Array.from(TEXT, (char) => char.charCodeAt(0))],
  ];
}

/**
 * Drops a file built in the page (megabytes are too many to pass as a list of numbers):
 * `size` bytes, a 0x01 every `step` bytes, then the patches written over them.
 */
async function dropBuilt(
  page: Page,
  name: string,
  size: number,
  step: number,
  patches: Patch[],
): Promise<void> {
  await waitForDropTarget(page);
  await page.evaluate(
    ({ name, size, step, patches }) => {
      const bytes = new Uint8Array(size);
      for (let i = 0; i < size; i += step) bytes[i] = 0x01;
      for (const [offset, patch] of patches) bytes.set(patch, offset);
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    { name, size, step, patches },
  );
}

const LARGE = 64 * MIB;

/** Whether the hex row holding `offset` is scrolled into the hex list's visible box. */
function isRowShown(page: Page, offset: number): Promise<boolean> {
  return page.locator('.hex-list').evaluate(
    (list, rowOffset) => {
      const row = list.querySelector(`[data-testid="hex-row"][data-offset="${rowOffset}"]`);
      if (!row) return false;
      const box = list.getBoundingClientRect();
      const rect = row.getBoundingClientRect();
      return rect.top >= box.top && rect.bottom <= box.bottom;
    },
    offset - (offset % 16),
  );
}

const hex = (offset: number) => `0x${offset.toString(16).toUpperCase()}`;

async function openBinary(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await dropBuilt(page, 'sample.bin', 3 * MIB, 7, samplePatches());
  await selectRow(page, /^sample\.bin$/);
  await expect(page.getByTestId('hex-view')).toBeVisible();
  await expect(page.getByTestId('hex-row').first()).toContainText('01 00 00 00');
}

test.describe('hex view', () => {
  // Megabytes built and read in a browser on a shared machine: allow for it.
  test.describe.configure({ timeout: 120_000 });

  test('at 1280 × 800 the ASCII column fits the default split', async ({ page }) => {
    await openBinary(page);
    const list = page.locator('.hex-list');
    // Nothing to scroll sideways, and the last ASCII cell of a row ends inside the list.
    await expect
      .poll(() => list.evaluate((element) => element.scrollWidth - element.clientWidth))
      .toBeLessThanOrEqual(0);
    await expect
      .poll(() =>
        list.evaluate((element) => {
          const cell = element.querySelector('.hex-ascii > .hex-cell:last-child');
          if (!cell) return Number.NaN;
          return element.getBoundingClientRect().right - cell.getBoundingClientRect().right;
        }),
      )
      .toBeGreaterThanOrEqual(0);
  });

  test('find goes from match to match by bytes, wildcards and text, both ways', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openBinary(page);
    const input = page.getByTestId('hex-find');
    const status = page.getByTestId('hex-find-status');
    const matchAt = (offset: number) => new RegExp(`Match at ${hex(offset)}(\\s|$)`);

    await input.fill('4B 49 ?? 44');
    await input.press('Enter');
    await expect(status).toHaveText(matchAt(SIGNATURE_AT[0]!));
    // The match is marked in the hex and the ASCII columns: 4 bytes each.
    await expect(page.locator('.hex-bytes .hex-cell--match')).toHaveCount(4);
    await expect(page.locator('.hex-ascii .hex-cell--match')).toHaveText(['K', 'I', 'W', 'D']);

    await input.press('Enter');
    await expect(status).toHaveText(matchAt(SIGNATURE_AT[1]!));
    // Its row is scrolled into view.
    await expect.poll(() => isRowShown(page, MIB - 2)).toBe(true);
    await input.press('F3');
    await expect(status).toHaveText(matchAt(SIGNATURE_AT[2]!));
    await page.getByTestId('hex-find-next').click();
    await expect(status).toHaveText(`Match at ${hex(SIGNATURE_AT[0]!)} (again from the start)`);

    await input.press('Shift+Enter');
    await expect(status).toHaveText(`Match at ${hex(SIGNATURE_AT[2]!)} (again from the end)`);
    await input.press('Shift+F3');
    await expect(status).toHaveText(matchAt(SIGNATURE_AT[1]!));
    await page.getByTestId('hex-find-previous').click();
    await expect(status).toHaveText(matchAt(SIGNATURE_AT[0]!));

    // Text, as its bytes.
    await page.getByTestId('hex-find-mode').selectOption('text');
    await input.fill('hex');
    await input.press('Enter');
    await expect(status).toHaveText(matchAt(TEXT_AT + TEXT.indexOf('hex')));

    // Nothing found, and a pattern that is not one, each said.
    await page.getByTestId('hex-find-mode').selectOption('hex');
    await input.fill('DE AD BE EF');
    await input.press('Enter');
    await expect(status).toHaveText('No match for DE AD BE EF');
    await input.fill('4B 4');
    await input.press('Enter');
    await expect(status).toContainText('two hex digits');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(errors).toEqual([]);
  });

  test('a long search shows it is searching and stops on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    // The only match is in the last bytes: the search runs through every chunk of 64 MiB.
    await dropBuilt(page, 'large.bin', LARGE, LARGE, [[LARGE - 4, [0xca, 0xfe, 0xba, 0xbe]]]);
    await selectRow(page, /^large\.bin$/);
    const input = page.getByTestId('hex-find');
    const status = page.getByTestId('hex-find-status');
    await input.fill('CA FE BA BE');
    await input.press('Enter');
    await input.press('Escape');
    await expect(page.getByTestId('hex-find-cancel')).toHaveCount(0);
    await expect(status).toHaveText('');

    // Run to its end, it finds the match past 128 MiB of zeros.
    await input.press('Enter');
    await expect(status).toHaveText(/^Searching…|^Match/);
    await expect(status).toHaveText(`Match at ${hex(LARGE - 4)}`, { timeout: 60_000 });
  });

  test('the strings view lists printable runs; one click shows its bytes in hex', async ({
    page,
  }) => {
    await openBinary(page);
    await page.getByTestId('preview-tab-strings').click();
    const items = page.getByTestId('strings-item');
    await expect(items.first()).toBeVisible();
    await expect(page.getByTestId('strings-count')).toHaveText(
      /^\d+ strings of 4\+ printable characters$/,
    );
    const hello = items.filter({ hasText: TEXT });
    // Its offset in hex, 8 digits, then the text (whitespace is normalised by toHaveText).
    await expect(hello).toHaveText(`0000${TEXT_AT.toString(16).toUpperCase()} ${TEXT}`);
    // Runs shorter than 4 (the `KI` of the decoy) are not strings.
    await expect(items.filter({ hasText: /^\S+\s+KI$/ })).toHaveCount(0);

    await hello.click();
    await expect(page.getByTestId('preview-tab-hex')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => isRowShown(page, TEXT_AT)).toBe(true);
    const row = page.locator(`[data-testid="hex-row"][data-offset="${TEXT_AT - (TEXT_AT % 16)}"]`);
    await expect(row.locator('.hex-cell--target').first()).toHaveText(
      TEXT.charCodeAt(0).toString(16).toUpperCase(),
    );

    // By keyboard: the list is one tab stop, arrows move, Enter jumps.
    await page.getByTestId('preview-tab-strings').click();
    await items.first().focus();
    await page.keyboard.press('End');
    const last = items.last();
    await expect(last).toBeFocused();
    const lastOffset = Number(await last.getAttribute('data-offset'));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('preview-tab-hex')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => isRowShown(page, lastOffset)).toBe(true);
  });
});
