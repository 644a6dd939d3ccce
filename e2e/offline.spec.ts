/**
 * Offline and installed: after one visit the service worker serves the app's own files, so
 * the page reloads and opens a local file, or a sample, with the network off. It caches
 * nothing else.
 * The installed app's file handling is tested through a stand-in `launchQueue`: an OS
 * double-click cannot be driven from here.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, demoWad, openKiwadSample, selectRow, treeItem } from './helpers.ts';

// The other specs block the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker has installed and controls the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
    await page.reload();
  }
  throw new Error('the service worker never took control of the page');
}

test('reloads and opens a local file with the network off', async ({ page, context, baseURL }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await waitForServiceWorker(page);

  // Only the app's own files are cached (its samples among them), nothing from elsewhere.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(10);
  expect(cached.filter((url) => !url.startsWith(`${new URL(baseURL!).origin}/`))).toEqual([]);
  expect(cached).toContain(new URL('/samples/samples.json', baseURL).href);
  expect(cached).toContain(new URL('/samples/demo.wad', baseURL).href);
  expect(cached).toContain(new URL('/index.html', baseURL).href);

  await context.setOffline(true);
  // A deep link's query is served the same page.
  await page.goto('/?file=offline.wad&node=readme.txt');
  await expect(page.getByRole('heading', { name: 'Delve' })).toBeVisible();
  await expect(page.getByTestId('link-notice-file')).toHaveText('offline.wad');
  await page.getByTestId('file-input').setInputFiles({
    name: 'offline.wad',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(demoWad()),
  });
  // The decoder worker and its chunks came from the cache too.
  await expect(treeItem(page, /^readme\.txt/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('text-view')).toContainText(/\w/);
  await selectRow(page, /^Textures/, 'ArrowRight');
  await selectRow(page, /^UI/, 'ArrowRight');
  await selectRow(page, /logo\.png/);
  await expect(page.getByTestId('image-view')).toBeVisible();
  await context.setOffline(false);
  expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
});

test('Try a sample opens both samples with the network off, without a warning', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Delve' })).toBeVisible();
  await openKiwadSample(page);
  await expect(treeItem(page, /^readme\.txt/)).toBeVisible();
  await page.getByTestId('sample-button').click();
  await page.getByRole('menuitem', { name: /World of Warships/ }).click();
  await expect(treeItem(page, /World_of_Warships \(build 7012345\)/)).toBeVisible();
  await expect(page.getByTestId('verify-all')).toBeEnabled();
  // Neither a load failure nor a left-over notice: nothing was said at all.
  await expect(page.getByTestId('job-error')).toHaveCount(0);
  await expect(page.getByTestId('job-info')).toHaveCount(0);
  await context.setOffline(false);
});

test('the manifest registers Delve for its formats, and launched files open', async ({ page }) => {
  // A stand-in for the launch queue an installed app gets; it keeps the consumer Delve sets.
  await page.addInitScript(() => {
    const holder = window as unknown as { __consumer?: (params: unknown) => void };
    Object.defineProperty(window, 'launchQueue', {
      value: {
        setConsumer: (consumer: (params: unknown) => void) => (holder.__consumer = consumer),
      },
    });
  });
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('./manifest.webmanifest');
  const manifest = (await (await page.request.get(manifestHref!)).json()) as {
    file_handlers: { action: string; accept: Record<string, string[]> }[];
  };
  const extensions = manifest.file_handlers.flatMap((handler) =>
    Object.values(handler.accept).flat(),
  );
  expect(extensions).toEqual(
    expect.arrayContaining([
      '.wad',
      '.wwd',
      '.idx',
      '.pkg',
      '.ka',
      '.sc2',
      '.scg',
      '.dvpl',
      '.bin',
    ]),
  );

  const bytes = Array.from(demoWad());
  await page.evaluate((data) => {
    const holder = window as unknown as { __consumer?: (params: unknown) => void };
    const file = new File([new Uint8Array(data)], 'launched.wad');
    holder.__consumer?.({ files: [{ kind: 'file', getFile: () => Promise.resolve(file) }] });
  }, bytes);
  await expect(treeItem(page, /launched\.wad/)).toBeVisible();
  await expect(treeItem(page, /^readme\.txt/)).toBeVisible();
});
