/**
 * The keyed-archive view end to end: archives built with Delve's own KA writer (a v1 one with
 * a matrix, vectors, a 64-bit id, a byte array, nested archives and a large array; a v2 one
 * with a string table and a colour) and the real newTest.dat from ../shared/fixtures (skipped
 * when absent). Exports and copies are checked byte for byte against the format's own export
 * code run here in Node.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { valueJson, archiveYaml } from '../src/formats/ka/export.ts';
import { parseKa } from '../src/formats/ka/read.ts';
import { kaJson } from '../src/formats/ka/session.ts';
import { KaType, type KaArchive, type KaEntry } from '../src/formats/ka/types.ts';
import {
  archiveValue,
  arrayValue,
  floatsValue,
  idKey,
  intValue,
  textValue,
  v1Archive,
  writeKa,
} from '../src/formats/ka/write.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  fixture,
  FIXTURES,
  highlightedRange,
  selectRow,
  treeItem,
} from './helpers.ts';

const NEW_TEST = 'ka/newTest.dat';
const hasNewTest = existsSync(resolve(FIXTURES, NEW_TEST));

const BIG_ID = 18_000_000_000_000_000_001n;
const SAMPLE_COUNT = 3_000;

/** A v1 archive: one of most layouts, a nested archive two deep, and a long array. */
function settingsKa(): Uint8Array {
  return writeKa(
    v1Archive([
      ['position', floatsValue(KaType.VECTOR3, [1.5, -2, 1000.25])],
      [
        'world',
        floatsValue(KaType.MATRIX4, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 12, 1234.5, -3, 1]),
      ],
      ['playerId', { kind: 'int64', type: KaType.UINT64, value: BIG_ID }],
      [
        'blob',
        {
          kind: 'bytes',
          type: KaType.BYTE_ARRAY,
          bytes: Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5]),
        },
      ],
      ['title', textValue('Hello')],
      [
        'inner',
        archiveValue(
          v1Archive([
            ['label', textValue('needle-value')],
            ['count', intValue(KaType.INT32, 42)],
            ['deep', archiveValue(v1Archive([['flag', { kind: 'bool', type: 1, byte: 1 }]]))],
          ]),
        ),
      ],
      [
        'samples',
        arrayValue(Array.from({ length: SAMPLE_COUNT }, (_, at) => intValue(KaType.INT32, at * 3))),
      ],
    ]),
  );
}

const utf8 = new TextEncoder();
const tableString = (id: number, text: string) => ({ id, bytes: utf8.encode(text), text });

/** A v2 top archive: keys and strings are ids into its table; a colour; a sub-archive. */
function sceneKa(): Uint8Array {
  const archive: KaArchive = {
    kind: 'top',
    strings: [
      tableString(0x1001, 'tint'),
      tableString(0x1002, 'material'),
      tableString(0x1003, 'steel'),
      tableString(0x1004, 'child'),
      tableString(0x1005, 'offset'),
    ],
    entries: [
      { key: idKey(0x1001), value: floatsValue(KaType.COLOR, [1, 0.5, 0, 0.25]) },
      { key: idKey(0x1002), value: { kind: 'stringId', type: KaType.STRING, id: 0x1003 } },
      {
        key: idKey(0x1004),
        value: archiveValue({
          kind: 'sub',
          strings: [],
          entries: [
            { key: idKey(0x1005), value: { kind: 'int64', type: KaType.INT64, value: -5n } },
          ],
        }),
      },
    ],
  };
  return writeKa(archive);
}

/** The entry of a top-level key, as the format's reader gives it (with its spans). */
function entryOf(bytes: Uint8Array, key: string): KaEntry {
  const { value, fatal } = parseKa(bytes);
  if (fatal) throw new Error(fatal.message);
  const entry = value.root.entries.find(
    (item) => item.key.kind === 'text' && item.key.text === key,
  );
  if (!entry?.span || !entry.valueSpan) throw new Error(`no key ${key}`);
  return entry;
}

/** Drops a file and selects its row: the right pane shows the archive view. */
async function openArchive(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.goto('/');
  await dropFiles(page, [{ name, bytes }]);
  await selectRow(page, new RegExp(`^${name.replace('.', '\\.')}$`));
  await expect(page.getByTestId('ka-view')).toHaveAttribute('data-state', 'ready');
}

const exactRow = (name: string) => new RegExp(`^${name.replace(/[[\]().]/g, '\\$&')}$`);

/** The text of each cell of a value grid, row by row. */
async function gridCells(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
}

async function download(page: Page, testId: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testId).click(),
  ]);
  return file;
}

/** Both exports, compared with what the format's export code makes of the same bytes. */
async function checkExports(page: Page, bytes: Uint8Array, stem: string): Promise<void> {
  const json = await download(page, 'ka-export-json');
  expect(json.suggestedFilename()).toBe(`${stem}.json`);
  expect(await downloadedBytes(json)).toEqual(utf8.encode(JSON.stringify(kaJson(bytes), null, 2)));
  await expect(page.getByTestId('ka-export-status')).toContainText(`Saved ${stem}.json`);
  const yaml = await download(page, 'ka-export-yaml');
  expect(yaml.suggestedFilename()).toBe(`${stem}.yaml`);
  const { value } = parseKa(bytes);
  expect(await downloadedBytes(yaml)).toEqual(utf8.encode(archiveYaml(value.root)));
}

test.describe('KA tree view', () => {
  test('v1: typed values, hex highlight, search, copy and export', async ({ page, context }) => {
    const errors = collectPageErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const bytes = settingsKa();
    await openArchive(page, 'settings.ka', bytes);

    const summary = page.getByTestId('ka-summary');
    await expect(summary).toContainText('v1');
    // 7 keys, 3 + 1 nested, 3,000 elements.
    await expect(summary).toContainText('3,011');
    await expect(page.getByTestId('ka-type-counts')).toContainText('int32');

    // A matrix as a 4 × 4 grid.
    await selectRow(page, exactRow('world'));
    await expect(page.getByTestId('ka-value')).toHaveAttribute('data-kind', 'rows');
    await expect
      .poll(() => gridCells(page, 'ka-matrix'))
      .toEqual([
        ['1', '0', '0', '0'],
        ['0', '1', '0', '0'],
        ['0', '0', '1', '0'],
        ['12', '1,234.5', '-3', '1'],
      ]);
    // Selecting a key highlights exactly its bytes (key and value) in the file.
    const world = entryOf(bytes, 'world').span!;
    await expect
      .poll(() => highlightedRange(page))
      .toEqual([world.offset, world.offset + world.length]);
    await expect(page.getByTestId('section-span')).toContainText(`(${world.length} bytes)`);

    // A vector as a row of cells.
    await selectRow(page, exactRow('position'));
    await expect.poll(() => gridCells(page, 'ka-vector')).toEqual([['1.5', '-2', '1,000.25']]);
    const position = entryOf(bytes, 'position').span!;
    await expect
      .poll(() => highlightedRange(page))
      .toEqual([position.offset, position.offset + position.length]);

    // A 64-bit id past 2^53, exact in decimal and hex.
    await selectRow(page, exactRow('playerId'));
    await expect(page.getByTestId('ka-bigint-decimal')).toHaveText('18,000,000,000,000,000,001');
    await expect(page.getByTestId('ka-bigint-hex')).toHaveText(
      `0x${BIG_ID.toString(16).toUpperCase()}`,
    );

    // A byte array: hex, and its own bytes in the hex view on request.
    await selectRow(page, exactRow('blob'));
    await expect(page.getByTestId('ka-bytes-hex')).toHaveText('de ad be ef 01 02 03 04 05');
    const blob = entryOf(bytes, 'blob');
    await expect
      .poll(() => highlightedRange(page))
      .toEqual([blob.span!.offset, blob.span!.offset + blob.span!.length]);
    await page.getByTestId('ka-show-bytes').click();
    // The body: after the type byte and the u32 length.
    const body = blob.valueSpan!.offset + 5;
    await expect.poll(() => highlightedRange(page)).toEqual([body, body + 9]);
    await expect(page.getByTestId('ka-highlight-note')).toBeVisible();
    await expect(page.getByTestId('section-span')).toContainText('(9 bytes) highlighted');
    await expect(page.locator('[data-testid="hex-view"] .hex-list')).toBeFocused();

    // A large array: one node with its count; its elements are the tree's rows.
    await selectRow(page, exactRow('samples'));
    await expect(page.getByTestId('ka-container')).toHaveText('Array of 3,000 values');

    // Search by key, then pick the result: the tree selects it.
    await selectRow(page, /^settings\.ka$/);
    const search = page.getByTestId('ka-search-input');
    await search.fill('POSIT');
    const results = page.getByTestId('ka-search-result');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText('position');
    await expect(results.first()).toContainText('Vector3');
    await results.first().click();
    await expect(treeItem(page, exactRow('position'))).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ka-vector')).toBeVisible();

    // Search by value, from the keyboard: a key inside a collapsed archive is revealed.
    await expect(treeItem(page, exactRow('label'))).toHaveCount(0);
    await selectRow(page, /^settings\.ka$/);
    await expect(search).toHaveValue('POSIT');
    await search.fill('needle');
    await expect(page.getByTestId('ka-search-count')).toHaveText('1 match');
    await expect(results.first()).toContainText('inner/label');
    await search.press('ArrowDown');
    await expect(results.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(treeItem(page, exactRow('label'))).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ka-text')).toHaveText('needle-value');

    // Many matches: the first 50 listed, the rest counted.
    await selectRow(page, /^settings\.ka$/);
    await search.fill('3');
    await expect(results).toHaveCount(50);
    await expect(page.getByTestId('ka-search-more')).toContainText('more');

    // Copy a subtree as JSON: the same text the format's export code makes.
    await selectRow(page, exactRow('inner'));
    await page.getByTestId('ka-copy-json').click();
    await expect(page.getByTestId('ka-copy-status')).toContainText('on the clipboard');
    const inner = entryOf(bytes, 'inner');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(JSON.stringify(valueJson(inner.value, null), null, 2));

    await selectRow(page, /^settings\.ka$/);
    await checkExports(page, bytes, 'settings');
    expect(errors).toEqual([]);
  });

  test('a refused clipboard leaves the JSON selected to copy by hand', async ({ page }) => {
    const errors = collectPageErrors(page);
    const bytes = settingsKa();
    await openArchive(page, 'settings.ka', bytes);
    await page.evaluate(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('refused in this test', 'NotAllowedError'));
    });
    await selectRow(page, exactRow('title'));
    await page.getByTestId('ka-copy-json').click();
    await expect(page.getByTestId('ka-copy-status')).toContainText('press Ctrl+C');
    const fallback = page.getByTestId('ka-copy-fallback');
    await expect(fallback).toHaveValue(
      JSON.stringify(valueJson(entryOf(bytes, 'title').value, null), null, 2),
    );
    await expect(fallback).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('v2: a colour swatch, string ids with their strings, a signed 64-bit value', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const bytes = sceneKa();
    await openArchive(page, 'scene.ka', bytes);
    await expect(page.getByTestId('ka-summary')).toContainText('v2 top');
    await expect(page.getByTestId('ka-summary')).toContainText('5 strings');

    await selectRow(page, exactRow('tint'));
    // Set through a style object: the page's CSP (style-src 'self') lets it through.
    await expect(page.getByTestId('ka-color-swatch')).toHaveCSS(
      'background-color',
      'rgba(255, 128, 0, 0.25)',
    );
    await expect
      .poll(() => gridCells(page, 'ka-color-channels'))
      .toEqual([['1', '0.5', '0', '0.25']]);

    await selectRow(page, exactRow('material'));
    await expect(page.getByTestId('ka-string-id')).toHaveText('#0x00001003 → steel');

    await selectRow(page, exactRow('child'), 'ArrowRight');
    await selectRow(page, exactRow('offset'));
    await expect(page.getByTestId('ka-bigint-decimal')).toHaveText('-5');
    await expect(page.getByTestId('ka-bigint-hex')).toHaveText('0xFFFFFFFFFFFFFFFB');

    // Search finds a value by its string.
    await selectRow(page, /^scene\.ka$/);
    await page.getByTestId('ka-search-input').fill('steel');
    await expect(page.getByTestId('ka-search-result')).toHaveCount(1);
    await expect(page.getByTestId('ka-search-result')).toContainText('material');

    await checkExports(page, bytes, 'scene');
    expect(errors).toEqual([]);
  });

  test('newTest.dat (DAVA): matrices, vectors, 64-bit values, exports', async ({ page }) => {
    test.skip(!hasNewTest, `${NEW_TEST} is not in ../shared/fixtures`);
    const errors = collectPageErrors(page);
    const bytes = fixture(NEW_TEST);
    await openArchive(page, 'newTest.dat', bytes);
    await expect(page.getByTestId('ka-summary')).toContainText('v1');

    await selectRow(page, /^matrix4\[/);
    await expect
      .poll(() => gridCells(page, 'ka-matrix'))
      .toEqual(Array.from({ length: 4 }, () => ['10', '10', '10', '10']));
    await selectRow(page, /^vector3\[/);
    await expect.poll(() => gridCells(page, 'ka-vector')).toEqual([['6', '6', '6']]);
    await selectRow(page, /^uint64\[/);
    await expect(page.getByTestId('ka-bigint-decimal')).toHaveText('12');
    await expect(page.getByTestId('ka-bigint-hex')).toHaveText('0xC');
    await selectRow(page, /^wideString\[/);
    await expect(page.getByTestId('ka-text')).toHaveText('someWideString');
    await expect(page.getByTestId('ka-wide-width')).toContainText('4-byte units');
    await selectRow(page, /^byteArr\[/);
    await expect(page.getByTestId('ka-bytes-hex')).toHaveText('0a 0b 0c 0d');

    // The highlight is the key's span as the format reads it.
    const key = 'float[3.5]:'; // DAVA's test keys end with a colon
    await selectRow(page, exactRow(key));
    const span = entryOf(bytes, key).span!;
    await expect
      .poll(() => highlightedRange(page))
      .toEqual([span.offset, span.offset + span.length]);

    await selectRow(page, /^newTest\.dat$/);
    await checkExports(page, bytes, 'newTest');
    expect(errors).toEqual([]);
  });
});
