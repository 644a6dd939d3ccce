/**
 * Remote files in real Chromium, against a local file server on a port of its own (so CORS
 * is real: the app is on localhost:4173, the files on 127.0.0.1:<port>). A generated KIWAD
 * of over 500 MB opened by `?url=` and one entry previewed must transfer under 2% of it (the
 * server counts what it sent); a server without Range support still opens a file (a whole
 * download, with a job that can be cancelled); a CORS refusal and a 404 say what failed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeWowsGameFolder } from '../src/formats/wows/game-folder.ts';
import { ensureBigArchive, type BigArchive } from './servers/big-archive.ts';
import { startFileServer, type FileServer } from './servers/file-server.ts';
import { collectPageErrors, selectRow, treeItem } from './helpers.ts';

const DEMO = resolve(import.meta.dirname, '../public/samples/demo.wad');
const INDEXED = '[data-testid="verify-all"]';

let archive: BigArchive;
let server: FileServer;
/** One World of Warships index and the volume it names, as loose files. */
let wowsDir: string;
const WOWS_INDEX = 'system_data.idx';
const WOWS_VOLUME = 'system_data_0001.pkg';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  archive = await ensureBigArchive(join(tmpdir(), 'delve-remote-e2e', 'big.wad'));
  wowsDir = mkdtempSync(join(tmpdir(), 'delve-remote-wows-'));
  const served: Record<string, string> = { 'big.wad': archive.path, 'demo.wad': DEMO };
  for (const file of makeWowsGameFolder({ olderBuild: null, newerPartialBuild: null })) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    if (name !== WOWS_INDEX && name !== WOWS_VOLUME) continue;
    served[name] = join(wowsDir, name);
    writeFileSync(served[name], file.bytes);
  }
  server = await startFileServer(served);
});

test.afterAll(async () => {
  await server?.close();
  rmSync(wowsDir, { recursive: true, force: true });
});

test.beforeEach(() => server.reset());

const openByAddress = (page: Page, ...urls: string[]) =>
  page.goto(`/?${urls.map((url) => `url=${encodeURIComponent(url)}`).join('&')}`);

test('a 500 MB archive opened by URL lists and previews an entry for under 2% of its bytes', async ({
  page,
}) => {
  expect(archive.size).toBeGreaterThan(500_000_000);
  const errors = collectPageErrors(page);
  await openByAddress(page, server.url('ranges', 'big.wad'));
  await expect(treeItem(page, /big\.wad/)).toBeVisible();
  await expect(page.locator(INDEXED)).toBeEnabled({ timeout: 20_000 });
  await expect(treeItem(page, /^readme\.txt/)).toBeVisible();

  await selectRow(page, /^readme\.txt/);
  await expect(page.getByTestId('text-view')).toContainText(archive.texts['readme.txt']!.trim());
  const sent = server.sentBytes;
  console.log(
    `remote open + preview: ${sent} bytes sent in ${server.requests.length} requests (${((sent / archive.size) * 100).toFixed(3)}% of ${archive.size})`,
  );
  expect(sent).toBeLessThan(archive.size * 0.02);
  expect(server.requests.every((request) => request.status === 206)).toBe(true);

  // Another row, then the same entry again: nothing more is fetched.
  await selectRow(page, /^data/);
  await selectRow(page, /^readme\.txt/);
  await expect(page.getByTestId('text-view')).toContainText('past 500 MB');
  expect(server.sentBytes).toBe(sent);
  expect(errors).toEqual([]);
});

test('an index and its volume given as two ?url= open as one session', async ({ page }) => {
  await openByAddress(page, server.url('ranges', WOWS_INDEX), server.url('ranges', WOWS_VOLUME));
  await expect(treeItem(page, /system_data\.idx/)).toBeVisible();
  await expect(page.locator(INDEXED)).toBeEnabled();
  await expect(treeItem(page, /system_data_0001\.pkg/)).toHaveCount(0);
  await selectRow(page, /^gui/, 'ArrowRight');
  await selectRow(page, /^fonts/, 'ArrowRight');
  await selectRow(page, /^readme\.txt/);
  await expect(page.getByTestId('text-view')).toContainText('Fonts are licensed separately.');
  const names = new Set(server.requests.map((request) => request.name));
  expect(names).toEqual(new Set([WOWS_INDEX, WOWS_VOLUME]));
});

test('Open URL opens an address typed into its dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('open-url-button').click();
  const input = page.getByTestId('open-url-input');
  await expect(input).toBeFocused();
  await input.fill(server.url('ranges', 'demo.wad'));
  await page.getByTestId('open-url-submit').click();
  await expect(treeItem(page, /demo\.wad/)).toBeVisible();
  await expect(page.locator(INDEXED)).toBeEnabled();
  expect(server.requests.some((request) => request.status === 206)).toBe(true);
  // The file's details say where it came from.
  await selectRow(page, /^demo\.wad/);
  const details = page.getByRole('region', { name: /^Details of demo\.wad$/ });
  await expect(details.locator('.fact').filter({ hasText: 'Address' })).toHaveText(
    `Address${server.url('ranges', 'demo.wad')}`,
  );
});

test('a server without Range support still opens the file, downloaded whole', async ({ page }) => {
  await openByAddress(page, server.url('whole', 'demo.wad'));
  await expect(treeItem(page, /demo\.wad/)).toBeVisible();
  await expect(page.locator(INDEXED)).toBeEnabled();
  const gets = server.requests.filter((request) => request.method === 'GET');
  // The probe's answer was the whole file: one request, read to its end.
  expect(gets.map((request) => request.status)).toEqual([200]);
});

test('a whole download shows its progress and can be cancelled', async ({ page }) => {
  await openByAddress(page, server.url('slow', 'big.wad'));
  const job = page.getByTestId('job').filter({ hasText: 'Downloading big.wad' });
  await expect(job).toBeVisible();
  await expect(job.getByTestId('job-progress')).toHaveAttribute('max', '1');
  await job.getByTestId('cancel-job').click();
  await expect(page.getByTestId('job-info')).toContainText('big.wad: download cancelled');
  await expect(job).toHaveCount(0);
  await expect(treeItem(page, /big\.wad/)).toHaveCount(0);
  const sent = server.sentBytes;
  await page.waitForTimeout(300);
  // The transfer stopped with the cancel.
  expect(server.sentBytes - sent).toBeLessThan(256 * 1024);
  expect(server.sentBytes).toBeLessThan(archive.size / 10);
});

test('a CORS refusal names CORS and the headers the server must send', async ({ page }) => {
  await openByAddress(page, server.url('nocors', 'demo.wad'));
  const message = page.getByTestId('job-error');
  await expect(message).toContainText('demo.wad');
  await expect(message).toContainText('CORS');
  await expect(message).toContainText(
    `Access-Control-Allow-Origin: http://localhost:${process.env['DELVE_E2E_PORT'] ?? 4173}`,
  );
  await expect(message).toContainText('Access-Control-Allow-Headers: Range');
  await expect(message).toContainText(
    'Access-Control-Expose-Headers: Content-Range, Content-Length, Accept-Ranges',
  );
  await expect(treeItem(page, /demo\.wad/)).toHaveCount(0);
});

test('a 404 says there is no file at the address', async ({ page }) => {
  await openByAddress(page, server.url('ranges', 'missing.wad'));
  const message = page.getByTestId('job-error');
  await expect(message).toContainText('missing.wad');
  await expect(message).toContainText('HTTP 404 Not Found: there is no file at this address');
  await expect(treeItem(page, /missing\.wad/)).toHaveCount(0);
});

test('a link to a remote file opens it and restores the entry, tab and offset', async ({
  page,
  context,
}) => {
  const errors = collectPageErrors(page);
  await openByAddress(page, server.url('ranges', 'demo.wad'));
  await expect(page.locator(INDEXED)).toBeEnabled();
  await selectRow(page, /^Audio/, 'ArrowRight');
  await selectRow(page, /^theme\.wav/);
  await page.getByTestId('preview-tab-hex').click();
  await page.getByTestId('hex-goto').fill('0x400');
  await page.getByTestId('hex-goto').press('Enter');
  await page.getByTestId('copy-link').click();
  const field = page.getByTestId('copy-link-field');
  await expect(field).toHaveValue(/[?&]node=Audio%2Ftheme\.wav|[?&]node=Audio\/theme\.wav/);
  const link = new URL(await field.inputValue());
  expect(link.searchParams.getAll('url')).toEqual([server.url('ranges', 'demo.wad')]);
  expect(link.searchParams.get('node')).toBe('Audio/theme.wav');

  // A new page given only the link: no file to pick, it comes from the server.
  const opened = await context.newPage();
  await opened.goto(link.href);
  await expect(treeItem(opened, /^theme\.wav/)).toHaveAttribute('aria-selected', 'true');
  await expect(opened.getByTestId('preview-tab-hex')).toHaveAttribute('aria-selected', 'true');
  const row = opened.locator('[data-testid="hex-row"][data-offset="1024"]');
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/hex-row--target/);
  expect(errors).toEqual([]);
});
