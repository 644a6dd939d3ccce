/**
 * The CLI on DML protocol files: `info --json` of a `*Messages.xml` (service id, messages
 * with their fields and types), and `decode-frame` — the spec's two vectors decoded against
 * every `--protocol` given, hex as the argument or on stdin, JSON and text, errors at their
 * offsets (exit 1), a file that is no protocol named on its own line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_PROTOCOL, PATCH_PROTOCOL } from '../formats/dml/messages/protocol-samples.ts';
import type { DmlFrameDecode } from '../formats/dml/messages/types.ts';
import { writeDmlProtocol } from '../formats/dml/messages/write-protocol.ts';
import { runCli } from './run.ts';
import { cliIn, collector } from './testing/run-cli.ts';

const work = mkdtempSync(join(tmpdir(), 'delve-cli-dml-messages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
writeFileSync(join(work, 'GameMessages.xml'), writeDmlProtocol(GAME_PROTOCOL));
writeFileSync(join(work, 'PatchMessages.xml'), writeDmlProtocol(PATCH_PROTOCOL));
writeFileSync(join(work, 'notes.xml'), '<Notes><Note/></Notes>');

const cli = cliIn(work);

/** The spec's vectors (§4). */
const CLIENT_MOVE = '0D F0 11 00 00 00 00 00 05 24 0C 00 01 00 02 00 03 00 04 00 00';
const PATCH_REQUEST = `0D F0 24 00 00 00 00 00 08 01 20 00 ${'00 '.repeat(28)}`;

describe('info on a protocol file', () => {
  it('--json: the service id and the messages by order with their fields', async () => {
    const { code, out } = await cli('info', 'GameMessages.xml', '--json');
    expect(code).toBe(0);
    const info = JSON.parse(out) as {
      format: string;
      protocol: { serviceId: number };
      messages: { order: number; name: string; fields: { name: string; type: string }[] }[];
    };
    expect(info.format).toBe('dml-protocol');
    expect(info.protocol.serviceId).toBe(5);
    expect(info.messages.map((message) => [message.order, message.name])).toEqual([
      [1, 'MSG_EVERYTYPE'],
      [36, 'MSG_CLIENTMOVE'],
    ]);
    expect(info.messages[1]!.fields[3]).toEqual({ name: 'Direction', type: 'USHRT' });
  });
});

describe('decode-frame', () => {
  it('decodes both vectors against every protocol given, in JSON', async () => {
    const { code, out, errLines } = await cli(
      'decode-frame',
      `${CLIENT_MOVE}\n${PATCH_REQUEST}`,
      '--protocol',
      'GameMessages.xml',
      '--protocol',
      'PatchMessages.xml',
      '--json',
    );
    expect(errLines).toEqual([]);
    expect(code).toBe(0);
    const decode = JSON.parse(out) as DmlFrameDecode;
    expect(decode.protocols.map((protocol) => protocol.serviceId)).toEqual([5, 8]);
    expect(decode.frames.map((frame) => frame.header.length)).toEqual([17, 36]);
    const [move, patch] = decode.frames.map((frame) => frame.messages[0]!);
    expect(move).toMatchObject({ service: 5, order: 36, name: 'MSG_CLIENTMOVE', hasTrailer: true });
    expect(move!.fields.map((field) => [field.name, field.value])).toEqual([
      ['X', 1],
      ['Y', 2],
      ['Z', 3],
      ['Direction', 4],
    ]);
    expect(patch).toMatchObject({
      service: 8,
      order: 1,
      length: 32,
      name: 'MSG_LATEST_FILE_LIST',
      raw: null,
      hasTrailer: false,
    });
  });

  it('reads the hex from stdin, and prints a line per frame, message and field', async () => {
    const stdout = collector();
    const stderr = collector();
    const code = await runCli(['decode-frame', '--protocol', 'GameMessages.xml'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
      stdin: Readable.from([Buffer.from(CLIENT_MOVE)]),
      cwd: work,
    });
    expect(stderr.text()).toBe('');
    expect(code).toBe(0);
    expect(stdout.text().split('\n')).toEqual([
      'frame 1 0x0–0x14: small header, body 17 bytes, data',
      '  message 1 0x8–0x13: service 5 GameMessages, order 36 (0x24) MSG_CLIENTMOVE, length 12, then 00',
      '    X USHRT 1',
      '    Y USHRT 2',
      '    Z USHRT 3',
      '    Direction USHRT 4',
      '',
    ]);
  });

  it('without a protocol of its service, a message stays raw', async () => {
    const { code, out } = await cli('decode-frame', PATCH_REQUEST);
    expect(code).toBe(0);
    expect(out).toContain('service 8, order 1 (0x01), length 32');
    expect(out).toContain(`    raw ${'00 '.repeat(28).trim()}`);
  });

  it('says where it stopped: the character of the hex, the byte of the frames (exit 1)', async () => {
    const text = await cli('decode-frame', '0D F0 1G');
    expect(text.code).toBe(1);
    expect(text.errLines).toEqual([
      'delve decode-frame: the hex cannot be read at character 7: "G" is not a hex digit (line 1, column 8)',
    ]);
    const bytes = await cli('decode-frame', `${CLIENT_MOVE} 0D F1 00 00`, '--json');
    expect(bytes.code).toBe(1);
    expect((JSON.parse(bytes.out) as DmlFrameDecode).frames).toHaveLength(1);
    expect(bytes.errLines).toEqual([
      'delve decode-frame: not a frame at byte 21 (0x15): a frame starts 0D F0, not 0x0D 0xF1',
    ]);
  });

  it('a --protocol that is no protocol is its own error line; a missing one too', async () => {
    const bad = await cli('decode-frame', CLIENT_MOVE, '--protocol', 'notes.xml');
    expect(bad.code).toBe(1);
    expect(bad.errLines).toEqual([
      'notes.xml: bad value at 0x0: <Notes> has no _ProtocolInfo (line 1, column 1)',
    ]);
    const missing = await cli('decode-frame', CLIENT_MOVE, '--protocol', 'nope.xml');
    expect(missing.code).toBe(1);
    expect(missing.errLines[0]).toMatch(/^nope\.xml: cannot open/);
  });

  it('is in the help', async () => {
    const { out } = await cli('--help');
    expect(out).toContain('delve decode-frame [HEX|-] [--protocol FILE...] [--json]');
  });
});
