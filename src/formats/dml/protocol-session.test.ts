/**
 * Protocol files as sessions: the nodes (`_ProtocolInfo`, messages by order, their fields),
 * their byte spans in the file (past ASCII too), issues on the nodes that hold them, a file
 * that is no protocol, and the view — its summary and `decode-frame` against the file's
 * protocol: the spec's two vectors, frames built by our writer, and errors at their offsets.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { Session } from '../model.ts';
import { inlineServices, inlineViewJob } from '../services.ts';
import { hexBytes } from './messages/decode-text.ts';
import { GAME_PROTOCOL, PATCH_PROTOCOL, WIDE_PROTOCOL } from './messages/protocol-samples.ts';
import { DmlTag } from './tags.ts';
import type { DmlFrameDecode, DmlMessagesSummary } from './types.ts';
import { dmlMessagePayload, writeDmlFrame } from './messages/write-frame.ts';
import { writeDmlProtocol, writeDmlProtocolText } from './messages/write-protocol.ts';
import { openDmlProtocolSession } from './protocol-session.ts';
import { decodeFailure } from './protocol-cli.ts';

const utf8 = new TextEncoder();

async function open(bytes: Uint8Array, name = 'GameMessages.xml'): Promise<Session> {
  return openDmlProtocolSession({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

const paths = (session: Session) =>
  Array.from({ length: session.nodeCount() }, (_, index) => session.nodeTable().path(index));

const decode = async (session: Session, hex: string) =>
  (await session.view!.request!({ kind: 'decode-frame', hex }, inlineViewJob())) as DmlFrameDecode;

/** The spec's vectors (§4). */
const PATCH_REQUEST = `0D F0 24 00 | 00 00 00 00 | 08 01 20 00 | ${'00 '.repeat(28)}`.replaceAll(
  '| ',
  '',
);
const CLIENT_MOVE = '0D F0 11 00  00 00 00 00  05 24 0C 00 01 00 02 00 03 00 04 00  00';

describe('a protocol file as a session', () => {
  it('has _ProtocolInfo, then each message by order with the fields it sends', async () => {
    const session = await open(writeDmlProtocol(GAME_PROTOCOL));
    expect(session.format).toBe('dml-protocol');
    expect(session.label).toBe('DML protocol GameMessages (service 5)');
    expect(session.fatal).toBeNull();
    expect(session.issues).toEqual([]);
    expect(paths(session)).toEqual([
      '_ProtocolInfo',
      'MSG_EVERYTYPE',
      ...GAME_PROTOCOL.messages[1]!.fields.map((field) => `MSG_EVERYTYPE/${field.name}`),
      'MSG_CLIENTMOVE',
      'MSG_CLIENTMOVE/X',
      'MSG_CLIENTMOVE/Y',
      'MSG_CLIENTMOVE/Z',
      'MSG_CLIENTMOVE/Direction',
    ]);
    expect(Object.fromEntries(session.facts)).toMatchObject({
      'Service ID': '5 (0x05)',
      Type: '"GAME"',
      Version: '1',
      Messages: '2 messages',
    });
    const move = paths(session).indexOf('MSG_CLIENTMOVE');
    const details = session.details(move);
    expect(details.kind).toBe('record');
    expect(Object.fromEntries(details.fields)).toMatchObject({
      Order: '36 (0x24), given by _MsgOrder',
      Name: 'MSG_CLIENTMOVE',
      Description: '"The client moved."',
      Handler: '"MSG_ClientMove"',
      'Access level': '1',
      Fields: '4 fields',
      X: 'USHRT (tag 7)',
      Direction: 'USHRT (tag 7)',
    });
    expect(session.cell!(move, 'order')).toBe(36);
    expect(session.details(move + 1).kind).toBe('value');
    expect(session.cell!(move + 1, 'type')).toBe('USHRT');
  });

  it('spans each node over its element’s bytes, also past ASCII', async () => {
    const text = writeDmlProtocolText(WIDE_PROTOCOL);
    const bytes = utf8.encode(text);
    const session = await open(bytes, 'TestMessages.xml');
    const decoder = new TextDecoder();
    const textOf = (index: number) => {
      const { span } = session.details(index);
      return decoder.decode(bytes.subarray(span.offset, span.offset + span.length));
    };
    expect(paths(session)).toEqual([
      '_ProtocolInfo',
      'MSG_HELLO',
      'MSG_HELLO/Wörd',
      'MSG_HELLO/Count',
    ]);
    expect(textOf(0)).toMatch(/^<_ProtocolInfo>[^]*<\/_ProtocolInfo>$/);
    expect(textOf(0)).toContain('Ωmega → “quoted” &amp; &lt;escaped&gt;');
    expect(textOf(1)).toMatch(/^<MSG_HELLO>[^]*Grüße[^]*<\/MSG_HELLO>$/);
    expect(textOf(2)).toBe('<Wörd TYPE="WSTR"></Wörd>');
    expect(textOf(3)).toBe('<Count TYPE="UINT"></Count>');
    const content = await session.content!.read(2);
    expect(decoder.decode(content.bytes)).toBe('<Wörd TYPE="WSTR"></Wörd>');
    expect(Object.fromEntries(session.details(1).fields)).toMatchObject({
      Order: "1 (0x01), by its element's sorted name",
      Name: 'MSG_GREETING',
      Element: 'MSG_HELLO',
    });
  });

  it('puts each issue on the node that holds it, its span in bytes', async () => {
    const text = writeDmlProtocolText({
      ...WIDE_PROTOCOL,
      messages: [
        { element: 'MSG_A', fields: [{ name: 'Ünknown', typeName: 'BOOL' }] },
        { element: 'MSG_B', order: 1, fields: [] },
      ],
    });
    const bytes = utf8.encode(text);
    const session = await open(bytes);
    const byCode = Object.fromEntries(session.issues.map((issue) => [issue.code, issue]));
    expect(Object.keys(byCode).sort()).toEqual(['DUPLICATE_ORDER', 'MIXED_ORDERS', 'UNKNOWN_TYPE']);
    const unknown = byCode['UNKNOWN_TYPE']!;
    expect(paths(session)[unknown.entryIndex!]).toBe('MSG_A/Ünknown');
    const { offset, length } = unknown.span!;
    expect(new TextDecoder().decode(bytes.subarray(offset, offset + length))).toBe('<Ünknown');
  });

  it('a file that is no protocol: the error at its byte, no nodes, no view', async () => {
    const text = 'é<Messages><NotInfo/></Messages>';
    const session = await open(utf8.encode(text));
    expect(session.fatal).toMatchObject({ code: 'BAD_VALUE', offset: 0 });
    const bad = await open(utf8.encode('<Ωmega><_ProtocolInfo><RECORD/></_ProtocolInfo></Ωmega>'));
    // `<RECORD/>` is character 22 and byte 23: Ω takes two.
    expect(bad.fatal).toMatchObject({ code: 'BAD_VALUE', offset: 23 });
    expect(bad.nodeCount()).toBe(0);
    expect(bad.view).toBeUndefined();
  });

  it('reads bytes that are not UTF-8 as latin-1, and says so', async () => {
    const bytes = writeDmlProtocol(PATCH_PROTOCOL).slice();
    const at = new TextDecoder().decode(bytes).indexOf('Patch messages');
    bytes[at] = 0xe9;
    const session = await open(bytes);
    expect(session.fatal).toBeNull();
    expect(session.issues.map((issue) => issue.code)).toEqual(['NOT_UTF8']);
    expect(Object.fromEntries(session.facts)['Description']).toBe('"éatch messages"');
  });
});

describe('the dml-messages view', () => {
  it('lists the messages by order with their fields and nodes', async () => {
    const session = await open(writeDmlProtocol(GAME_PROTOCOL));
    expect(session.view!.kind).toBe('dml-messages');
    const summary = session.view!.data() as DmlMessagesSummary;
    expect(summary).toMatchObject({
      name: 'GameMessages',
      serviceId: 5,
      type: 'GAME',
      issueCount: 0,
    });
    expect(summary.messages.map(({ order, name, path }) => [order, name, path])).toEqual([
      [1, 'MSG_EVERYTYPE', 'MSG_EVERYTYPE'],
      [36, 'MSG_CLIENTMOVE', 'MSG_CLIENTMOVE'],
    ]);
    expect(summary.messages[1]!.fields).toEqual([
      { name: 'X', typeName: 'USHRT' },
      { name: 'Y', typeName: 'USHRT' },
      { name: 'Z', typeName: 'USHRT' },
      { name: 'Direction', typeName: 'USHRT' },
    ]);
  });

  it('decodes the spec’s GAME MSG_CLIENTMOVE: fields by name, the trailer taken', async () => {
    const session = await open(writeDmlProtocol(GAME_PROTOCOL));
    const answer = await decode(session, CLIENT_MOVE);
    expect(answer.error).toBeNull();
    expect(answer.byteCount).toBe(21);
    expect(answer.protocols).toEqual([{ name: 'GameMessages', serviceId: 5, type: 'GAME' }]);
    const [frame] = answer.frames;
    expect(frame).toMatchObject({
      header: { kind: 'small', length: 17 },
      isControl: false,
      opcode: 0,
      issues: [],
    });
    expect(frame!.messages).toHaveLength(1);
    expect(frame!.messages[0]).toMatchObject({
      service: 5,
      order: 0x24,
      length: 12,
      protocol: 'GameMessages',
      name: 'MSG_CLIENTMOVE',
      raw: null,
      hasTrailer: true,
    });
    expect(frame!.messages[0]!.fields.map(({ name, type, value }) => [name, type, value])).toEqual([
      ['X', 'USHRT', 1],
      ['Y', 'USHRT', 2],
      ['Z', 'USHRT', 3],
      ['Direction', 'USHRT', 4],
    ]);
  });

  it('decodes the spec’s Patch request against the patch protocol, without a trailer', async () => {
    const patch = await open(writeDmlProtocol(PATCH_PROTOCOL), 'PatchMessages.xml');
    const [frame] = (await decode(patch, PATCH_REQUEST)).frames;
    expect(frame!.header).toMatchObject({ kind: 'small', length: 36 });
    const [message] = frame!.messages;
    expect(message).toMatchObject({
      service: 8,
      order: 1,
      length: 32,
      name: 'MSG_LATEST_FILE_LIST',
      raw: null,
      hasTrailer: false,
    });
    expect(message!.fields.map((field) => field.text)).toEqual([
      '0',
      '""',
      '0',
      '0',
      '0',
      '0',
      '""',
      '""',
      '""',
    ]);
    // Another service's protocol leaves it raw.
    const game = await open(writeDmlProtocol(GAME_PROTOCOL));
    const [raw] = (await decode(game, PATCH_REQUEST)).frames[0]!.messages;
    expect(raw).toMatchObject({
      protocol: null,
      name: null,
      fields: [],
      raw: '00 '.repeat(28).trim(),
    });
  });

  it('decodes every type, a GID exactly, and several frames back to back', async () => {
    const session = await open(writeDmlProtocol(GAME_PROTOCOL));
    const payload = dmlMessagePayload([
      [DmlTag.GID, 2n ** 64n - 1n],
      [DmlTag.INT, -5],
      [DmlTag.UINT, 4294967295],
      [DmlTag.FLT, 0.1],
      [DmlTag.BYT, -1],
      [DmlTag.UBYT, 255],
      [DmlTag.USHRT, 65535],
      [DmlTag.DBL, 1.5],
      [DmlTag.STR, 'Edgar'],
      [DmlTag.WSTR, 'Ωmega'],
    ]);
    const everyType = writeDmlFrame({
      isControl: false,
      messages: [{ service: 5, order: 1, payload }],
    });
    const keepAlive = writeDmlFrame({ isControl: true, opcode: 3, data: Uint8Array.of(1, 2) });
    const answer = await decode(session, `${hexBytes(everyType)}\n${hexBytes(keepAlive)}`);
    expect(answer.error).toBeNull();
    expect(answer.frames).toHaveLength(2);
    expect(answer.frames[0]!.messages[0]!.fields.map((field) => field.value)).toEqual([
      '18446744073709551615',
      -5,
      4294967295,
      0.1,
      -1,
      255,
      65535,
      1.5,
      'Edgar',
      'Ωmega',
    ]);
    expect(answer.frames[1]).toMatchObject({
      isControl: true,
      opcode: 3,
      opcodeName: 'KeepAlive',
      data: '01 02',
      messages: [],
    });
    const large = writeDmlFrame({
      isControl: false,
      messages: [{ service: 9, order: 2, payload: new Uint8Array(0x8000) }],
    });
    const [big] = (await decode(session, hexBytes(large))).frames;
    expect(big!.header).toMatchObject({ kind: 'large', length: 0x8000 + 9 });
  });

  it('says where hex is not hex (a character) and where bytes are no frame (a byte)', async () => {
    const session = await open(writeDmlProtocol(GAME_PROTOCOL));
    expect((await decode(session, '0D F0\n 1G')).error).toMatchObject({
      in: 'text',
      code: 'BAD_VALUE',
      offset: 8,
    });
    const empty = (await decode(session, '  ')).error!;
    expect(empty).toMatchObject({ in: 'empty', offset: 0 });
    // Nothing pasted is said so, not as a character that cannot be read.
    expect(decodeFailure({ error: empty } as DmlFrameDecode)).toBe(
      'no bytes to decode: paste a frame in hex, e.g. 0D F0 …',
    );
    // A whole frame, then one whose magic is wrong at byte 21.
    const answer = await decode(session, `${CLIENT_MOVE} 0D F1 00 00`);
    expect(answer.frames).toHaveLength(1);
    expect(answer.error).toMatchObject({ in: 'bytes', code: 'BAD_MAGIC', offset: 21 });
    // A body longer than the bytes pasted: where the body starts.
    expect((await decode(session, '0D F0 11 00 00 00')).error).toMatchObject({
      in: 'bytes',
      code: 'UNEXPECTED_EOF',
      offset: 4,
    });
  });

  it('refuses a question it does not answer', async () => {
    const session = await open(writeDmlProtocol(GAME_PROTOCOL));
    await expect(session.view!.request!({ kind: 'rows' }, inlineViewJob())).rejects.toMatchObject({
      code: 'BAD_VALUE',
    });
  });
});
