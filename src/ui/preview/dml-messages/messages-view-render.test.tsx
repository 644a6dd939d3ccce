/**
 * First renders of the protocol view's decoded frames under Node (no DOM, effects do not
 * run), from answers the format's own decoder makes: the spec's GAME MSG_CLIENTMOVE with its
 * fields by name, a message of a service no protocol describes kept raw, a control frame,
 * errors at their character or byte, and file-derived strings escaped as text. Behaviour in
 * a browser is in e2e/dml-messages.spec.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { decodeFrameText, hexBytes } from '../../../formats/dml/messages/decode-text.ts';
import { readDmlProtocolOrThrow } from '../../../formats/dml/messages/protocol-file.ts';
import { GAME_PROTOCOL } from '../../../formats/dml/messages/protocol-samples.ts';
import { DML_MESSAGES_VIEW } from '../../../formats/dml/messages/types.ts';
import { dmlMessagePayload, writeDmlFrame } from '../../../formats/dml/messages/write-frame.ts';
import { writeDmlProtocol } from '../../../formats/dml/messages/write-protocol.ts';
import { DmlTag } from '../../../formats/dml/tags.ts';
import { viewPlugin } from '../registry.ts';
import { FrameDecodeView } from './FrameDecodeView.tsx';
import { ProtocolPane } from './ProtocolPane.tsx';
import { MESSAGES_VIEW } from './view-types.ts';

const game = readDmlProtocolOrThrow(writeDmlProtocol(GAME_PROTOCOL));
const CLIENT_MOVE = '0D F0 11 00 00 00 00 00 05 24 0C 00 01 00 02 00 03 00 04 00 00';

const render = (hex: string) =>
  renderToStaticMarkup(<FrameDecodeView answer={decodeFrameText(hex, [game])} />);

/** The text of each cell of the fields tables, row by row (header cell first). */
function fieldRows(html: string): string[][] {
  return [...html.matchAll(/<tr data-testid="msgs-field"[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]!),
  );
}

describe('the plug-in', () => {
  it('is registered for the view kind the format names, for the file only', () => {
    expect(MESSAGES_VIEW).toBe(DML_MESSAGES_VIEW);
    expect(viewPlugin(MESSAGES_VIEW)?.filePane).toBe(ProtocolPane);
    expect(viewPlugin(MESSAGES_VIEW)?.nodePanes).toBeUndefined();
  });
});

describe('a decoded frame', () => {
  it('the spec’s GAME MSG_CLIENTMOVE: header, data, service, order, fields by name', () => {
    const html = render(CLIENT_MOVE);
    expect(html).toContain('1 frame decoded from 21 bytes, against GameMessages (service 5).');
    expect(html).toContain('small, 4 bytes: a body of 17 bytes');
    expect(html).toContain('data-kind="data"');
    expect(html).toContain('<dd>5 GameMessages</dd>');
    expect(html).toContain('<dd>36 (0x24) MSG_CLIENTMOVE</dd>');
    expect(html).toContain('12 bytes, its 4-byte header included, then the trailing 00');
    expect(fieldRows(html)).toEqual([
      ['X', 'USHRT', '1', '0xC–0xD'],
      ['Y', 'USHRT', '2', '0xE–0xF'],
      ['Z', 'USHRT', '3', '0x10–0x11'],
      ['Direction', 'USHRT', '4', '0x12–0x13'],
    ]);
    expect(html).not.toContain('msgs-frame-error');
  });

  it('a service no loaded protocol has: its payload raw, in hex', () => {
    const html = render(`0D F0 24 00 00 00 00 00 08 01 20 00 ${'00 '.repeat(28)}`);
    expect(html).toContain('<dd>8</dd>');
    expect(html).toContain('No loaded protocol has service 8: its payload, raw (0xC–0x27)');
    expect(html).toContain(`<code class="msgs-hex">${'00 '.repeat(28).trim()}</code>`);
    expect(fieldRows(html)).toEqual([]);
  });

  it('a control frame: its opcode by name and its data', () => {
    const frame = writeDmlFrame({ isControl: true, opcode: 3, data: Uint8Array.of(0xab) });
    const html = render(hexBytes(frame));
    expect(html).toContain('data-kind="control"');
    expect(html).toContain('<dd>control, opcode 3 KeepAlive</dd>');
    expect(html).toContain('<dd>AB</dd>');
  });

  it('strings of the frame are text, never HTML; a GID exact', () => {
    const payload = dmlMessagePayload([
      [DmlTag.GID, 2n ** 64n - 1n],
      [DmlTag.INT, 0],
      [DmlTag.UINT, 0],
      [DmlTag.FLT, 0],
      [DmlTag.BYT, 0],
      [DmlTag.UBYT, 0],
      [DmlTag.USHRT, 0],
      [DmlTag.DBL, 0],
      [DmlTag.STR, '<img src=x onerror=alert(1)>'],
      [DmlTag.WSTR, ''],
    ]);
    const frame = writeDmlFrame({
      isControl: false,
      messages: [{ service: 5, order: 1, payload }],
    });
    const html = render(hexBytes(frame));
    expect(html).not.toContain('<img');
    expect(html).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(fieldRows(html)[0]!.slice(0, 3)).toEqual(['Id', 'GID', '18446744073709551615']);
  });

  it('says where the hex is not hex, and where the bytes are no frame', () => {
    const text = render('0D F0\n 1G');
    expect(text).toContain('data-in="text" data-offset="8"');
    expect(text).toContain(
      'The hex cannot be read at character 8: &quot;G&quot; is not a hex digit (line 2, column 3)',
    );
    const bytes = render(`${CLIENT_MOVE} 0D F1 00 00`);
    expect(bytes).toContain('1 frame decoded from 25 bytes');
    expect(bytes).toContain('data-in="bytes" data-offset="21"');
    expect(bytes).toContain('Not a frame at byte 21 (0x15) of the pasted bytes');
  });
});
