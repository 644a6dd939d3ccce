/**
 * Search in contents and listing export on generated KIWAD archives: Ctrl+Shift+F opens the
 * panel, a string in a compressed entry and in a stored one is found, the matches stream in,
 * choosing one selects its entry and shows it in hex with the whole match marked (and the
 * text view marks it too); a search
 * of a larger archive is cancelled; the listing downloads as CSV and JSON, byte for byte.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { MemoryByteSource } from '../src/binary/byte-source.ts';
import { readKiwad } from '../src/formats/kiwad/read.ts';
import { deflateSync } from 'node:zlib';
import { kiCrc } from '../src/binary/crc32.ts';
import { planKiwad, writeKiwad, writeKiwadRaw } from '../src/formats/kiwad/write.ts';
import {
  collectPageErrors,
  downloadedBytes,
  dropFiles,
  treeItem,
  waitForDropTarget,
} from './helpers.ts';

/** A shared, busy machine: waits allow for it. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const encode = (text: string) => new TextEncoder().encode(text);
const NEEDLE = 'FINDME';
/** Where the needle sits in each entry. */
const PACKED_AT = 0x1234;
const STORED_AT = 0x21;

function packedText(): Uint8Array {
  const bytes = encode('lorem ipsum dolor\n'.repeat(600));
  bytes.set(encode(NEEDLE), PACKED_AT);
  return bytes;
}

function storedOgg(): Uint8Array {
  const bytes = new Uint8Array(0x80).fill(0x2e);
  bytes.set(encode('OggS'));
  bytes.set(encode(NEEDLE), STORED_AT);
  return bytes;
}

const ENTRIES = [
  { name: 'a-packed.txt', data: packedText() },
  { name: 'b-stored.ogg', data: storedOgg() },
  { name: 'c,"odd" name.bin', data: encode('nothing here') },
];

/**
 * Drops `count` entries of `size` zero bytes each, built in the page from one compressed
 * stream (16 KiB for 16 MiB) repeated as Blob parts: a few MB of file take seconds to
 * inflate and scan, and only the journal and one stream cross to the page.
 */
async function dropManyZeroEntries(page: Page, count: number, size: number): Promise<void> {
  const stream = new Uint8Array(deflateSync(new Uint8Array(size)));
  const plan = planKiwad(
    Array.from({ length: count }, (_, at) => ({
      name: `big/${String(at).padStart(3, '0')}.bin`,
      data: new Uint8Array(0),
      compress: false,
    })),
  );
  const crc = kiCrc(stream);
  plan.records.forEach((record, at) => {
    Object.assign(record, {
      dataOffset: record.dataOffset + at * stream.length,
      uncompressedSize: size,
      compressedSize: stream.length,
      compressedFlag: 1,
      crc,
    });
  });
  const journal = writeKiwadRaw({ ...plan, data: new Uint8Array(0) });
  await waitForDropTarget(page);
  await page.evaluate(
    ({ journal, stream, count }) => {
      const part = new Uint8Array(stream);
      const file = new File(
        [new Uint8Array(journal), ...Array.from({ length: count }, () => part)],
        'search.wad',
      );
      const transfer = new DataTransfer();
      transfer.items.add(file);
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(
          new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      }
    },
    { journal: Array.from(journal), stream: Array.from(stream), count },
  );
}

async function openSearch(page: Page): Promise<void> {
  await treeItem(page, /search\.wad/)
    .first()
    .click();
  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByTestId('search-panel')).toBeVisible();
  await expect(page.getByTestId('search-input')).toBeFocused();
}

test('finds a string in a compressed and a stored entry and opens a match in hex, marked whole', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await dropFiles(page, [{ name: 'search.wad', bytes: writeKiwad(ENTRIES) }]);
  await openSearch(page);
  await page.getByTestId('search-input').fill(NEEDLE);
  // Searching waits for the file to be read; the input keeps the focus meanwhile.
  await expect(page.getByTestId('search-start')).toBeEnabled();
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('Enter');
  const status = page.getByTestId('search-status');
  await expect(status).toHaveAttribute('data-state', 'done');
  await expect(status).toHaveText(/^2 matches in 3 of 3 entries/);
  const hits = page.getByTestId('search-hit');
  await expect(hits).toHaveCount(2);
  const packed = page.locator('[data-testid="search-hit"][data-path="a-packed.txt"]');
  await expect(packed).toHaveAttribute('data-offset', String(PACKED_AT));
  await expect(packed).toContainText(`dolo${NEEDLE}m ipsum`);
  await expect(
    page.locator('[data-testid="search-hit"][data-path="b-stored.ogg"]'),
  ).toHaveAttribute('data-offset', String(STORED_AT));

  await packed.click();
  await expect(treeItem(page, /a-packed\.txt/)).toHaveAttribute('aria-selected', 'true');
  const row = page.locator(
    `[data-testid="hex-row"][data-offset="${PACKED_AT - (PACKED_AT % 16)}"]`,
  );
  await expect(row.locator('.hex-bytes > .hex-cell').nth(PACKED_AT % 16)).toHaveClass(
    /hex-cell--target/,
  );
  await expect(row).toBeInViewport();
  // The whole match is marked, its first byte to its last, and nothing past it.
  const cells = row.locator('.hex-bytes > .hex-cell');
  await expect(page.locator('.hex-bytes > .hex-cell--match')).toHaveCount(NEEDLE.length);
  await expect(cells.nth(PACKED_AT % 16)).toHaveClass(/hex-cell--match/);
  await expect(cells.nth((PACKED_AT % 16) + NEEDLE.length - 1)).toHaveClass(/hex-cell--match/);
  await expect(cells.nth((PACKED_AT % 16) + NEEDLE.length)).not.toHaveClass(/hex-cell--match/);
  // The text view of the entry marks the same match.
  await page.getByTestId('preview-tab-text').click();
  const mark = page.getByTestId('text-mark');
  await expect(mark).toHaveText(NEEDLE);
  await expect(mark).toBeInViewport();

  // The stored one too: another entry, its own offset.
  await page.locator('[data-testid="search-hit"][data-path="b-stored.ogg"]').click();
  await expect(treeItem(page, /b-stored\.ogg/)).toHaveAttribute('aria-selected', 'true');
  const storedRow = page.locator(
    `[data-testid="hex-row"][data-offset="${STORED_AT - (STORED_AT % 16)}"]`,
  );
  await expect(storedRow.locator('.hex-bytes > .hex-cell').nth(STORED_AT % 16)).toHaveClass(
    /hex-cell--target/,
  );
  await expect(page.locator('.hex-bytes > .hex-cell--match')).toHaveCount(NEEDLE.length);

  // Escape closes the panel.
  await page.getByTestId('search-input').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a search of a larger archive can be cancelled', async ({ page }) => {
  await page.goto('/');
  await dropManyZeroEntries(page, 200, 16 * 1024 * 1024);
  await openSearch(page);
  await page.getByTestId('search-input').fill(NEEDLE);
  await page.getByTestId('search-start').click();
  const status = page.getByTestId('search-status');
  await expect(status).toHaveAttribute('data-state', 'running');
  await page.getByTestId('search-cancel').click();
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  await expect(status).toHaveText(/^Cancelled after \S+ of 200 entries/);
  await expect(page.getByTestId('search-cancel')).toHaveCount(0);
});

/** The CSV and JSON a listing of every entry should be, from the archive's own table. */
async function expectedListings(bytes: Uint8Array): Promise<{ csv: string; json: string }> {
  const { value: archive } = await readKiwad(new MemoryByteSource(bytes));
  const rows = [...archive.entries]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((entry) => ({
      path: entry.name,
      kind: 'entry',
      size: entry.uncompressedSize,
      storedSize: entry.storedSize,
      compressed: entry.isCompressed,
      crc: entry.crc >>> 0,
      status: 'unchecked',
      entryCount: 0,
    }));
  const quote = (value: unknown) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const csv = [Object.keys(rows[0]!), ...rows.map((row) => Object.values(row))]
    .map((fields) => fields.map(quote).join(',') + '\r\n')
    .join('');
  const json = `[${rows.map((row) => `\n  ${JSON.stringify(row)}`).join(',')}\n]\n`;
  return { csv, json };
}

test('the listing downloads as CSV and JSON, byte for byte', async ({ page }) => {
  await page.goto('/');
  const bytes = writeKiwad(ENTRIES);
  await dropFiles(page, [{ name: 'search.wad', bytes }]);
  await treeItem(page, /search\.wad/)
    .first()
    .click();
  const expected = await expectedListings(bytes);
  for (const kind of ['csv', 'json'] as const) {
    await page.getByTestId('export-listing').locator('summary').click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId(`export-all-${kind}`).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`search.wad.listing.${kind}`);
    expect(new TextDecoder().decode(await downloadedBytes(download))).toBe(expected[kind]);
  }
});
