/**
 * What protocol files add to the CLI (protocol-cli.ts): `info --json` gives the service id
 * and every message by order with its fields and their types; `info` a line per message.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { inlineServices } from '../services.ts';
import { GAME_PROTOCOL } from './messages/protocol-samples.ts';
import { writeDmlProtocol } from './messages/write-protocol.ts';
import { dmlProtocolFormat } from './protocol-module.ts';
import { openDmlProtocolSession } from './protocol-session.ts';

describe('the CLI of protocol files', async () => {
  const cli = await dmlProtocolFormat.cli();
  const bytes = writeDmlProtocol(GAME_PROTOCOL);
  const source = new MemoryByteSource(bytes, 'GameMessages.xml');
  const services = inlineServices();
  const session = await openDmlProtocolSession({
    sources: [source],
    services,
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
  const info = await cli.info!({ session, source, options: {}, services });

  it('info --json: the protocol, its messages by order, their fields with types', () => {
    const json = info.json as Record<string, unknown>;
    expect(json).toMatchObject({
      format: 'dml-protocol',
      protocol: {
        name: 'GameMessages',
        serviceId: 5,
        type: 'GAME',
        version: 1,
        description: 'Game messages',
      },
      issues: [],
    });
    expect(json['messages']).toEqual([
      {
        order: 1,
        isOrderGiven: true,
        name: 'MSG_EVERYTYPE',
        element: 'MSG_EVERYTYPE',
        description: null,
        handler: null,
        accessLevel: null,
        fields: GAME_PROTOCOL.messages[1]!.fields.map(({ name, typeName }) => ({
          name,
          type: typeName,
        })),
      },
      {
        order: 36,
        isOrderGiven: true,
        name: 'MSG_CLIENTMOVE',
        element: 'MSG_CLIENTMOVE',
        description: 'The client moved.',
        handler: 'MSG_ClientMove',
        accessLevel: 1,
        fields: ['X', 'Y', 'Z', 'Direction'].map((name) => ({ name, type: 'USHRT' })),
      },
    ]);
  });

  it('info: the facts, then a line per message', () => {
    expect(info.lines).toContain('service id   5 (0x05)');
    expect(info.lines.at(-1)).toBe(
      ' 36 0x24 MSG_CLIENTMOVE (X USHRT, Y USHRT, Z USHRT, Direction USHRT)',
    );
  });
});
