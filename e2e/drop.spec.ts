import { expect, test } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { dropFiles, fixture, hasFixtures, selectRow, sha256, treeItem } from './helpers.ts';

const text = (value: string) => new TextEncoder().encode(value);

test('a dropped archive opens and a dropped unknown file shows hex, text and hashes', async ({
  page,
}) => {
  await page.goto('/');
  const archive = writeKiwad([
    { name: 'Maps/level1.xml', data: text('<level><name>one</name></level>') },
    { name: 'Maps/level2.xml', data: text('<level><name>two</name></level>') },
  ]);
  const notes = text('plain notes, not an archive\n');
  await dropFiles(page, [
    { name: 'maps.wad', bytes: archive },
    { name: 'notes.bin', bytes: notes },
  ]);
  await expect(treeItem(page, /maps\.wad/)).toBeVisible();
  await expect(treeItem(page, /notes\.bin/)).toBeVisible();
  await expect(page.getByTestId('status-bar')).toContainText('2');

  await selectRow(page, /notes\.bin/);
  await expect(page.getByTestId('hash-sha256')).toHaveText(sha256(notes));
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText('plain notes, not an archive');
  await page.getByTestId('preview-tab-hex').click();
  await expect(page.getByTestId('hex-row').first()).toContainText('70 6C 61 69 6E');

  // Several files open collapsed: expand the archive first.
  await selectRow(page, /maps\.wad/, 'ArrowRight');
  await selectRow(page, /^Maps/, 'ArrowRight');
  await selectRow(page, /level2\.xml/);
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText('two');
});

test('minified JSON and XML are pretty-printed in the text view', async ({ page }) => {
  await page.goto('/');
  await dropFiles(page, [
    { name: 'data.json', bytes: text('{"name":"delve","tags":["a","b"]}') },
    { name: 'data.xml', bytes: text('<root><child id="1">x</child></root>') },
  ]);
  await selectRow(page, /data\.json/);
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText('{\n  "name": "delve",\n  "tags": [');
  await selectRow(page, /data\.xml/);
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText(
    '<root>\n  <child id="1">x</child>\n</root>',
  );
});

test('the real Test.wad fixture lists its four entries and verifies ok', async ({ page }) => {
  test.skip(!hasFixtures, '../shared/fixtures is not present next to the project');
  await page.goto('/');
  await dropFiles(page, [{ name: 'Test.wad', bytes: fixture('kiwad/Test.wad') }]);
  await expect(treeItem(page, /Test\.wad/)).toBeVisible();
  await expect(treeItem(page, /uncompressed\.mp3/)).toBeVisible();
  await expect(treeItem(page, /text1\.txt/)).toBeVisible();
  await selectRow(page, /Test\.wad/);
  await page.getByTestId('verify-all').click();
  await expect(page.getByTestId('verify-summary')).toContainText(/4 ok/);
  await selectRow(page, /^text1\.txt/);
  await page.getByTestId('preview-tab-text').click();
  await expect(page.getByTestId('text-view')).toContainText('this is text1');
});
