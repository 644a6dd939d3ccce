/** Opening and inspecting a local file sends nothing anywhere, and the page obeys its CSP. */
import { expect, test } from '@playwright/test';
import { collectPageErrors, demoWad, dropFiles, selectRow, treeItem } from './helpers.ts';

test('no request leaves the page origin while a local file is opened and inspected', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'local.wad', bytes: demoWad() }]);
  await expect(treeItem(page, /local\.wad/)).toBeVisible();
  await selectRow(page, /^Textures/, 'ArrowRight');
  await selectRow(page, /^UI/, 'ArrowRight');
  await selectRow(page, /logo\.png/);
  await expect(page.getByTestId('image-view')).toBeVisible();
  await expect(page.getByTestId('hash-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByTestId('verify-all').click();
  await expect(page.getByTestId('verify-summary')).toContainText(/ok/);

  const foreign = requests.filter((url) => {
    const parsed = new URL(url);
    return parsed.protocol !== 'blob:' && parsed.protocol !== 'data:' && parsed.origin !== origin;
  });
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test('the built page carries a strict Content-Security-Policy', async ({ page }) => {
  await page.goto('/');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("connect-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toMatch(/'unsafe-eval'/);
});
