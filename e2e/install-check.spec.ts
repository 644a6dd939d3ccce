/**
 * Install verification end to end: a generated install (Delve's own DML writer and the
 * generated files of src/formats/dml/generate-install.ts) with one file missing, one
 * resized, one corrupted, one dynamic WAD grown and one file the list does not name, picked
 * through the folder input; the summary, the filters, the rows; the report saved as CSV and
 * JSON and compared byte for byte with what this test builds. The same folder dropped on the
 * dialog is checked and opens nothing; a cancelled check of a large install (made-up
 * gigabytes through the folder picker) leaves its partial results marked; a broken list says
 * where it broke.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { kiCrc } from '../src/binary/crc32.ts';
import { DmlFileType } from '../src/formats/dml/generate.ts';
import {
  installPath,
  latestFileListOf,
  planInstall,
  type InstallRecord,
} from '../src/formats/dml/generate-install.ts';
import { writeDmlTables } from '../src/formats/dml/write.ts';
import { writeInstallFiles } from '../bench/lib/install-files.ts';
import { collectPageErrors, downloadedBytes, dropFiles, selectRow, treeItem } from './helpers.ts';

let root: string;
let records: InstallRecord[];
let list: Uint8Array;

/** What the test changes in the generated install. */
let missing: InstallRecord;
let resized: InstallRecord;
let corrupted: InstallRecord;
let dynamic: InstallRecord;

test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'delve-install-e2e-'));
  const plan = planInstall({ fileCount: 10, totalBytes: 200_000, seed: 7, dynamicEvery: 5 });
  records = writeInstallFiles(join(root, 'Game'), plan);
  list = writeDmlTables(latestFileListOf(records));
  const wads = records.filter((file) => file.fileType === DmlFileType.WAD);
  [missing, resized, corrupted] = wads as [InstallRecord, InstallRecord, InstallRecord];
  dynamic = records.find((file) => file.fileType === DmlFileType.DYNAMIC_WAD)!;
  const game = (record: InstallRecord) => join(root, 'Game', installPath(record));
  rmSync(game(missing));
  appendFileSync(game(resized), 'longer');
  const bytes = new Uint8Array(readFileSync(game(corrupted)));
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x55;
  writeFileSync(game(corrupted), bytes);
  appendFileSync(game(dynamic), 'filled in by the game');
  writeFileSync(join(root, 'Game', 'Bin', 'notes.txt'), 'a note of the player');
});

test.afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The file's bytes as they are on disk now. */
const onDisk = (record: InstallRecord) =>
  new Uint8Array(readFileSync(join(root, 'Game', installPath(record))));

/** The report this test expects: the documented shape, built here from the files on disk. */
function expectedReport(): { json: string; csv: string } {
  const files = records.map((record) => {
    const path = installPath(record);
    const common = { path, expectedSize: record.size };
    if (record === missing) {
      return {
        ...common,
        status: 'missing',
        actualSize: null,
        expectedCrc: record.crc,
        actualCrc: null,
      };
    }
    const bytes = onDisk(record);
    const status =
      record === dynamic
        ? 'dynamic'
        : record === resized
          ? 'size-mismatch'
          : record === corrupted
            ? 'crc-mismatch'
            : 'ok';
    const actualCrc = status === 'ok' || status === 'crc-mismatch' ? kiCrc(bytes) : null;
    return { ...common, status, actualSize: bytes.length, expectedCrc: record.crc, actualCrc };
  });
  const ordered = files.map(
    ({ path, status, expectedSize, actualSize, expectedCrc, actualCrc }) => ({
      path,
      status,
      expectedSize,
      actualSize,
      expectedCrc,
      actualCrc,
    }),
  );
  const count = (status: string) => files.filter((file) => file.status === status).length;
  const report = {
    ok: count('ok'),
    missing: 1,
    sizeMismatch: 1,
    crcMismatch: 1,
    dynamic: 1,
    unreadable: 0,
    unchecked: 0,
    cancelled: false,
    root: 'Game',
    checksum: 'KI-CRC',
    files: ordered,
    unlisted: ['Bin/notes.txt'],
  };
  const cell = (value: string | number | null) => (value === null ? '' : String(value));
  const csv = [
    'path,status,expectedSize,actualSize,expectedCrc,actualCrc,foundAs,error',
    ...ordered.map((file) =>
      [
        file.path,
        file.status,
        file.expectedSize,
        file.actualSize,
        file.expectedCrc,
        file.actualCrc,
        null,
        null,
      ]
        .map(cell)
        .join(','),
    ),
    `Bin/notes.txt,unlisted,,${'a note of the player'.length},,,,`,
  ];
  return { json: `${JSON.stringify(report, null, 2)}\n`, csv: `${csv.join('\r\n')}\r\n` };
}

/** Opens a list and the install check's dialog on it. */
async function openListAndDialog(page: Page, bytes: Uint8Array): Promise<void> {
  await dropFiles(page, [{ name: 'LatestFileList.bin', bytes }]);
  await expect(treeItem(page, /LatestFileList\.bin/).first()).toBeVisible();
  const open = page.getByTestId('install-check-open');
  await expect(open).toHaveText('Check a game folder…');
  // By keyboard, as a person may.
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('install-dialog')).toBeVisible();
}

/**
 * What is wrong with the results table as laid out, as sentences (none: all is well): a path
 * cell whose file name is cut or whose title is not the whole path, a status cut short, a
 * column's heading not over its values (their right edges apart).
 */
async function tableProblems(page: Page): Promise<string[]> {
  return page.getByTestId('install-dialog').evaluate((dialog) => {
    const problems: string[] = [];
    const box = (element: Element) => element.getBoundingClientRect();
    const rows = [...dialog.querySelectorAll<HTMLElement>('[data-testid="install-row"]')];
    if (rows.length === 0) problems.push('no rows');
    for (const row of rows) {
      const path = row.querySelector<HTMLElement>('[data-testid="install-path"]');
      const name = path?.querySelector<HTMLElement>('.install-path-name');
      const status = row.querySelector<HTMLElement>('[data-testid="install-status"]');
      if (!path || !name || !status) {
        problems.push(`row ${row.innerText}: no path, name or status`);
        continue;
      }
      const whole = path.title.split('\n')[0]!;
      if (`${path.textContent}` !== whole) problems.push(`${whole}: titled ${path.title}`);
      const fileName = whole.slice(whole.lastIndexOf('/') + 1);
      if (!name.textContent?.endsWith(fileName))
        problems.push(`${whole}: name ${name.textContent}`);
      if (name.scrollWidth > name.clientWidth) problems.push(`${whole}: its name is cut`);
      if (box(name).left < box(path).left - 0.5 || box(name).right > box(path).right + 0.5) {
        problems.push(`${whole}: its name is outside its cell`);
      }
      if (status.scrollWidth > status.clientWidth) {
        problems.push(`${whole}: status ${status.textContent} is cut`);
      }
    }
    // The value columns' headings (after Path and Status) over the first row's values.
    const headings = [...dialog.querySelectorAll('[data-testid="install-column"]')].slice(2);
    const values = rows[0] ? [...rows[0].querySelectorAll('.install-cell')].slice(2) : [];
    headings.forEach((heading, at) => {
      const value = values[at];
      if (!value || getComputedStyle(heading).display === 'none') return;
      const apart = Math.abs(box(heading).right - box(value).right);
      if (apart > 1) problems.push(`${heading.getAttribute('title')}: ${apart}px off its values`);
    });
    return problems;
  });
}

test.describe('install check', () => {
  test.beforeEach(async ({ page }) => {
    // The folder input, as browsers without showDirectoryPicker have it.
    await page.addInitScript(() => {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    });
    await page.goto('/');
  });

  test('finds the missing, resized and corrupted files, and saves the report as CSV and JSON', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openListAndDialog(page, list);
    const dialog = page.getByTestId('install-dialog');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('install-folder-pick').click();
    await (await chooser).setFiles(join(root, 'Game'));
    const okCount = records.length - 4;
    await expect(dialog.getByTestId('install-summary')).toHaveText(
      `Game: ${records.length} files listed: ${okCount} ok, 1 missing, 1 size mismatch, 1 KI-CRC mismatch, 1 dynamic; 1 unlisted file`,
    );
    // The problems come first, each row read out as a sentence.
    await expect(dialog.getByTestId('install-filter-problems')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const rows = dialog.getByTestId('install-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toHaveAccessibleName(
      `${installPath(resized)}: size mismatch, expected ${resized.size.toLocaleString('en-US')} bytes, found ${(resized.size + 6).toLocaleString('en-US')} bytes, expected KI-CRC 0x${resized.crc.toString(16).toUpperCase().padStart(8, '0')}`,
    );
    await expect(rows.filter({ hasText: installPath(missing) })).toContainText('missing');
    await expect(rows.filter({ hasText: installPath(corrupted) })).toContainText('KI-CRC mismatch');
    // The other filters, by keyboard.
    await dialog.getByTestId('install-filter-dynamic').focus();
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(installPath(dynamic));
    await dialog.getByTestId('install-filter-unlisted').click();
    await expect(rows).toHaveText([/^Bin\/notes\.txt\s*unlisted/]);
    await dialog.getByTestId('install-filter-all').click();
    await expect(rows).toHaveCount(records.length + 1);

    const expected = expectedReport();
    const csvDownload = page.waitForEvent('download');
    await dialog.getByTestId('install-save-csv').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe('LatestFileList-install-check.csv');
    expect(new TextDecoder().decode(await downloadedBytes(csv))).toBe(expected.csv);
    const jsonDownload = page.waitForEvent('download');
    await dialog.getByTestId('install-save-json').click();
    const json = await jsonDownload;
    expect(json.suggestedFilename()).toBe('LatestFileList-install-check.json');
    expect(new TextDecoder().decode(await downloadedBytes(json))).toBe(expected.json);

    // Closed, the file's details still say what was found.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('install-check')).toContainText('1 missing, 1 size mismatch');
    expect(errors).toEqual([]);
  });

  test('in a narrow window: whole file names and statuses, distinct headings over their values, the report in reach', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await openListAndDialog(page, list);
    const dialog = page.getByTestId('install-dialog');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('install-folder-pick').click();
    await (await chooser).setFiles(join(root, 'Game'));
    await expect(dialog.getByTestId('install-summary')).toContainText('1 KI-CRC mismatch');
    // Each column says what it holds: the sizes and the checksums, listed and on disk.
    await expect
      .poll(() =>
        dialog
          .getByTestId('install-column')
          .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('title'))),
      )
      .toEqual([
        'Path',
        'Status',
        'Size listed',
        'Size on disk',
        'KI-CRC listed',
        'KI-CRC on disk',
      ]);
    await expect(dialog.getByTestId('install-status')).toHaveText([
      'missing',
      'size mismatch',
      'KI-CRC mismatch',
    ]);
    // 800 px wide, and narrower still (the checksums give way there).
    for (const width of [800, 560]) {
      await page.setViewportSize({ width, height: 700 });
      await dialog.getByTestId('install-filter-all').click();
      await expect(dialog.getByTestId('install-row').first()).toBeVisible();
      await expect.poll(() => tableProblems(page)).toEqual([]);
      await dialog.getByTestId('install-filter-problems').click();
      await expect(dialog.getByTestId('install-row')).toHaveCount(3);
      await expect.poll(() => tableProblems(page)).toEqual([]);
      // The report's buttons stay on screen: the list gives up rows instead.
      await dialog.getByTestId('install-filter-all').click();
      await expect(dialog.getByTestId('install-save-csv')).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByTestId('install-save-json')).toBeInViewport({ ratio: 1 });
    }
    await expect(
      dialog.getByTestId('install-row').first().getByTestId('install-path'),
    ).toHaveAttribute('title', installPath(records[0]!));
  });

  test('a folder dropped on the dialog is checked, and opens nothing', async ({ page }) => {
    await openListAndDialog(page, list);
    const files = [
      ...records.filter((record) => record !== missing).map((record) => installPath(record)),
      'Bin/notes.txt',
    ].map((path) => ({
      path: `Game/${path}`,
      data: Array.from(readFileSync(join(root, 'Game', path))),
    }));
    // A script cannot drop a real folder: the folder's entry is a stand-in of the same shape.
    await page.evaluate((files) => {
      interface FakeEntry {
        name: string;
        fullPath: string;
        isFile: boolean;
        isDirectory: boolean;
        children: FakeEntry[];
        file?: (onFile: (file: File) => void) => void;
        createReader?: () => { readEntries: (onEntries: (batch: FakeEntry[]) => void) => void };
      }
      const folder = (name: string, fullPath: string): FakeEntry => {
        const entry: FakeEntry = { name, fullPath, isFile: false, isDirectory: true, children: [] };
        entry.createReader = () => {
          let isDone = false;
          return {
            readEntries: (onEntries) => {
              onEntries(isDone ? [] : entry.children);
              isDone = true;
            },
          };
        };
        return entry;
      };
      const root = folder('Game', '/Game');
      for (const { path, data } of files) {
        const parts = path.split('/').slice(1);
        const name = parts.pop()!;
        let parent = root;
        for (const part of parts) {
          let next = parent.children.find((child) => child.name === part);
          if (!next) parent.children.push((next = folder(part, `${parent.fullPath}/${part}`)));
          parent = next;
        }
        const file = new File([new Uint8Array(data)], name);
        parent.children.push({
          name,
          fullPath: `/${path}`,
          isFile: true,
          isDirectory: false,
          children: [],
          file: (onFile) => onFile(file),
        });
      }
      const transfer = new DataTransfer();
      transfer.items.add(new File([], 'Game'));
      const original = DataTransferItem.prototype.webkitGetAsEntry;
      DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
        return root as unknown as FileSystemEntry;
      };
      const dialog = document.querySelector('[data-testid="install-dialog"]')!;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        dialog.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
      DataTransferItem.prototype.webkitGetAsEntry = original;
    }, files);
    await expect(page.getByTestId('install-summary')).toHaveText(
      `Game: ${records.length} files listed: ${records.length - 4} ok, 1 missing, 1 size mismatch, 1 KI-CRC mismatch, 1 dynamic; 1 unlisted file`,
    );
    // The list is the only file open: the page opened nothing of the drop.
    await expect(page.getByTestId('tree').locator('[role="treeitem"][aria-level="1"]')).toHaveCount(
      1,
    );
    await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
  });

  test('the actions bar opens the check for any row of the list; Escape closes it', async ({
    page,
  }) => {
    await dropFiles(page, [{ name: 'LatestFileList.bin', bytes: list }]);
    const action = page.getByTestId('install-check-action');
    await expect(action).toBeVisible();
    // With a table of the list selected, not the file: the bar still knows the file.
    await selectRow(page, /^Base\b/);
    await action.click();
    const dialog = page.getByTestId('install-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText(
      'Check a game folder against LatestFileList.bin',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await action.click();
    await expect(page.getByTestId('install-dialog')).toBeVisible();
    await page.getByTestId('install-dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('install-dialog')).toHaveCount(0);
  });

  test('a broken list says where it broke', async ({ page }) => {
    await openListAndDialog(page, list.subarray(0, list.length - 3));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('install-folder-pick').click();
    await (await chooser).setFiles(join(root, 'Game'));
    await expect(page.getByTestId('install-error')).toHaveText(
      /^LatestFileList\.bin: unexpected end of data at 0x[0-9A-F]+: /,
    );
    await expect(page.getByTestId('install-summary')).toHaveCount(0);
  });
});

test.describe('a cancelled install check', () => {
  test.describe.configure({ timeout: 90_000 });

  /** Made-up files of 4 GiB less 8 MiB each (a list's size is a u32): one zero Blob of 8 MiB used again, nothing copied. */
  const HUGE = 4 * 1024 * 1024 * 1024 - 8 * 1024 * 1024;
  const hugeRecords: InstallRecord[] = Array.from({ length: 4 }, (_, at) => ({
    source: `Data/GameData/Huge-${at}.wad`,
    target: '',
    fileType: DmlFileType.WAD,
    size: HUGE,
    crc: 0,
  }));

  test('keeps what it had checked, the rest marked unchecked', async ({ page }) => {
    await page.addInitScript(
      ({ names, size }) => {
        const unit = new Blob([new Uint8Array(8 * 1024 * 1024)]);
        const huge = new Blob(Array.from({ length: size / unit.size }, () => unit));
        const files = names.map((name) => ({
          kind: 'file' as const,
          name,
          getFile: () => Promise.resolve(new File([huge], name)),
        }));
        const folder = (name: string, children: unknown[]) => ({
          kind: 'directory' as const,
          name,
          async *values() {
            yield* children;
          },
        });
        const game = folder('Game', [folder('Data', [folder('GameData', files)])]);
        (window as { showDirectoryPicker?: unknown }).showDirectoryPicker = () =>
          Promise.resolve(game);
      },
      { names: hugeRecords.map((record) => installPath(record).split('/').pop()!), size: HUGE },
    );
    await page.goto('/');
    await openListAndDialog(page, writeDmlTables(latestFileListOf(hugeRecords)));
    await page.getByTestId('install-folder-pick').click();
    await expect(page.getByTestId('install-progress')).toContainText(/of 16\.0 GiB read/);
    await page.getByTestId('install-cancel').click();
    const summary = page.getByTestId('install-summary');
    await expect(summary).toContainText('(cancelled: the unchecked files were not read)');
    await expect(summary).toContainText(/\d unchecked/);
    await expect(page.getByTestId('install-filter-unchecked')).toBeVisible();
  });
});
