/**
 * DML protocol files end to end: a `*Messages.xml` made by Delve's own protocol writer is
 * dropped (or opened from inside a KIWAD, where the client keeps them), its service id and
 * messages are shown, and frames pasted as hex decode against it — the spec's two vectors
 * (GAME MSG_CLIENTMOVE with its trailing byte, the Patch request without one) — with errors
 * at their offsets. Plain XML still opens as a raw file with its text.
 */
import { expect, test, type Page } from '@playwright/test';
import { readDmlProtocolOrThrow } from '../src/formats/dml/messages/protocol-file.ts';
import { GAME_PROTOCOL, PATCH_PROTOCOL } from '../src/formats/dml/messages/protocol-samples.ts';
import { writeDmlProtocol } from '../src/formats/dml/messages/write-protocol.ts';
import { writeKiwad } from '../src/formats/kiwad/write.ts';
import { collectPageErrors, dropFiles, highlightedRange, selectRow, treeItem } from './helpers.ts';

/** The spec's vectors (§4). */
const CLIENT_MOVE = '0D F0 11 00  00 00 00 00  05 24 0C 00 01 00 02 00 03 00 04 00  00';
const PATCH_REQUEST = `0D F0 24 00\n00 00 00 00\n08 01 20 00\n${'00 '.repeat(28)}`;

/** Each decoded field's name, type and value, in the order shown. */
async function fieldRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('msgs-field')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].slice(0, 3).map((cell) => cell.textContent ?? ''),
      ),
    );
}

async function decode(page: Page, hex: string): Promise<void> {
  const input = page.getByTestId('msgs-hex-input');
  await input.fill(hex);
  await page.getByTestId('msgs-decode-button').click();
}

test.describe('DML protocol files', () => {
  test('a pasted frame decodes against a loaded protocol', async ({ page }) => {
    const errors = collectPageErrors(page);
    const bytes = writeDmlProtocol(GAME_PROTOCOL);
    await page.goto('/');
    await dropFiles(page, [{ name: 'GameMessages.xml', bytes }]);
    await selectRow(page, /^GameMessages\.xml/);
    const view = page.getByTestId('msgs-view');
    await expect(view).toHaveAttribute('data-state', 'ready');

    // The protocol and its messages by order.
    await expect(page.getByTestId('msgs-protocol')).toContainText('5 (0x5)');
    await expect(page.getByTestId('msgs-protocol')).toContainText('GAME');
    const messages = page.getByTestId('msgs-message');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText('MSG_EVERYTYPE');
    await expect(messages.nth(1)).toHaveAttribute('data-order', '36');
    await expect(messages.nth(1)).toContainText('MSG_CLIENTMOVE');
    await expect(messages.nth(1)).toContainText('4 fields');

    // The spec's GAME MSG_CLIENTMOVE: small header, data, service 5, order 0x24, fields 1–4.
    await decode(page, CLIENT_MOVE);
    const frame = page.getByTestId('msgs-frame');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('data-kind', 'data');
    await expect(frame).toContainText('small, 4 bytes: a body of 17 bytes');
    const message = page.getByTestId('msgs-frame-message');
    await expect(message).toContainText('5 GameMessages');
    await expect(message).toContainText('36 (0x24) MSG_CLIENTMOVE');
    await expect(message).toContainText('then the trailing 00');
    await expect
      .poll(() => fieldRows(page))
      .toEqual([
        ['X', 'USHRT', '1'],
        ['Y', 'USHRT', '2'],
        ['Z', 'USHRT', '3'],
        ['Direction', 'USHRT', '4'],
      ]);

    // Hex that is not hex: the character, with its line and column (Ctrl+Enter decodes).
    await page.getByTestId('msgs-hex-input').fill('0D F0\n 1G');
    await page.getByTestId('msgs-hex-input').press('Control+Enter');
    const error = page.getByTestId('msgs-frame-error');
    await expect(error).toHaveAttribute('data-in', 'text');
    await expect(error).toContainText('at character 8');
    await expect(error).toContainText('(line 2, column 3)');
    await expect(page.getByTestId('msgs-frame')).toHaveCount(0);

    // Bytes after a whole frame that are no frame: the frame, then the byte that is not.
    await decode(page, `${CLIENT_MOVE} 0D F1 00 00`);
    await expect(page.getByTestId('msgs-frame')).toHaveCount(1);
    await expect(error).toHaveAttribute('data-in', 'bytes');
    await expect(error).toContainText('at byte 21 (0x15) of the pasted bytes');

    // A message of the table selects its node, whose element is highlighted in the file.
    await messages.nth(1).getByRole('button', { name: 'MSG_CLIENTMOVE' }).click();
    await expect(treeItem(page, /^MSG_CLIENTMOVE/)).toHaveAttribute('aria-selected', 'true');
    const move = readDmlProtocolOrThrow(bytes).messages.find((each) => each.order === 36)!;
    // The hex view draws the rows in sight: the highlight starts at the element's `<`.
    await expect.poll(async () => (await highlightedRange(page))?.[0]).toBe(move.offset);
    await expect(page.getByTestId('section-span')).toContainText(
      `(${move.end - move.offset} bytes)`,
    );
    expect(errors).toEqual([]);
  });

  test('a protocol inside a KIWAD opens as a file; the Patch request decodes without a trailer', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // A long declaration first: the head ends before _ProtocolInfo, so the name says it.
    const protocol = new TextEncoder().encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${new TextDecoder().decode(
        writeDmlProtocol(PATCH_PROTOCOL, { declaration: false }),
      )}`,
    );
    const wad = writeKiwad(
      [
        { name: 'Protocols/PatchMessages.xml', data: protocol },
        { name: 'readme.txt', data: new TextEncoder().encode('protocols inside') },
      ],
      { version: 2, flags: 1 },
    );
    await page.goto('/');
    await dropFiles(page, [{ name: 'Root.wad', bytes: wad }]);
    await selectRow(page, /Root\.wad/, 'ArrowRight');
    await selectRow(page, /^Protocols/, 'ArrowRight');
    await selectRow(page, /PatchMessages\.xml/);
    const details = page.getByRole('region', { name: /Details of Protocols\/PatchMessages\.xml/ });
    await expect(details.getByText('DML protocol (*Messages.xml)')).toBeVisible();
    await page.getByTestId('open-nested').click();
    await expect(page.getByTestId('msgs-view')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('msgs-protocol')).toContainText('PATCH');

    await decode(page, PATCH_REQUEST);
    const message = page.getByTestId('msgs-frame-message');
    await expect(page.getByTestId('msgs-frame')).toContainText(
      'small, 4 bytes: a body of 36 bytes',
    );
    await expect(message).toContainText('8 PatchMessages');
    await expect(message).toContainText('1 (0x1) MSG_LATEST_FILE_LIST');
    await expect(message).toContainText('32 bytes, its 4-byte header included');
    await expect(message).not.toContainText('trailing 00');
    await expect
      .poll(() => fieldRows(page))
      .toEqual([
        ['LatestVersion', 'UINT', '0'],
        ['ListFileName', 'STR', '""'],
        ['ListFileType', 'UINT', '0'],
        ['ListFileTime', 'UINT', '0'],
        ['ListFileSize', 'UINT', '0'],
        ['ListFileCRC', 'UINT', '0'],
        ['ListFileURL', 'STR', '""'],
        ['URLPrefix', 'STR', '""'],
        ['URLSuffix', 'STR', '""'],
      ]);
    // The GAME vector against this protocol: another service, its payload raw.
    await decode(page, CLIENT_MOVE);
    await expect(page.getByTestId('msgs-raw')).toContainText('No loaded protocol has service 5');
    await expect(page.getByTestId('msgs-raw')).toContainText('01 00 02 00 03 00 04 00');
    expect(errors).toEqual([]);
  });

  test('plain XML stays a raw file with its text', async ({ page }) => {
    const text = '<?xml version="1.0"?>\n<Config>\n  <Window title="plain settings"/>\n</Config>\n';
    await page.goto('/');
    await dropFiles(page, [{ name: 'Settings.xml', bytes: new TextEncoder().encode(text) }]);
    await selectRow(page, /^Settings\.xml/);
    await expect(page.getByText('plain settings').first()).toBeVisible();
    await expect(page.getByTestId('msgs-view')).toHaveCount(0);
  });
});
