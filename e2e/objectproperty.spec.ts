/**
 * ObjectProperty end to end: a `BINd` entry of a KIWAD (made by Delve's KIWAD writer from a
 * fixture blob behind the `BINd` magic) opens as a file and shows hashes and guesses until a
 * type list is loaded through the side-inputs panel, then class and property names, its
 * rows selecting their bytes. The list outlives a reload; a blob pasted as hex with its
 * serializer options decodes to its values, a broken one names its byte and bit beside the
 * box and adds no file, to be corrected there and decoded again; removing the list takes the
 * names away again. A big object tree is a virtual list.
 */
import { expect, test, type Page } from '@playwright/test';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { objectXml, rootJson } from '../src/formats/objectproperty/export.ts';
import { generateBindFile, generatedTypeListJson } from '../src/formats/objectproperty/generate.ts';
import { decodeObjectProperty } from '../src/formats/objectproperty/read.ts';
import { typeIndexOf } from '../src/formats/objectproperty/type-list.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  expandRow,
  fixture,
  highlightedRange,
  selectRow,
  treeItem,
} from './helpers.ts';

const BIND_MAGIC = [0x42, 0x49, 0x4e, 0x64];
/** A deep blob with STATEFUL flags is a `BINd` file's stream as it is. */
const bindFile = () =>
  Uint8Array.from([...BIND_MAGIC, ...fixture('objectproperty/deep-size-boundary.bin')]);
const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');

const opView = (page: Page) => page.getByTestId('op-view');
const opRow = (page: Page, path: string) =>
  page.locator(`[data-testid="op-row"][data-path="${path}"]`);

/** What the exports must hold, byte for byte: the decoder's own JSON and XML of the file. */
async function expectedExports(bytes: Uint8Array) {
  const types = typeIndexOf([{ name: 'types.json', bytes: fixture('objectproperty/types.json') }]);
  const { decode } = await decodeObjectProperty(bytes, { types });
  if (decode.root.kind !== 'typed') throw new Error('the fixture did not decode typed');
  return {
    json: `${JSON.stringify(rootJson(decode), null, 2)}\n`,
    xml: objectXml(decode.root.object),
  };
}

async function openPanel(page: Page) {
  await page.getByTestId('side-inputs-button').click();
  const panel = page.getByTestId('side-inputs-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Loads a type list through the side-inputs panel and closes it. */
async function loadTypeList(page: Page, name: string, bytes: Uint8Array | string): Promise<void> {
  const panel = await openPanel(page);
  const kind = panel.locator('[data-testid="side-inputs-kind"][data-kind="type-lists"]');
  await kind.getByTestId('side-inputs-input').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(bytes),
  });
  await expect(kind.getByTestId('side-inputs-file')).toContainText(name);
  await panel.getByRole('button', { name: 'Close' }).click();
}

async function decodeBlob(
  page: Page,
  bytes: Uint8Array,
  options: { shallow: boolean; flags: string; mask: string },
) {
  await page.getByTestId('op-hex-input').fill(hexOf(bytes));
  await page.getByTestId('op-shallow').setChecked(options.shallow);
  await page.getByTestId('op-flags').fill(options.flags);
  await page.getByTestId('op-mask').fill(options.mask);
  await page.getByTestId('op-decode-button').click();
}

test('ObjectProperty: a BINd entry, a type list kept across a reload, a pasted blob', async ({
  page,
}) => {
  // One long walk through the feature (three opens, two reopens, a reload) on a shared machine.
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  const wad = writeKiwad(
    [
      { name: 'Data/Outer.xml', data: bindFile() },
      { name: 'readme.txt', data: new TextEncoder().encode('objects inside') },
    ],
    { version: 2, flags: 1 },
  );
  await page.goto('/');
  await dropFiles(page, [{ name: 'Root.wad', bytes: wad }]);
  await expandRow(page, /Root\.wad/);
  await expandRow(page, /^Data/);
  await selectRow(page, /Outer\.xml/);
  await page.getByTestId('open-nested').click();

  // Without a type list: hashes and guesses, and a way to load one.
  await expect(opView(page)).toHaveAttribute('data-kind', 'generic');
  await expect(page.getByTestId('op-type-list-note')).toContainText(
    'Load a type list to see names',
  );
  await expect(page.getByTestId('op-row').first()).toContainText('#0x');
  await expect(page.getByTestId('op-export-xml')).toBeDisabled();

  await page.getByTestId('op-load-type-list').click();
  const panel = page.getByTestId('side-inputs-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('never uploaded');
  const kind = panel.locator('[data-testid="side-inputs-kind"][data-kind="type-lists"]');
  await expect(kind).toContainText('Type lists (wiztype JSON, ClassList XML)');
  await kind.getByTestId('side-inputs-input').setInputFiles({
    name: 'types.json',
    mimeType: 'application/json',
    buffer: Buffer.from(fixture('objectproperty/types.json')),
  });
  await expect(kind.getByTestId('side-inputs-file')).toContainText('types.json');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();

  // The entry's file opened again with the list: names, values by type.
  await expect(opView(page)).toHaveAttribute('data-kind', 'typed');
  await expect(page.getByTestId('op-type-list-note')).toHaveCount(0);
  await expect(opRow(page, 'class DeepSizeBoundary/m_first')).toContainText('286331153');
  await expect(opRow(page, 'class DeepSizeBoundary/m_third')).toContainText('858993459');
  await page.getByTestId('op-search').fill('572662306');
  await expect(page.getByTestId('op-row')).toHaveCount(1);
  await expect(page.getByTestId('op-row')).toHaveAttribute(
    'data-path',
    'class DeepSizeBoundary/m_second',
  );
  await page.getByTestId('op-search').fill('');
  // Exports: the decoder's JSON and KingsIsle XML, byte for byte.
  const expected = await expectedExports(bindFile());
  const encoder = new TextEncoder();
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('op-export-json').click(),
  ]);
  expect(json.suggestedFilename()).toBe('Outer.json');
  expect(await downloadedBytes(json)).toEqual(encoder.encode(expected.json));
  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('op-export-xml').click(),
  ]);
  expect(xml.suggestedFilename()).toBe('Outer.objects.xml');
  expect(await downloadedBytes(xml)).toEqual(encoder.encode(expected.xml));
  expect(expected.xml).toContain('<m_first>286331153</m_first>');
  // A row selects its node; the hex view highlights its bytes (after the 4-byte magic).
  await opRow(page, 'class DeepSizeBoundary/m_first').getByRole('button').click();
  await expect(treeItem(page, /^m_first/)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => highlightedRange(page)).toEqual([16, 28]);

  // A reload keeps the list.
  await page.reload();
  await expect(page.getByTestId('side-inputs-button')).toHaveText('Side inputs (1)…');
  const kept = await openPanel(page);
  await expect(kept.getByTestId('side-inputs-file')).toContainText('types.json');
  await page.keyboard.press('Escape');
  await expect(kept).toBeHidden();

  // A dropped BINd file is typed by the kept list; its box decodes a pasted blob.
  await dropFiles(page, [{ name: 'Outer.xml', bytes: bindFile() }]);
  await expect(opView(page)).toHaveAttribute('data-kind', 'typed');
  await decodeBlob(page, fixture('objectproperty/nested-object.bin'), {
    shallow: true,
    flags: '1',
    mask: '7',
  });
  await expect(treeItem(page, /pasted blob 1\.bin/)).toBeVisible();
  await expect(opView(page)).toHaveAttribute('aria-label', 'Objects in pasted blob 1.bin');
  await expect(opRow(page, 'class Outer/m_inner/class Inner/m_value')).toContainText('42');
  await expect(opRow(page, 'class Outer/m_inner/class Inner/m_name')).toContainText('"nested"');
  await expect(page.getByTestId('op-ids')).toBeVisible();
  await page.getByTestId('op-ids-text').fill('m_inner');
  await page.getByTestId('op-ids-type').fill('class Inner');
  await expect(page.getByTestId('op-ids-names')).toContainText(
    'Property m_inner (class Inner) of class Outer',
  );

  // An object's row names its class once; its value counts its properties.
  await expect(opRow(page, 'class Outer').locator('.op-value')).toHaveText('2 properties');
  await expect(opRow(page, 'class Outer/m_inner').locator('.op-value')).toHaveText('class Inner');

  // A blob that does not decode names the byte and the bit, beside the box: no file is added.
  await decodeBlob(page, fixture('objectproperty/should-fail/null-root.bin'), {
    shallow: false,
    flags: '1',
    mask: '7',
  });
  await expect(page.getByTestId('op-decode-error')).toContainText('0x4');
  await expect(page.getByTestId('op-decode-error')).toContainText('bit 32');
  await expect(opView(page)).toHaveAttribute('aria-label', 'Objects in pasted blob 1.bin');
  await expect(treeItem(page, /pasted blob \d+\.bin/)).toHaveCount(1);

  // Removing the list takes the names away.
  await selectRow(page, /pasted blob 1\.bin/);
  await expect(opView(page)).toHaveAttribute('data-kind', 'typed');
  const removing = await openPanel(page);
  await removing.getByRole('button', { name: 'Remove types.json' }).click();
  await expect(removing.getByTestId('side-inputs-file')).toHaveCount(0);
  await expect(removing).toContainText('None yet');
  await removing.getByRole('button', { name: 'Close' }).click();
  await expect(opView(page)).toHaveAttribute('data-kind', 'hashOnly');
  await expect(page.getByTestId('op-type-list-note')).toBeVisible();
  await expect(page.getByTestId('side-inputs-button')).toHaveText('Side inputs…');
  expect(errors).toEqual([]);
});

test('ObjectProperty: a pasted blob that does not decode is corrected in place and decoded', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await loadTypeList(page, 'types.json', fixture('objectproperty/types.json'));
  await dropFiles(page, [{ name: 'Outer.xml', bytes: bindFile() }]);
  await expect(opView(page)).toHaveAttribute('data-kind', 'typed');
  await expect(opRow(page, 'class DeepSizeBoundary').locator('.op-value')).toHaveText(
    '3 properties',
  );
  const pastedRows = treeItem(page, /pasted blob \d+\.bin/);
  const error = page.getByTestId('op-decode-error');

  // A shallow blob with the network's defaults (deep, flags 0, mask 0x18) does not decode:
  // the error shows beside the box, which keeps the hex and the options; no row is added.
  const nested = fixture('objectproperty/nested-object.bin');
  await decodeBlob(page, nested, { shallow: false, flags: '0', mask: '0x18' });
  await expect(error).toContainText('The blob did not decode with these options');
  await expect(pastedRows).toHaveCount(0);
  await expect(opView(page)).toHaveAttribute('aria-label', 'Objects in Outer.xml');
  await expect(page.getByTestId('op-hex-input')).toHaveValue(hexOf(nested));
  await expect(page.getByTestId('op-mask')).toHaveValue('0x18');
  // Tried again with other wrong flags: still one box, still no row.
  await page.getByTestId('op-flags').fill('8');
  await page.getByTestId('op-decode-button').click();
  await expect(error).toContainText('The blob did not decode with these options');
  await expect(pastedRows).toHaveCount(0);

  // Opened anyway, it is a file that shows its error (the view's label as written).
  await page.getByTestId('op-open-anyway').click();
  await expect(pastedRows).toHaveCount(1);
  await expect(treeItem(page, /pasted blob 1\.bin/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('view-failure').getByRole('alert')).toContainText(
    'ObjectProperty objects cannot be shown: pasted blob 1.bin did not decode.',
  );

  // Corrected from the first file's box, which shows the options last used: the blob takes
  // the failed one's place (and name) and shows its objects; its own box keeps the options.
  await selectRow(page, /^Outer\.xml/);
  await expect(page.getByTestId('op-flags')).toHaveValue('8');
  await expect(page.getByTestId('op-hex-input')).toHaveValue(hexOf(nested));
  await page.getByTestId('op-shallow').setChecked(true);
  await page.getByTestId('op-flags').fill('1');
  await page.getByTestId('op-mask').fill('7');
  await page.getByTestId('op-decode-button').click();
  await expect(opView(page)).toHaveAttribute('aria-label', 'Objects in pasted blob 1.bin');
  await expect(pastedRows).toHaveCount(1);
  await expect(opRow(page, 'class Outer/m_inner/class Inner/m_value')).toContainText('42');
  await expect(page.getByTestId('op-shallow')).toBeChecked();
  await expect(page.getByTestId('op-flags')).toHaveValue('1');
  await expect(page.getByTestId('op-mask')).toHaveValue('7');
  await expect(page.getByTestId('op-hex-input')).toHaveValue(hexOf(nested));

  // Decoded blobs stay: the same bytes decoded again are a row of their own.
  await page.getByTestId('op-decode-button').click();
  await expect(opView(page)).toHaveAttribute('aria-label', 'Objects in pasted blob 2.bin');
  await expect(pastedRows).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('ObjectProperty: a type list kept by an earlier version of the storage is read back', async ({
  page,
}) => {
  // Before the app's first start on this origin: the storage as version 1 kept it, whole
  // entries (record and Blob) in one store.
  await page.goto('/manifest.webmanifest');
  await page.evaluate(
    async (list) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('delve', 1);
        request.onupgradeneeded = () =>
          request.result.createObjectStore('side-inputs', { keyPath: 'id' });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('no storage'));
      });
      const transaction = database.transaction('side-inputs', 'readwrite');
      transaction.objectStore('side-inputs').put({
        id: 'kept-v1',
        kind: 'type-lists',
        name: 'types.json',
        size: list.length,
        blob: new Blob([new Uint8Array(list)]),
        addedAt: 1,
      });
      await new Promise((resolve) => (transaction.oncomplete = resolve));
      database.close();
    },
    Array.from(fixture('objectproperty/types.json')),
  );
  // The app's own page, from here on, has no errors (the one above asks for a favicon).
  const errors = collectPageErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('side-inputs-button')).toHaveText('Side inputs (1)…');
  await dropFiles(page, [{ name: 'Outer.xml', bytes: bindFile() }]);
  await expect(opView(page)).toHaveAttribute('data-kind', 'typed');
  await expect(opRow(page, 'class DeepSizeBoundary/m_first')).toContainText('286331153');
  // Moved for good: the next start reads it from the new stores.
  await page.reload();
  await expect(page.getByTestId('side-inputs-button')).toHaveText('Side inputs (1)…');
  await dropFiles(page, [{ name: 'Outer.xml', bytes: bindFile() }]);
  await expect(opRow(page, 'class DeepSizeBoundary/m_first')).toContainText('286331153');
  expect(errors).toEqual([]);
});

test('ObjectProperty: a big object tree is a virtual list; scrolling it brings its last row', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await loadTypeList(page, 'delve-types.json', generatedTypeListJson());
  await dropFiles(page, [{ name: 'ObjectData.xml', bytes: generateBindFile(20).bytes }]);
  await expect(opView(page)).toHaveAttribute('data-kind', 'typed');
  const count = page.getByTestId('op-tree-count');
  await expect(count).toHaveText(/^The first 500 of [\d,]+ rows\.$/);
  const rows = page.getByTestId('op-row');
  const first = page.locator('[data-testid="op-row"][aria-posinset="1"]');
  await expect(first).toHaveAttribute('aria-setsize', '500');
  await expect(first).toContainText('class DelveRoot');
  // Only the rows in sight (and a few beside them) are in the page.
  await expect.poll(() => rows.count()).toBeLessThan(60);
  const last = page.locator('[data-testid="op-row"][aria-posinset="500"]');
  await expect(last).toHaveCount(0);
  // Scrolled to its end, the last row in sight within the list's box (the box scrolls, not
  // the page). Rows measured as they come in change the height: scrolled as often as it takes.
  const list = page.getByRole('list', { name: 'Objects, properties and items, with their values' });
  await expect
    .poll(async () => {
      await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
      if ((await last.count()) === 0) return false;
      return last.evaluate((row) => {
        const box = row.closest('[role="list"]')!.getBoundingClientRect();
        const at = row.getBoundingClientRect();
        return at.top >= box.top && at.bottom <= box.bottom + 1;
      });
    })
    .toBe(true);
  await expect(first).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('ObjectProperty: a raw blob file opens as ObjectProperty with the options its bytes do not say', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  // nested-object.bin: shallow, flags 1, mask 7 (its config), no magic: no format knows it.
  await dropFiles(page, [
    { name: 'nested-object.bin', bytes: fixture('objectproperty/nested-object.bin') },
  ]);
  await selectRow(page, /nested-object\.bin/);
  const form = page.getByTestId('open-as');
  await expect(form).toContainText('No format recognised these bytes');
  // With the wrong options it does not decode: the form stays, to try again.
  await form.getByTestId('open-as-submit').click();
  await expect(page.getByTestId('open-as')).toContainText('These options did not decode it');
  await page.getByTestId('open-as-option-shallow').check();
  await page.getByTestId('open-as-option-flags').fill('1');
  await page.getByTestId('open-as-option-mask').fill('7');
  await page.getByTestId('open-as-submit').click();
  await expect(opView(page)).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('open-as')).toHaveCount(0);
  await expect(treeItem(page, /nested-object\.bin/)).toContainText('ObjectProperty');
  expect(errors).toEqual([]);
});
