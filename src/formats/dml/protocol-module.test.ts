/**
 * Detecting protocol files: by their content (the root's first child is `_ProtocolInfo`),
 * by their name `*Messages.xml` only where the head ends before that child, and never any
 * other XML or text, which stays a raw file with its text preview. Also the writer's round
 * trip, which the fuzz target's `roundTrip` relies on.
 */
import { describe, expect, it } from 'vitest';
import { DETECT_HEAD_LENGTH, detectFormat, tailOf } from '../registry.ts';
import { readDmlProtocolOrThrow } from './messages/protocol-file.ts';
import {
  GAME_PROTOCOL,
  PATCH_PROTOCOL,
  WIDE_PROTOCOL,
  dmlProtocolSeeds,
} from './messages/protocol-samples.ts';
import { dmlProtocolDraft, writeDmlProtocol } from './messages/write-protocol.ts';
import { protocolShape } from './protocol-module.ts';

const utf8 = new TextEncoder();

/** What the registry makes of a whole file's bytes, as the worker sees them. */
const detect = (bytes: Uint8Array, name: string) =>
  detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), name, undefined, tailOf(bytes));
const detectText = (text: string, name: string) => detect(utf8.encode(text), name);

const LONG_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

describe('detecting a protocol file', () => {
  it('by its content, whatever its name', () => {
    for (const bytes of dmlProtocolSeeds()) {
      expect(detect(bytes, 'GameMessages.xml')).toBe('dml-protocol');
      expect(detect(bytes, 'renamed.txt')).toBe('dml-protocol');
    }
    const bare = writeDmlProtocol(GAME_PROTOCOL, { declaration: false });
    expect(detect(bare, 'x')).toBe('dml-protocol');
    expect(detectText('\ufeff<P>\r\n\t<_ProtocolInfo >', 'p.xml')).toBe('dml-protocol');
  });

  it('by its name where the head ends before _ProtocolInfo', () => {
    const long = utf8.encode(
      LONG_DECLARATION +
        new TextDecoder().decode(writeDmlProtocol(GAME_PROTOCOL, { declaration: false })),
    );
    expect(detect(long, 'GameMessages.xml')).toBe('dml-protocol');
    expect(detect(long, 'gamemessages.XML')).toBe('dml-protocol');
    expect(detect(long, 'game.xml')).toBe('raw');
    const commented = writeDmlProtocol(PATCH_PROTOCOL, { comment: 'x'.repeat(80) });
    expect(detect(commented, 'PatchMessages.xml')).toBe('dml-protocol');
    expect(detect(commented, 'Patch.xml')).toBe('raw');
    const saved = utf8.encode(
      'This XML file does not appear to have any style information associated with it.\n' +
        new TextDecoder().decode(writeDmlProtocol(WIDE_PROTOCOL)),
    );
    expect(detect(saved, 'TestMessages.xml')).toBe('dml-protocol');
  });

  it('never takes other XML or text, whatever its name', () => {
    const others = [
      '<?xml version="1.0"?>\n<Config>\n  <Window width="3"/>\n</Config>\n',
      '<GameMessages>\n  <MSG_PING><RECORD/></MSG_PING>\n</GameMessages>\n',
      '<GameMessages/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><_ProtocolInfoX/></svg>',
      'ServiceID 5 _ProtocolInfo, as plain text\n',
      '',
      '<',
    ];
    for (const text of others) {
      expect(detectText(text, 'notes.xml')).toBe('raw');
      expect(detectText(text, 'GameMessages.xml')).toBe('raw');
    }
    // Where the head ends before the root's first child, only a name `*Messages.xml` says it.
    const long = `${LONG_DECLARATION}<Localization>\n  <String id="1">Hi</String>\n</Localization>\n`;
    expect(detectText(long, 'Localization.xml')).toBe('raw');
    expect(detectText(long, 'ErrorMessages.xml')).toBe('dml-protocol');
  });

  it('tells a head that ends early from a whole file that does', () => {
    expect(protocolShape(utf8.encode('<P>\n  <_Proto'), false)).toBe('unknown');
    expect(protocolShape(utf8.encode('<P>\n  <_Proto'), true)).toBe('other');
    expect(protocolShape(utf8.encode('<!-- a comment that goes on'), false)).toBe('unknown');
    expect(protocolShape(utf8.encode('<P>\n  <Other>'), false)).toBe('other');
  });
});

describe('the protocol writer', () => {
  it('writes back what it wrote, byte for byte', () => {
    for (const bytes of dmlProtocolSeeds()) {
      expect(writeDmlProtocol(dmlProtocolDraft(readDmlProtocolOrThrow(bytes)))).toEqual(bytes);
    }
  });

  it('reads back the drafts it was given', () => {
    for (const draft of [GAME_PROTOCOL, PATCH_PROTOCOL, WIDE_PROTOCOL]) {
      const protocol = readDmlProtocolOrThrow(writeDmlProtocol(draft));
      expect(protocol).toMatchObject({
        name: draft.name,
        serviceId: draft.serviceId,
        type: draft.type,
        description: draft.description,
        issues: [],
      });
      expect(protocol.messages).toHaveLength(draft.messages.length);
    }
  });
});
