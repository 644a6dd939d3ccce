/**
 * `.dvpl` wrappers end to end, built with Delve's own writers: the wrapped file opens at once
 * below the wrapper as what it is (a KeyedArchive with its view; an archive), a stored
 * wrapper is told from the archive it begins with by its footer, the decoded file downloads
 * byte for byte, a cut wrapper shows its error with the offset while the rest works, and a
 * DAVA texture descriptor in a wrapper, dropped with its image (wrapped or not), shows the
 * image's pixels.
 */
import { expect, test, type Page } from '@playwright/test';
import { davaTexSeeds } from '../src/formats/dava-tex/fixtures/make-fixtures.ts';
import { rampDds } from '../src/formats/dds/seeds.ts';
import { writeDvpl } from '../src/formats/dvpl/write.ts';
import { KaType } from '../src/formats/ka/types.ts';
import { floatsValue, textValue, v1Archive, writeKa } from '../src/formats/ka/write.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import {
  canvasPixel,
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  selectRow,
  sha256,
  treeItem,
} from './helpers.ts';

const settings = writeKa(
  v1Archive([
    ['title', textValue('wrapped and unwrapped')],
    ['position', floatsValue(KaType.VECTOR3, [1, 2, 3])],
  ]),
);

const nestedRow = (page: Page, name: RegExp) =>
  treeItem(page, name).and(page.locator('.tree-nested-file-row'));

test('an LZ4 .dvpl opens the KeyedArchive it wraps, with the KA view', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'settings.ka.dvpl', bytes: writeDvpl(settings, { type: 1 }) }]);
  const inner = nestedRow(page, /^settings\.ka/);
  await expect(inner).toBeVisible();
  await expect(inner).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('region', { name: /Details of settings\.ka$/ }).getByText('KA'),
  ).not.toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await selectRow(page, /^title/);
  await expect(page.getByTestId('ka-text')).toHaveText('wrapped and unwrapped');
  await selectRow(page, /^position/);
  await expect(page.getByTestId('ka-value')).toContainText('Vector3');
  expect(errors).toEqual([]);
});

test('a .dvpl of a raw file shows it once, under the name the start page uses', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Raw file', { exact: true }).first()).toBeVisible();
  const text = new TextEncoder().encode('plain words, no format\n'.repeat(20));
  await dropFiles(page, [{ name: 'lz4.txt.dvpl', bytes: writeDvpl(text, { type: 1 }) }]);
  await expect(treeItem(page, /^lz4\.txt\.dvpl/)).toBeVisible();
  await expect(treeItem(page, /^lz4\.txt$/)).toHaveCount(1);
  await expect(page.locator('.tree-nested-file-row')).toHaveCount(0);
  await selectRow(page, /^lz4\.txt\.dvpl/);
  await expect(page.getByRole('region', { name: /^Details of lz4\.txt\.dvpl$/ })).toContainText(
    'lz4.txt: Raw file',
  );
  await expect(page.getByText(/unknown format/i)).toHaveCount(0);
  // Its entry is the file: previewed as text.
  await selectRow(page, /^lz4\.txt$/);
  await expect(page.getByTestId('text-view')).toContainText('plain words, no format');
});

test('the wrapper’s entry downloads as the decoded file, byte for byte', async ({ page }) => {
  await page.goto('/');
  await dropFiles(page, [{ name: 'settings.ka.dvpl', bytes: writeDvpl(settings, { type: 2 }) }]);
  await expect(nestedRow(page, /^settings\.ka/)).toBeVisible();
  // The wrapper's own row, then its one entry.
  await selectRow(page, /^settings\.ka\.dvpl/, 'ArrowRight');
  await selectRow(page, /^settings\.ka$/);
  const download = page.waitForEvent('download');
  await page.getByTestId('download').click();
  const bytes = await downloadedBytes(await download);
  expect(sha256(bytes)).toBe(sha256(settings));
});

test('a stored wrapper is a .dvpl by its footer, not the archive it begins with', async ({
  page,
}) => {
  const archive = writeKiwad([{ name: 'docs/readme.txt', data: new TextEncoder().encode('hi') }]);
  await page.goto('/');
  // Named .bin: only the footer can tell.
  await dropFiles(page, [{ name: 'wrapped.bin', bytes: writeDvpl(archive, { type: 0 }) }]);
  const inner = nestedRow(page, /^wrapped\.bin/);
  await expect(inner).toBeVisible();
  await expect(page.getByRole('region', { name: /^Details of wrapped\.bin$/ })).toContainText(
    'KIWAD',
  );
  // The wrapper above it is the DVPL.
  await selectRow(page, /^wrapped\.bin/);
  await expect(page.getByRole('region', { name: /^Details of wrapped\.bin$/ })).toContainText(
    'DVPL',
  );
});

test('a cut .dvpl shows its error with the offset; a good file beside it works', async ({
  page,
}) => {
  const good = writeDvpl(settings, { type: 1 });
  await page.goto('/');
  await dropFiles(page, [
    { name: 'cut.ka.dvpl', bytes: good.subarray(0, good.length - 7) },
    { name: 'settings.ka.dvpl', bytes: good },
  ]);
  await expect(page.getByRole('alert').first()).toContainText(/cut\.ka\.dvpl.*0x[0-9A-F]+/);
  await expect(nestedRow(page, /^settings\.ka/)).toBeVisible();
  await expect(page.locator('.tree-nested-file-row')).toHaveCount(1);
});

/** An 8 × 8 A8R8G8B8 ramp: every pixel known exactly, the last ones part transparent. */
const { pixels: RAMP, bytes: rampDdsBytes } = rampDds(8, 8);

for (const image of [
  { name: 'tank.dds.dvpl', bytes: writeDvpl(rampDdsBytes, { type: 1 }) },
  { name: 'tank.dds', bytes: rampDdsBytes },
]) {
  test(`a wrapped DAVA descriptor dropped with ${image.name} shows the texture`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await dropFiles(page, [
      { name: 'tank.tex.dvpl', bytes: writeDvpl(davaTexSeeds()[0]!, { type: 2 }) },
      { name: image.name, bytes: image.bytes },
    ]);
    // The descriptor opens below its wrapper (in a worker of its own: slow on a loaded
    // machine), selected, with the image it describes.
    await expect(nestedRow(page, /^tank\.tex/)).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    const view = page.getByTestId('texture-view');
    await expect(view.getByTestId('texture-summary')).toContainText('8 × 8 px');
    await expect(view.getByTestId('texture-facts')).toContainText('tank.dds');
    await expect(view.getByTestId('texture-canvas')).toHaveAttribute('data-width', '8');
    await expect.poll(() => canvasPixel(page, 0, 0)).toEqual(Array.from(RAMP.subarray(0, 4)));
    // A part-transparent pixel: its alpha as written (colours are premultiplied on a canvas).
    const at = (7 + 3 * 8) * 4;
    await expect.poll(() => canvasPixel(page, 7, 3).then((pixel) => pixel[3])).toBe(RAMP[at + 3]);
    expect(errors).toEqual([]);
  });
}

test('a wrapped descriptor dropped alone names its image, and shows it once the wrapped image is dropped', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [
    { name: 'tank.tex.dvpl', bytes: writeDvpl(davaTexSeeds()[0]!, { type: 2 }) },
  ]);
  const descriptor = nestedRow(page, /^tank\.tex/);
  await expect(descriptor).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('missing-sources')).toContainText(
    'tank.dds or tank.pvr or tank.ktx — needed by 1 node',
  );
  // Dropped later, in its wrapper: it goes to the descriptor that lacks it, unwrapped.
  await dropFiles(page, [{ name: 'tank.dds.dvpl', bytes: writeDvpl(rampDdsBytes, { type: 1 }) }]);
  await expect(page.getByTestId('missing-sources')).toHaveCount(0);
  await expect(treeItem(page, /^tank\.dds\.dvpl/)).toHaveCount(0);
  await expect(descriptor).toHaveAttribute('aria-selected', 'true');
  const view = page.getByTestId('texture-view');
  await expect(view.getByTestId('texture-summary')).toContainText('8 × 8 px');
  await expect(view.getByTestId('texture-facts')).toContainText('tank.dds');
  await expect.poll(() => canvasPixel(page, 0, 0)).toEqual(Array.from(RAMP.subarray(0, 4)));
  expect(errors).toEqual([]);
});
