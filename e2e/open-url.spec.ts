/**
 * What Open URL and `?url=` accept, in real Chromium against the app's own server: only web
 * addresses. Words and spaces are refused before any request; in the dialog a relative path
 * that says it is one is shown resolved against the page before it opens; an address the
 * server answers with its start page (a single-page host sends it for any path) is an error,
 * never a file of unknown format.
 */
import { expect, test, type Page } from '@playwright/test';
import { treeItem } from './helpers.ts';

/** Requests the page makes for paths other than the app's own files. */
function requestsFor(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

test('?url= that is no web address is refused before any request', async ({ page }) => {
  const requests = requestsFor(page, /not-a-url|foo/);
  await page.goto('/?url=not-a-url&url=foo%20bar');
  const errors = page.getByTestId('job-error');
  await expect(errors.filter({ hasText: 'not-a-url' })).toContainText('not a web address');
  await expect(errors.filter({ hasText: 'foo bar' })).toContainText('not a web address');
  await expect(page.getByRole('treeitem')).toHaveCount(0);
  await expect.poll(() => requests).toEqual([]);
});

test('the dialog refuses words with spaces and opens nothing', async ({ page }) => {
  const requests = requestsFor(page, /foo|bar/);
  await page.goto('/');
  await page.getByTestId('open-url-button').click();
  const input = page.getByTestId('open-url-input');
  await input.fill('foo bar');
  await expect(page.getByTestId('open-url-problem')).toHaveText(
    'foo bar: not a web address: start it with https://, or with ./ for a file beside this page',
  );
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('open-url-submit')).toBeDisabled();
  await input.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('treeitem')).toHaveCount(0);
  await expect.poll(() => requests).toEqual([]);
});

test('the dialog shows where a relative path leads, then opens it', async ({ page, baseURL }) => {
  await page.goto('/');
  await page.getByTestId('open-url-button').click();
  await page.getByTestId('open-url-input').fill('./samples/demo.wad');
  await expect(page.getByTestId('open-url-resolved')).toHaveText(
    `./samples/demo.wad, relative to this page: ${new URL('/samples/demo.wad', baseURL).href}`,
  );
  await expect(page.getByTestId('open-url-problem')).toHaveCount(0);
  await page.getByTestId('open-url-submit').click();
  await expect(treeItem(page, /^demo\.wad/)).toBeVisible();
  await expect(treeItem(page, /^readme\.txt/)).toBeVisible();
});

test('an address answered with the app’s own page is an error, not a file', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('open-url-button').click();
  await page.getByTestId('open-url-input').fill('./no-such-file.wad');
  await page.getByTestId('open-url-submit').click();
  const error = page.getByTestId('job-error');
  await expect(error).toContainText('no-such-file.wad');
  await expect(error).toContainText('Delve’s own page, not a file');
  await expect(page.getByRole('treeitem')).toHaveCount(0);
});
