/**
 * Opening a whole folder: through `<input webkitdirectory>` (where there is no
 * showDirectoryPicker), through showDirectoryPicker (stubbed with a handle tree of real Files
 * built in the page), and by dropping a folder (entries stubbed the same way: a script cannot
 * make a DataTransfer that holds a real folder). Inputs are made with Delve's own writer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { collectPageErrors, expandRow, treeItem, waitForDropTarget } from './helpers.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** The folder every test opens: two archives in nested folders, by path. */
const GAME: Record<string, Uint8Array> = {
  'data/a.wad': writeKiwad([{ name: 'alpha.txt', data: text('alpha content') }]),
  'data/sub/b.wad': writeKiwad([{ name: 'beta.txt', data: text('beta content') }]),
};

/** A file's own row in the tree, whatever the state layer shows of its path. */
const fileRow = (page: Page, name: string) =>
  treeItem(page, new RegExp(`(^|/)${name.replace('.', '\\.')}`)).first();

/** Both archives are in the tree, and each opens to its entry. */
async function expectGameOpened(page: Page): Promise<void> {
  await expect(fileRow(page, 'a.wad')).toBeVisible();
  await expect(fileRow(page, 'b.wad')).toBeVisible();
  // Expanded whatever the selection does meanwhile (a later batch of the drop may take it).
  await expandRow(page, /(^|\/)a\.wad/);
  await expect(treeItem(page, /alpha\.txt/)).toBeVisible();
  await expandRow(page, /(^|\/)b\.wad/);
  await expect(treeItem(page, /beta\.txt/)).toBeVisible();
}

/** Files as the page's stubs get them: a path and the bytes as numbers (structured-cloneable). */
const payloadOf = (files: Record<string, Uint8Array>, prefix: string) =>
  Object.entries(files).map(([path, bytes]) => ({ path: prefix + path, data: Array.from(bytes) }));

test.describe('the folder input (no showDirectoryPicker)', () => {
  let root: string;

  test.beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'delve-folder-'));
    for (const [path, bytes] of Object.entries(GAME)) {
      mkdirSync(dirname(join(root, 'game', path)), { recursive: true });
      writeFileSync(join(root, 'game', path), bytes);
    }
  });

  test.afterAll(() => rmSync(root, { recursive: true, force: true }));

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    });
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => 'showDirectoryPicker' in window)).toBe(false);
  });

  test('a folder set on the input opens every file in its subfolders', async ({ page }) => {
    const errors = collectPageErrors(page);
    const input = page.getByTestId('folder-input');
    // What the browser hands over, read before the app clears the input.
    await input.evaluate((element: HTMLInputElement) => {
      element.addEventListener('change', () => {
        const paths = Array.from(element.files ?? [], (file) => file.webkitRelativePath);
        element.dataset['pickedPaths'] = paths.sort().join(',');
      });
    });
    await input.setInputFiles(join(root, 'game'));
    await expect(input).toHaveAttribute('data-picked-paths', 'game/data/a.wad,game/data/sub/b.wad');
    await expectGameOpened(page);
    expect(errors).toEqual([]);
  });

  test('the Open folder button opens the folder chooser', async ({ page }) => {
    const button = page.getByRole('button', { name: 'Open folder…' });
    await expect(button).toHaveAttribute('title', /folder/);
    const chooser = page.waitForEvent('filechooser');
    // From the keyboard: focus it and press Enter.
    await button.focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(join(root, 'game'));
    await expectGameOpened(page);
  });
});

/**
 * Installs a fake showDirectoryPicker: a handle tree over Files built in the page from
 * `files` (paths below the picked folder `name`); paths in `unreadable` fail on getFile.
 * `cancel` makes it reject as a user closing the picker does.
 */
async function stubPicker(
  page: Page,
  options: {
    name: string;
    files: { path: string; data: number[] }[];
    unreadable?: string[];
    /** getFile waits until the page calls `releaseFolderFiles()`. */
    hold?: boolean;
  },
  cancel = false,
): Promise<void> {
  await page.addInitScript(
    ({ name, files, unreadable, isHeld, cancel }) => {
      // Each call releases the reads waiting then; later reads wait for the next call.
      const host = window as { releaseFolderFiles?: () => void };
      let released: Promise<void>;
      const hold = () => {
        released = new Promise<void>((resolve) => {
          host.releaseFolderFiles = () => {
            resolve();
            hold();
          };
        });
      };
      hold();
      interface Folder {
        [name: string]: Folder | File | null;
      }
      const tree: Folder = {};
      for (const { path, data } of files) {
        const parts = path.split('/');
        const fileName = parts.pop()!;
        let folder = tree;
        for (const part of parts) folder = (folder[part] ??= {}) as Folder;
        folder[fileName] = unreadable.includes(path)
          ? null
          : new File([new Uint8Array(data)], fileName);
      }
      const handleOf = (folderName: string, folder: Folder): object => ({
        kind: 'directory',
        name: folderName,
        async *values() {
          for (const [childName, child] of Object.entries(folder)) {
            if (child === null || child instanceof File) {
              yield {
                kind: 'file',
                name: childName,
                getFile: async () => {
                  if (isHeld) await released;
                  if (child) return child;
                  throw new DOMException('The file could not be read.', 'NotReadableError');
                },
              };
            } else {
              yield handleOf(childName, child);
            }
          }
        },
      });
      (window as { showDirectoryPicker?: unknown }).showDirectoryPicker = async () => {
        if (cancel) throw new DOMException('The user aborted a request.', 'AbortError');
        return handleOf(name, tree);
      };
    },
    { ...options, unreadable: options.unreadable ?? [], isHeld: options.hold ?? false, cancel },
  );
}

test.describe('showDirectoryPicker', () => {
  test('the picked folder is walked and every file opens', async ({ page }) => {
    const errors = collectPageErrors(page);
    await stubPicker(page, { name: 'game', files: payloadOf(GAME, '') });
    await page.goto('/');
    await page.getByTestId('open-folder').click();
    await expectGameOpened(page);
    expect(errors).toEqual([]);
  });

  test('a file that cannot be read is named in a toast; the others open', async ({ page }) => {
    await stubPicker(page, {
      name: 'game',
      files: payloadOf({ ...GAME, 'data/locked.wad': new Uint8Array(8) }, ''),
      unreadable: ['data/locked.wad'],
    });
    await page.goto('/');
    await page.getByTestId('open-folder').click();
    await expect(page.getByTestId('job-error')).toContainText(
      'game/data/locked.wad: could not be read',
    );
    await expectGameOpened(page);
  });

  test('while the folder is read the button says so, and Cancel opens nothing', async ({
    page,
  }) => {
    await stubPicker(page, { name: 'game', files: payloadOf(GAME, ''), hold: true });
    await page.goto('/');
    const button = page.getByTestId('open-folder');
    await button.click();
    await expect(button).toHaveText('Reading folder…');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('folder-reading')).toContainText('2 files found');
    await page.getByTestId('folder-reading').getByRole('button', { name: 'Cancel' }).click();
    await expect(button).toHaveText('Open folder…');
    await page.evaluate(() =>
      (window as { releaseFolderFiles?: () => void }).releaseFolderFiles!(),
    );
    await expect(page.getByTestId('folder-reading')).toHaveCount(0);
    await expect(page.getByTestId('format-list')).toBeVisible();
    await expect(page.getByTestId('tree').getByRole('treeitem')).toHaveCount(0);

    // Read again, and let it finish this time.
    await button.click();
    await expect(button).toHaveText('Reading folder…');
    await page.evaluate(() =>
      (window as { releaseFolderFiles?: () => void }).releaseFolderFiles!(),
    );
    await expectGameOpened(page);
  });

  test('closing the picker does nothing', async ({ page }) => {
    await stubPicker(page, { name: 'game', files: payloadOf(GAME, '') }, true);
    await page.goto('/');
    await page.getByTestId('open-folder').click();
    await expect(page.getByTestId('open-folder')).toHaveText('Open folder…');
    await expect(page.getByTestId('open-folder')).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId('job-error')).toHaveCount(0);
    await expect(page.getByTestId('format-list')).toBeVisible();
  });
});

test('a dropped folder is walked across readEntries batches, beside a loose file', async ({
  page,
}) => {
  await page.goto('/');
  const files = payloadOf(GAME, 'game/');
  const loose = { name: 'notes.txt', data: Array.from(text('loose notes\n')) };
  await waitForDropTarget(page);
  await page.evaluate(
    ({ files, loose }) => {
      interface FakeEntry {
        name: string;
        fullPath: string;
        isFile: boolean;
        isDirectory: boolean;
        children?: FakeEntry[];
        file?: (onFile: (file: File) => void) => void;
        createReader?: () => { readEntries: (onEntries: (batch: FakeEntry[]) => void) => void };
      }
      const folder = (name: string, fullPath: string): FakeEntry => {
        const entry: FakeEntry = { name, fullPath, isFile: false, isDirectory: true, children: [] };
        // One entry per call, as a reader of a big folder hands out a batch at a time.
        entry.createReader = () => {
          let at = 0;
          return {
            readEntries: (onEntries) =>
              setTimeout(() => onEntries(entry.children!.slice(at, ++at)), 0),
          };
        };
        return entry;
      };
      const root = folder('game', '/game');
      for (const { path, data } of files) {
        const parts = path.split('/').slice(1);
        const fileName = parts.pop()!;
        let parent = root;
        for (const part of parts) {
          let next = parent.children!.find((child) => child.name === part);
          if (!next) parent.children!.push((next = folder(part, `${parent.fullPath}/${part}`)));
          parent = next;
        }
        const file = new File([new Uint8Array(data)], fileName);
        parent.children!.push({
          name: fileName,
          fullPath: `/${path}`,
          isFile: true,
          isDirectory: false,
          file: (onFile) => setTimeout(() => onFile(file), 0),
        });
      }
      // The folder travels as a placeholder item whose entry is the fake folder.
      const transfer = new DataTransfer();
      transfer.items.add(new File([], 'game'));
      transfer.items.add(new File([new Uint8Array(loose.data)], loose.name));
      const original = DataTransferItem.prototype.webkitGetAsEntry;
      DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
        return this.getAsFile()?.name === 'game'
          ? (root as unknown as FileSystemEntry)
          : original.call(this);
      };
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
      DataTransferItem.prototype.webkitGetAsEntry = original;
    },
    { files, loose },
  );
  await expect(fileRow(page, 'notes.txt')).toBeVisible();
  await expectGameOpened(page);
});

test.describe('several samples', () => {
  test.beforeEach(async ({ page }) => {
    const manifest = [
      { format: 'kiwad', label: 'KIWAD archive', files: ['demo.wad'] },
      {
        format: 'game',
        label: 'A game folder',
        files: Object.keys(GAME).map((path) => `game/${path}`),
      },
    ];
    await page.route('**/samples/samples.json', (route) => route.fulfill({ json: manifest }));
    await page.route('**/samples/game/**', (route) => {
      const path = new URL(route.request().url()).pathname.replace(/^.*\/samples\/game\//, '');
      const body = GAME[path];
      return body ? route.fulfill({ body: Buffer.from(body) }) : route.fulfill({ status: 404 });
    });
    await page.goto('/');
  });

  test('Try a sample is a menu that works from the keyboard', async ({ page }) => {
    const button = page.getByTestId('sample-button');
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = page.getByRole('menu', { name: 'Samples' }).getByRole('menuitem');
    await expect(items).toHaveText(['KIWAD archive', 'A game folder']);
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expectGameOpened(page);
  });

  test('the KIWAD item opens the demo archive', async ({ page }) => {
    await page.getByTestId('sample-button').click();
    await page.getByRole('menuitem', { name: 'KIWAD archive' }).click();
    await expect(treeItem(page, /demo\.wad/)).toBeVisible();
  });

  test('a click outside closes the menu', async ({ page }) => {
    await page.getByTestId('sample-button').click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByTestId('format-list').click();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});
