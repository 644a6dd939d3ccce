/**
 * Network frames: the spec's two vectors decode as it says; headers small and large,
 * control and data frames, several messages, the sender's trailing 0x00 taken or not;
 * fields named by a loaded protocol; issues and errors at their offsets; and any frame our
 * writer makes decodes back to what was written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DmlTag } from '../tags.ts';
import { DmlFrameIssueCode, decodeDmlFrame, decodeDmlFrames } from './frame.ts';
import { parseHexText } from './hex-text.ts';
import { parseDmlProtocol } from './protocol.ts';
import { dmlMessagePayload, writeDmlFrame } from './write-frame.ts';

/** GAME (service 5) with MSG_CLIENTMOVE at order 0x24 (four USHRT) and MSG_PERSON at 1. */
const game = parseDmlProtocol(`<GameMessages>
  <_ProtocolInfo><RECORD>
    <ServiceID TYPE="UBYT">5</ServiceID>
    <ProtocolType TYPE="STR">GAME</ProtocolType>
  </RECORD></_ProtocolInfo>
  <MSG_CLIENTMOVE><RECORD>
    <_MsgOrder TYPE="UBYT" NOXFER="TRUE">36</_MsgOrder>
    <X TYPE="USHRT"/><Y TYPE="USHRT"/><Z TYPE="USHRT"/><Direction TYPE="USHRT"/>
  </RECORD></MSG_CLIENTMOVE>
  <MSG_PERSON><RECORD>
    <_MsgOrder TYPE="UBYT" NOXFER="TRUE">1</_MsgOrder>
    <Name TYPE="STR"/><Age TYPE="UBYT"/><Id TYPE="GID"/>
  </RECORD></MSG_PERSON>
</GameMessages>`);

const patchRequest = parseHexText(`0D F0 24 00  00 00 00 00  08 01 20 00 ${' 00'.repeat(28)}`);
const clientMove = parseHexText(
  '0D F0 11 00  00 00 00 00  05 24 0C 00 01 00 02 00 03 00 04 00  00',
);

describe('the spec’s vectors', () => {
  it('the Patch LatestFileList request: frame 36 = 4 + DML 32, no trailer', () => {
    const [frame, ...more] = decodeDmlFrames(patchRequest);
    expect(more).toEqual([]);
    expect(frame).toMatchObject({
      header: { kind: 'small', length: 36, span: { offset: 0, length: 4 } },
      isControl: false,
      opcode: 0,
      opcodeName: null,
      body: { offset: 4, length: 36 },
      issues: [],
    });
    expect(frame!.messages).toEqual([
      {
        span: { offset: 8, length: 32 },
        service: 8,
        order: 1,
        length: 32,
        protocol: null,
        name: null,
        fields: [],
        rest: { offset: 12, length: 28 },
        trailer: null,
      },
    ]);
  });

  it('GAME MSG_CLIENTMOVE: frame 17 = 4 + DML 12 + the trailer; fields 1, 2, 3, 4 by name', () => {
    const [frame] = decodeDmlFrames(clientMove, [game]);
    expect(frame!.header.length).toBe(17);
    expect(frame!.issues).toEqual([]);
    const [message] = frame!.messages;
    expect(message).toMatchObject({
      service: 5,
      order: 0x24,
      length: 12,
      protocol: 'GameMessages',
      name: 'MSG_CLIENTMOVE',
      rest: null,
      trailer: { offset: 20, length: 1 },
    });
    expect(
      message!.fields.map(({ name, type, value, span }) => [name, type, value, span.offset]),
    ).toEqual([
      ['X', 'USHRT', 1, 12],
      ['Y', 'USHRT', 2, 14],
      ['Z', 'USHRT', 3, 16],
      ['Direction', 'USHRT', 4, 18],
    ]);
  });

  it('without its protocol the message stays raw; without the trailer it is the same message', () => {
    const [raw] = decodeDmlFrames(clientMove);
    expect(raw!.messages[0]).toMatchObject({
      name: null,
      fields: [],
      rest: { offset: 12, length: 8 },
    });
    const untrailed = clientMove.slice(0, -1);
    untrailed[2] = 16;
    const [frame] = decodeDmlFrames(untrailed, [game]);
    expect(frame!.issues).toEqual([]);
    expect(frame!.messages[0]).toMatchObject({ name: 'MSG_CLIENTMOVE', trailer: null });
    expect(frame!.messages[0]!.fields).toHaveLength(4);
  });
});

describe('frames', () => {
  it('a body of 0x8000 bytes or more takes the large header', () => {
    const payload = new Uint8Array(0x8000);
    const bytes = writeDmlFrame({
      isControl: false,
      messages: [{ service: 9, order: 2, payload }],
    });
    const frame = decodeDmlFrame(bytes, 0);
    expect(frame.header).toEqual({
      kind: 'large',
      length: 4 + 4 + 0x8000 + 1,
      span: { offset: 0, length: 8 },
    });
    expect(frame.messages[0]).toMatchObject({
      length: 0x8004,
      trailer: { offset: 8 + 4 + 0x8004 },
    });
    expect(frame.issues).toEqual([]);
  });

  it('a large header for a small body, or with another u16, is told', () => {
    const bytes = Uint8Array.of(0x0d, 0xf0, 0x01, 0x80, 4, 0, 0, 0, 1, 3, 0, 0);
    const frame = decodeDmlFrame(bytes, 0);
    expect(frame.header).toMatchObject({ kind: 'large', length: 4 });
    expect(frame.issues.map((issue) => issue.code)).toEqual([DmlFrameIssueCode.LARGE_HEADER]);
  });

  it('a control frame: its opcode by name, its data raw', () => {
    const data = Uint8Array.of(0x34, 0x12, 1, 0, 2, 0);
    const frame = decodeDmlFrame(writeDmlFrame({ isControl: true, opcode: 3, data }), 0);
    expect(frame).toMatchObject({
      isControl: true,
      opcode: 3,
      opcodeName: 'KeepAlive',
      payload: { offset: 8, length: 6 },
      messages: [],
      issues: [],
    });
  });

  it('frames back to back; messages back to back, with and without their trailers', () => {
    const person = dmlMessagePayload([
      [DmlTag.STR, 'Edgar Allan Poe'],
      [DmlTag.UBYT, 40],
      [DmlTag.GID, 2n ** 63n],
    ]);
    const bytes = Uint8Array.of(
      ...writeDmlFrame({
        isControl: false,
        messages: [
          { service: 5, order: 1, payload: person },
          { service: 5, order: 1, payload: person, hasTrailer: false },
          { service: 7, order: 3, payload: Uint8Array.of(1, 2) },
        ],
      }),
      ...clientMove,
    );
    const frames = decodeDmlFrames(bytes, [game]);
    expect(frames).toHaveLength(2);
    expect(frames[1]!.span.offset).toBe(bytes.length - clientMove.length);
    const [first, second, third] = frames[0]!.messages;
    expect(first!.fields.map((field) => field.text)).toEqual([
      '"Edgar Allan Poe"',
      '40',
      '9223372036854775808',
    ]);
    expect(first!.trailer).not.toBeNull();
    expect(second!.trailer).toBeNull();
    expect(second!.fields).toHaveLength(3);
    expect(third).toMatchObject({ service: 7, protocol: null, rest: { length: 2 } });
    expect(frames[0]!.issues).toEqual([]);
  });

  it('the seed’s MSG_PERSON bytes decode to its values', () => {
    const payload = parseHexText(
      '0x0f, 0x00, 0x45, 0x64, 0x67, 0x61, 0x72, 0x20, 0x41, 0x6c, 0x6c, 0x61, 0x6e, 0x20, 0x50, 0x6f, 0x65, 0x28',
    );
    const bytes = writeDmlFrame({
      isControl: false,
      messages: [
        { service: 5, order: 1, payload: Uint8Array.of(...payload, ...new Uint8Array(8)) },
      ],
    });
    const [message] = decodeDmlFrame(bytes, 0, [game]).messages;
    expect(message!.fields.map((field) => field.value)).toEqual(['Edgar Allan Poe', 40, 0n]);
  });
});

describe('issues inside a frame, at their offsets', () => {
  const frameOf = (payload: number[], flags = [0, 0, 0, 0]) =>
    Uint8Array.of(0x0d, 0xf0, 4 + payload.length, 0, ...flags, ...payload);
  const issuesOf = (bytes: Uint8Array) =>
    decodeDmlFrame(bytes, 0, [game]).issues.map((issue) => [issue.code, issue.span?.offset]);

  it.each<[string, number[], number[], [string, number][]]>([
    [
      'a message length below its header',
      [5, 36, 2, 0],
      [0, 0, 0, 0],
      [[DmlFrameIssueCode.MESSAGE_LENGTH, 10]],
    ],
    [
      'a message past the frame',
      [5, 36, 9, 0, 1, 0],
      [0, 0, 0, 0],
      [[DmlFrameIssueCode.MESSAGE_LENGTH, 10]],
    ],
    [
      'an order the protocol lacks',
      [5, 9, 4, 0],
      [0, 0, 0, 0],
      [[DmlFrameIssueCode.UNKNOWN_MESSAGE, 9]],
    ],
    [
      'a message ending inside a field',
      [5, 36, 7, 0, 1, 0, 2],
      [0, 0, 0, 0],
      [[DmlFrameIssueCode.FIELDS_PAST_END, 14]],
    ],
    [
      'bytes after the last field',
      [5, 36, 14, 0, 1, 0, 2, 0, 3, 0, 4, 0, 9, 9],
      [0, 0, 0, 0],
      [[DmlFrameIssueCode.EXTRA_BYTES, 20]],
    ],
    [
      'bytes that are no message',
      [8, 1, 4, 0, 7, 7],
      [0, 0, 0, 0],
      [[DmlFrameIssueCode.LEFTOVER_BYTES, 12]],
    ],
    ['reserved bytes not zero', [], [0, 0, 1, 0], [[DmlFrameIssueCode.RESERVED_NOT_ZERO, 6]]],
    ['a data frame with an opcode', [], [0, 2, 0, 0], [[DmlFrameIssueCode.DATA_OPCODE, 5]]],
    ['a control flag neither 0 nor 1', [], [7, 0, 0, 0], [[DmlFrameIssueCode.CONTROL_FLAG, 4]]],
  ])('%s', (_what, payload, flags, expected) => {
    expect(issuesOf(frameOf(payload, flags))).toEqual(expected);
  });
});

describe('bytes that are not a frame: FormatError at the offset', () => {
  it.each<[string, Uint8Array, string, number]>([
    ['no bytes', new Uint8Array(0), 'UNEXPECTED_EOF', 0],
    ['a cut header', Uint8Array.of(0x0d, 0xf0, 4), 'UNEXPECTED_EOF', 2],
    ['no 0D F0', Uint8Array.of(0xf0, 0x0d, 4, 0, 0, 0, 0, 0), 'BAD_MAGIC', 0],
    ['a body shorter than its header', Uint8Array.of(0x0d, 0xf0, 3, 0, 0, 0, 0), 'BAD_VALUE', 2],
    ['a body past the end', Uint8Array.of(0x0d, 0xf0, 9, 0, 0, 0, 0, 0), 'UNEXPECTED_EOF', 4],
    ['a second frame without its magic', Uint8Array.of(...clientMove, 1, 2, 3, 4), 'BAD_MAGIC', 21],
  ])('%s', (_what, bytes, code, offset) => {
    expect(() => decodeDmlFrames(bytes, [game])).toThrow(expect.objectContaining({ code, offset }));
  });
});

describe('properties', () => {
  const message = fc.record({
    service: fc.nat(255),
    order: fc.nat(255),
    payload: fc.uint8Array({ maxLength: 40 }),
    hasTrailer: fc.boolean(),
  });

  it('a data frame of raw messages decodes to them, each ending where it was written', () => {
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 5 }), (messages) => {
        const bytes = writeDmlFrame({ isControl: false, messages });
        const frame = decodeDmlFrame(bytes, 0);
        expect(frame.span).toEqual({ offset: 0, length: bytes.length });
        expect(
          frame.messages.map(({ service, order, length }) => ({ service, order, length })),
        ).toEqual(
          messages.map(({ service, order, payload }) => ({
            service,
            order,
            length: 4 + payload.length,
          })),
        );
      }),
    );
  });

  it('any bytes decode to frames or a FormatError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (tail, withMagic) => {
        const bytes = withMagic ? Uint8Array.of(0x0d, 0xf0, ...tail) : tail;
        try {
          decodeDmlFrames(bytes, [game]);
        } catch (error) {
          expect((error as Error).name).toBe('FormatError');
        }
      }),
      { numRuns: 500 },
    );
  });
});
