/**
 * World of Warships game folders in the browser: a generated install (game-folder.ts: the
 * current build's three indexes, an older build, a newer build still downloading) is written
 * to a temp dir and opened through "Open folder…" (the `webkitdirectory` input). One session
 * for the newest build with an idx/ folder, its indexes merged into one tree; downloads
 * byte-identical to the sources; Verify all with an unsupported (type 6) entry; volumes
 * added after the open; another build chosen from the details pane.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { makeWowsGameFolder, wowsGameFolderIndexes } from '../src/formats/wows/game-folder.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  expandRow,
  selectRow,
  sha256,
  treeItem,
} from './helpers.ts';

const BUILD = 7012345;
const OLDER = BUILD - 1000;
const NEWER = BUILD + 1000;
const SESSION = `WoWs (build ${BUILD})`;
const OLDER_SESSION = `WoWs (build ${OLDER})`;

const AO_DDS = 'content/gameplay/usa/gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds';
const TERRAIN = 'spaces/16_OC_bees_to_honey/terrain.bin';
const README = 'gui/fonts/readme.txt';
const PACKED = 'content/lesta/packed.dat';

/** The source bytes of every entry of the current build, by path. */
const SOURCES = new Map(
  wowsGameFolderIndexes().flatMap((index) => index.files.map((file) => [file.path, file])),
);
const sourceBytes = (path: string) => SOURCES.get(path)!.bytes;

const files = makeWowsGameFolder({ build: BUILD, olderBuild: OLDER, newerPartialBuild: NEWER });
const pkgOf = (name: string) => files.find((file) => file.path === `res_packages/${name}`)!;

let tmp: string;
/** The whole install. */
let fullGame: string;
/** The same install without res_packages/: only bin/. */
let binOnly: string;
/** The .pkg files, loose, to add later. */
let loosePkgs: string;

function writeFiles(folder: string, list: readonly { path: string; bytes: Uint8Array }[]): void {
  for (const { path, bytes } of list) {
    const target = join(folder, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

test.beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'delve-wows-'));
  fullGame = join(tmp, 'full', 'WoWs');
  binOnly = join(tmp, 'bin-only', 'WoWs');
  loosePkgs = join(tmp, 'pkgs');
  writeFiles(fullGame, files);
  writeFiles(
    binOnly,
    files.filter((file) => file.path.startsWith('bin/')),
  );
  writeFiles(
    loosePkgs,
    files
      .filter((file) => file.path.startsWith('res_packages/'))
      .map((file) => ({ path: file.path.slice('res_packages/'.length), bytes: file.bytes })),
  );
});

test.afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  // No showDirectoryPicker: "Open folder…" opens the webkitdirectory input.
  await page.addInitScript(() => {
    delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await page.goto('/');
});

/** Chooses `folder` with "Open folder…", as a person would. */
async function openFolder(page: Page, folder: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('open-folder').click();
  await (await chooser).setFiles(folder);
}

/** The tree's top-level rows: one per opened file. */
const fileRows = (page: Page) =>
  page.getByTestId('tree').locator('[role="treeitem"][aria-level="1"]');

const exactly = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Opens the folder, waits for its one session, and expands it. */
async function openGame(page: Page, folder: string, session = SESSION): Promise<void> {
  await openFolder(page, folder);
  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRows(page).first()).toHaveAccessibleName(session);
  await expandFile(page, session);
}

async function expandFile(page: Page, session: string): Promise<void> {
  await expandRow(page, exactly(session));
}

/** Shows an entry through the filter (which expands its folders) and selects it. */
async function selectEntry(page: Page, path: string): Promise<void> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  await page.getByTestId('filter').fill(path);
  await expect(treeItem(page, exactly(name))).toBeVisible();
  await selectRow(page, exactly(name));
}

/** The file's own row selected: its details pane. */
async function fileDetails(page: Page, session = SESSION) {
  await page.getByTestId('filter').fill('');
  await selectRow(page, exactly(session));
  return page.getByRole('region', { name: `Details of ${session}` });
}

async function downloadSelected(page: Page): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByTestId('download').click();
  return download;
}

async function expectDownloadOf(page: Page, path: string): Promise<void> {
  const download = await downloadSelected(page);
  expect(download.suggestedFilename()).toBe(path.slice(path.lastIndexOf('/') + 1));
  const bytes = await downloadedBytes(download);
  expect(bytes.length, path).toBe(sourceBytes(path).length);
  expect(sha256(bytes), path).toBe(sha256(sourceBytes(path)));
}

test('a game folder opens as one session of the newest build, its indexes merged', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openGame(page, fullGame);

  // Top level: folders and files of all three indexes, `content` once.
  for (const name of ['content', 'gui', 'spaces', 'KDStorage.bin']) {
    await expect(treeItem(page, exactly(name)), name).toHaveCount(1);
  }
  await selectRow(page, exactly('content'), 'ArrowRight');
  // content/ holds entries of system_data (GameParams.data, lesta) and of the two others.
  await expect(treeItem(page, exactly('GameParams.data'))).toBeVisible();
  await expect(treeItem(page, exactly('lesta'))).toBeVisible();
  await selectRow(page, exactly('gameplay'), 'ArrowRight');
  // usa/ from vehicles_level6_usa.idx, common/ from spaces_ocean.idx.
  await expect(treeItem(page, exactly('usa'))).toBeVisible();
  await expect(treeItem(page, exactly('common'))).toBeVisible();
  await expect(treeItem(page, exactly('gameplay'))).toHaveCount(1);

  // Nothing else was opened: not the older build, not the partial download.
  await expect(fileRows(page)).toHaveCount(1);

  const details = await fileDetails(page);
  await expect(details.getByTestId('file-set')).toContainText(`Opened build ${BUILD}:`);
  await expect(details.getByTestId('file-set')).toContainText(`bin/${NEWER}`);
  const select = details.getByTestId('file-set-select');
  await expect(select.locator('option')).toHaveCount(2);
  await expect(select.locator('option').nth(0)).toContainText(`build ${BUILD}`);
  await expect(select.locator('option').nth(1)).toContainText(`build ${OLDER}`);
  await expect(select.locator('option', { hasText: `build ${NEWER}` })).toHaveCount(0);
  // Every volume is there.
  await expect(details.getByTestId('missing-sources')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('entries download byte for byte: deflated, stored, and a folder as a .zip', async ({
  page,
}) => {
  await openGame(page, fullGame);
  await selectEntry(page, AO_DDS);
  await expectDownloadOf(page, AO_DDS);
  await selectEntry(page, TERRAIN);
  await expectDownloadOf(page, TERRAIN);
  await selectEntry(page, README);
  await expectDownloadOf(page, README);

  // The spaces/ folder as a .zip: its two entries, byte for byte.
  await page.getByTestId('filter').fill('');
  await selectRow(page, exactly('spaces'));
  await expect(page.getByTestId('download')).toHaveText('Download as .zip');
  const zip = unzipSync(await downloadedBytes(await downloadSelected(page)));
  const expected = [...SOURCES.keys()].filter((path) => path.startsWith('spaces/'));
  expect(Object.keys(zip)).toHaveLength(expected.length);
  for (const path of expected) {
    const name = Object.keys(zip).find((entry) => path.endsWith(entry));
    expect(name, path).toBeDefined();
    expect(sha256(zip[name!]!), path).toBe(sha256(sourceBytes(path)));
  }
});

test('Verify all counts ok and unsupported apart; nothing mismatched', async ({ page }) => {
  await openGame(page, fullGame);
  await selectRow(page, exactly(SESSION));
  const button = page.getByTestId('verify-all');
  await button.click();
  const summary = page.getByTestId('verify-summary');
  // 11 entries over three indexes: 10 stored or deflated (one empty), one of type 6.
  await expect(summary).toHaveText('10 ok, 0 mismatched, 0 unpatched, 1 unsupported');
  await expect(button).toHaveText('Verify all');
  await selectEntry(page, PACKED);
  await expect(treeItem(page, exactly('packed.dat'))).toContainText(/unsupported/i);
  await selectEntry(page, AO_DDS);
  await expect(treeItem(page, exactly('AGS206_3in50_MK21_Sub_ao.dds'))).toContainText('✓ ok');
});

test('previewing the type-6 entry says its compression is unsupported; the rest works', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openGame(page, fullGame);
  await selectEntry(page, PACKED);
  await expect(page.getByTestId('preview-error')).toContainText('unsupported compression (type 6');
  await expect(page.getByRole('region', { name: `Details of ${PACKED}` })).toContainText('type 6');

  // Another entry of the same index previews and downloads.
  await selectEntry(page, README);
  await expect(page.getByTestId('preview-error')).toHaveCount(0);
  await expect(page.getByTestId('preview-pane')).toContainText('Fonts are licensed separately.');
  await expectDownloadOf(page, README);
  // And the unsupported entry again: the same message, no crash.
  await selectEntry(page, PACKED);
  await expect(page.getByTestId('preview-error')).toContainText('unsupported compression (type 6');
  await expect(fileRows(page)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test.describe('a build opened without its .pkg volumes', () => {
  test('the details name the missing .pkg; Add sources… adds it to the open session', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openGame(page, binOnly);
    // Entries are listed from the indexes alone.
    await expect(treeItem(page, exactly('KDStorage.bin'))).toBeVisible();

    const details = await fileDetails(page);
    const missing = details.getByTestId('missing-sources');
    for (const name of [
      'system_data_0001.pkg',
      'vehicles_level6_usa_0001.pkg',
      'spaces_ocean_0001.pkg',
    ]) {
      await expect(missing, name).toContainText(name);
    }

    await selectEntry(page, README);
    await expect(page.getByTestId('preview-error')).toContainText('system_data_0001.pkg');

    const chooser = page.waitForEvent('filechooser');
    await (await fileDetails(page)).getByTestId('add-sources').click();
    await (await chooser).setFiles(join(loosePkgs, 'system_data_0001.pkg'));
    await expect(missing).not.toContainText('system_data_0001.pkg');
    await expect(missing).toContainText('vehicles_level6_usa_0001.pkg');
    await expect(fileRows(page)).toHaveCount(1);

    // The same entry now previews and downloads, without reopening.
    await selectEntry(page, README);
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    await expect(page.getByTestId('preview-pane')).toContainText('Fonts are licensed separately.');
    await expectDownloadOf(page, README);
    await selectEntry(page, 'content/GameParams.data');
    await expectDownloadOf(page, 'content/GameParams.data');
    // An entry of a volume still missing still says which.
    await selectEntry(page, AO_DDS);
    await expect(page.getByTestId('preview-error')).toContainText('vehicles_level6_usa_0001.pkg');
    expect(errors).toEqual([]);
  });

  test('the hidden input is labelled for the file', async ({ page }) => {
    await openGame(page, binOnly);
    await fileDetails(page);
    await page
      .getByLabel(`Add sources to ${SESSION}`)
      .setInputFiles(join(loosePkgs, 'spaces_ocean_0001.pkg'));
    const missing = page.getByTestId('missing-sources');
    await expect(missing).not.toContainText('spaces_ocean_0001.pkg');
    await selectEntry(page, TERRAIN);
    await expectDownloadOf(page, TERRAIN);
  });

  test('a .pkg dropped afterwards joins the session that lacks it', async ({ page }) => {
    await openGame(page, binOnly);
    await selectEntry(page, AO_DDS);
    await expect(page.getByTestId('preview-error')).toContainText('vehicles_level6_usa_0001.pkg');

    const pkg = pkgOf('vehicles_level6_usa_0001.pkg');
    await dropFiles(page, [{ name: 'vehicles_level6_usa_0001.pkg', bytes: pkg.bytes }]);
    const missing = (await fileDetails(page)).getByTestId('missing-sources');
    await expect(missing).not.toContainText('vehicles_level6_usa_0001.pkg');
    await expect(missing).toContainText('system_data_0001.pkg');
    // Added to the session, not opened as a file of its own.
    await expect(fileRows(page)).toHaveCount(1);

    await selectEntry(page, AO_DDS);
    await expect(page.getByTestId('preview-error')).toHaveCount(0);
    await expectDownloadOf(page, AO_DDS);
  });
});

test('choosing the older build reopens the file with that build’s entries', async ({ page }) => {
  await openGame(page, fullGame);
  await expect(treeItem(page, exactly('KDStorage.bin'))).toBeVisible();
  const details = await fileDetails(page);
  const select = details.getByTestId('file-set-select');
  const older = select.locator('option', { hasText: `build ${OLDER}` });
  await select.selectOption((await older.getAttribute('value'))!);

  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRows(page).first()).toHaveAccessibleName(OLDER_SESSION);
  await expandFile(page, OLDER_SESSION);
  await expect(treeItem(page, exactly('gui'))).toBeVisible();
  await expect(treeItem(page, exactly('KDStorage.bin'))).toHaveCount(0);
  await expect(treeItem(page, exactly('spaces'))).toHaveCount(0);

  await selectEntry(page, 'gui/version.txt');
  await expect(page.getByTestId('preview-pane')).toContainText('0.9.0');

  const olderDetails = await fileDetails(page, OLDER_SESSION);
  await expect(olderDetails.getByTestId('file-set')).toContainText(`Opened build ${OLDER}:`);
  await expect(olderDetails.getByTestId('file-set-select')).toContainText(`build ${BUILD}`);
});

test('Try a sample opens the game-folder demo as served, its entries readable', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const session = `World_of_Warships (build ${BUILD})`;
  await page.goto('/');
  await page.getByTestId('sample-button').click();
  await page.getByRole('menuitem', { name: 'World of Warships game folder' }).click();
  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRows(page).first()).toHaveAccessibleName(session);
  const details = await fileDetails(page, session);
  await expect(details.getByTestId('file-set')).toContainText(`Opened build ${BUILD}:`);
  await expect(details.getByTestId('missing-sources')).toHaveCount(0);
  // Entries of the served .pkg files download byte for byte: deflated and stored.
  await expandFile(page, session);
  for (const path of [AO_DDS, README]) {
    await selectEntry(page, path);
    await expectDownloadOf(page, path);
  }
  expect(errors).toEqual([]);
});
