/**
 * Accessibility end to end: axe finds no serious or critical violation on the empty page, an
 * open archive, a level, a keyed-archive tree, a grid of tables with a record's pane, a
 * protocol file with a decoded frame, an ObjectProperty file's objects with the side-inputs
 * panel open over them, and an install check's results (with
 * `label-content-name-mismatch`, an experimental rule, switched on); the page has one main
 * landmark; tree rows are named by their visible name; and choosing a sample from the menu
 * by keyboard leaves the focus in the tree, never on the page's body.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { writeInstallFiles } from '../bench/lib/install-files.ts';
import { GAME_PROTOCOL } from '../src/formats/dml/messages/protocol-samples.ts';
import { writeDmlProtocol } from '../src/formats/dml/messages/write-protocol.ts';
import { installPath, latestFileListOf, planInstall } from '../src/formats/dml/generate-install.ts';
import { writeDmlTables } from '../src/formats/dml/write.ts';
import { dropFiles, fixture, openKiwadSample, selectRow, treeItem } from './helpers.ts';

/** The files open and axe runs in a browser that shares a busy machine: waits allow for it. */
const expect = baseExpect.configure({ timeout: 20_000 });

function committedFixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(import.meta.dirname, '../src/formats', path)));
}

/**
 * The serious and critical violations axe finds now, one line each: rule and elements.
 * Legacy mode runs axe in the page itself: the page has no cross-origin frames, and the
 * default mode injects axe a second time into a page of its own, which doubles the time.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  // Injecting and running axe takes seconds on a busy machine: the poll and test allow it.
  await expect.poll(() => seriousViolations(page), { timeout: 90_000 }).toEqual([]);
}

/** One main landmark, whatever is shown. */
async function expectOneMain(page: Page): Promise<void> {
  await expect(page.locator('main, [role="main"]')).toHaveCount(1);
}

test.describe('accessibility', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the empty page: one main landmark, its scrolling text reachable by keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('format-list')).toBeVisible();
    await expectOneMain(page);
    await expect(page.getByTestId('empty-state')).toHaveAttribute('tabindex', '0');
    await expectNoSeriousViolations(page);
  });

  test('an open archive: tree rows are named by their name, described by their columns', async ({
    page,
  }) => {
    await page.goto('/');
    await openKiwadSample(page);
    await expectOneMain(page);
    const file = treeItem(page, /demo\.wad/).first();
    await expect(file).toHaveAccessibleName('demo.wad');
    await selectRow(page, /^readme\.txt/);
    const entry = treeItem(page, /^readme\.txt/);
    await expect(entry).toHaveAccessibleName('readme.txt');
    // The columns (sizes in bytes, here) are still read: as the row's description.
    await expect(entry).toHaveAccessibleDescription(/\d/);
    await expect(page.getByTestId('preview-pane')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('a level', async ({ page }) => {
    await page.goto('/');
    await dropFiles(page, [{ name: 'tiny.wwd', bytes: committedFixture('wwd/fixtures/tiny.wwd') }]);
    await selectRow(page, /^tiny\.wwd$/);
    await expect(page.getByTestId('level-view')).toHaveAttribute('data-state', 'ready');
    await expectOneMain(page);
    await expectNoSeriousViolations(page);
  });

  test('a keyed-archive tree', async ({ page }) => {
    await page.goto('/');
    const bytes = committedFixture('ka/fixtures/every-type-v1.ka');
    await dropFiles(page, [{ name: 'every-type-v1.ka', bytes }]);
    await selectRow(page, /^every-type-v1\.ka$/);
    await expect(page.getByTestId('ka-view')).toHaveAttribute('data-state', 'ready');
    await expectOneMain(page);
    await expectNoSeriousViolations(page);
  });

  test('a grid of tables (DML), a record picked in it', async ({ page }) => {
    await page.goto('/');
    const bytes = committedFixture('dml/fixtures/file-list.bin');
    await dropFiles(page, [{ name: 'LatestFileList.bin', bytes }]);
    await selectRow(page, /^LatestFileList\.bin$/);
    await expect(page.getByTestId('grid-pane')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('grid-row').first()).toHaveAttribute('data-row', '0');
    await expectOneMain(page);
    await expectNoSeriousViolations(page);
    // A record's pane: the grid above the record's bytes.
    await page.getByTestId('grid-row').first().click();
    await expect(page.getByTestId('section-hex')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('a protocol file (DML messages) with a decoded frame', async ({ page }) => {
    await page.goto('/');
    const bytes = writeDmlProtocol(GAME_PROTOCOL);
    await dropFiles(page, [{ name: 'GameMessages.xml', bytes }]);
    await selectRow(page, /^GameMessages\.xml$/);
    await expect(page.getByTestId('msgs-view')).toHaveAttribute('data-state', 'ready');
    await page
      .getByTestId('msgs-hex-input')
      .fill('0D F0 11 00 00 00 00 00 05 24 0C 00 01 00 02 00 03 00 04 00 00');
    await page.getByTestId('msgs-decode-button').click();
    await expect(page.getByTestId('msgs-field')).toHaveCount(4);
    await expectOneMain(page);
    await expectNoSeriousViolations(page);
  });

  test('ObjectProperty objects, and the side-inputs panel over them', async ({ page }) => {
    await page.goto('/');
    const bind = Uint8Array.from([
      ...new TextEncoder().encode('BINd'),
      ...fixture('objectproperty/deep-size-boundary.bin'),
    ]);
    await dropFiles(page, [{ name: 'Outer.xml', bytes: bind }]);
    await selectRow(page, /^Outer\.xml$/);
    await expect(page.getByTestId('op-view')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('op-row')).toHaveCount(4);
    await expectOneMain(page);
    await expectNoSeriousViolations(page);
    // The panel opens from the view's note by keyboard; Escape closes it.
    await page.getByTestId('op-load-type-list').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('side-inputs-panel')).toBeVisible();
    await expect(page.getByTestId('side-inputs-add')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('side-inputs-panel')).toBeHidden();
  });

  test("an install check's dialog with its results", async ({ page }) => {
    const root = mkdtempSync(join(tmpdir(), 'delve-a11y-install-'));
    try {
      const plan = planInstall({ fileCount: 6, totalBytes: 50_000, seed: 3, dynamicEvery: 3 });
      const records = writeInstallFiles(join(root, 'Game'), plan);
      rmSync(join(root, 'Game', installPath(records.at(-1)!)));
      await page.addInitScript(() => {
        delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
      });
      await page.goto('/');
      const list = writeDmlTables(latestFileListOf(records));
      await dropFiles(page, [{ name: 'LatestFileList.bin', bytes: list }]);
      await page.getByTestId('install-check-open').click();
      await page.getByTestId('install-folder-input').setInputFiles(join(root, 'Game'));
      await expect(page.getByTestId('install-summary')).toContainText('1 missing');
      await expect(page.getByTestId('install-row').first()).toBeVisible();
      await expectNoSeriousViolations(page);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a sample chosen from the menu by keyboard leaves the focus in the tree', async ({
    page,
  }) => {
    await page.goto('/');
    const button = page.getByTestId('sample-button');
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const item = page.getByRole('menuitem', { name: /KIWAD/ });
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(treeItem(page, /demo\.wad/).first()).toBeVisible();
    const tabStop = page.locator('[data-testid="tree"] [role="treeitem"][tabindex="0"]');
    await expect(tabStop).toBeFocused();
    await expect(page.locator('body')).not.toBeFocused();
    // From there the keyboard works the tree at once.
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[data-testid="tree"] [role="treeitem"]:focus')).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
