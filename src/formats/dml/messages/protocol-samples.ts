/**
 * Protocol files made by our writer, for tests, seeds and the end-to-end tests: the spec's
 * GAME service (5) with MSG_CLIENTMOVE at order 0x24 (spec §4's second vector) and a message
 * of every type; a Patch service (8) whose orders come from sorted names, with its
 * LatestFileList request at order 1 (the first vector); and a protocol with text past ASCII.
 * Names and numbers besides the spec's are made up.
 */
import type { DmlProtocolDraft } from './write-protocol.ts';
import { writeDmlProtocol } from './write-protocol.ts';

/** GAME, service 5: MSG_CLIENTMOVE (order 36, four USHRT) and MSG_EVERYTYPE (order 1). */
export const GAME_PROTOCOL: DmlProtocolDraft = {
  name: 'GameMessages',
  serviceId: 5,
  type: 'GAME',
  version: 1,
  description: 'Game messages',
  messages: [
    {
      element: 'MSG_CLIENTMOVE',
      order: 36,
      description: 'The client moved.',
      handler: 'MSG_ClientMove',
      accessLevel: 1,
      fields: [
        { name: 'X', typeName: 'USHRT' },
        { name: 'Y', typeName: 'USHRT' },
        { name: 'Z', typeName: 'USHRT' },
        { name: 'Direction', typeName: 'USHRT' },
      ],
    },
    {
      element: 'MSG_EVERYTYPE',
      order: 1,
      fields: [
        { name: 'Id', typeName: 'GID' },
        { name: 'Delta', typeName: 'INT' },
        { name: 'Count', typeName: 'UINT' },
        { name: 'Scale', typeName: 'FLT' },
        { name: 'Signed', typeName: 'BYT' },
        { name: 'Unsigned', typeName: 'UBYT' },
        { name: 'Short', typeName: 'USHRT' },
        { name: 'Ratio', typeName: 'DBL' },
        { name: 'Name', typeName: 'STR' },
        { name: 'Title', typeName: 'WSTR' },
      ],
    },
  ],
};

/** PATCH, service 8, orders by sorted element names: MSG_LATEST_FILE_LIST is 1 (spec §4). */
export const PATCH_PROTOCOL: DmlProtocolDraft = {
  name: 'PatchMessages',
  serviceId: 8,
  type: 'PATCH',
  version: 1,
  description: 'Patch messages',
  messages: [
    {
      element: 'MSG_PATCH_DONE',
      description: 'The patch is done.',
      fields: [],
    },
    {
      element: 'MSG_LATEST_FILE_LIST',
      // 28 bytes when every value is zero or empty, as in the spec's vector.
      fields: [
        { name: 'LatestVersion', typeName: 'UINT' },
        { name: 'ListFileName', typeName: 'STR' },
        { name: 'ListFileType', typeName: 'UINT' },
        { name: 'ListFileTime', typeName: 'UINT' },
        { name: 'ListFileSize', typeName: 'UINT' },
        { name: 'ListFileCRC', typeName: 'UINT' },
        { name: 'ListFileURL', typeName: 'STR' },
        { name: 'URLPrefix', typeName: 'STR' },
        { name: 'URLSuffix', typeName: 'STR' },
      ],
    },
  ],
};

/** Text past ASCII in its description and a field's name: spans in bytes differ from characters. */
export const WIDE_PROTOCOL: DmlProtocolDraft = {
  name: 'TestMessages',
  serviceId: 200,
  type: 'TÉST',
  description: 'Ωmega → “quoted” & <escaped>',
  messages: [
    {
      element: 'MSG_HELLO',
      name: 'MSG_GREETING',
      description: 'Grüße',
      fields: [
        { name: 'Wörd', typeName: 'WSTR' },
        { name: 'Count', typeName: 'UINT' },
      ],
    },
  ],
};

export function dmlProtocolSeeds(): Uint8Array[] {
  return [GAME_PROTOCOL, PATCH_PROTOCOL, WIDE_PROTOCOL].map((draft) => writeDmlProtocol(draft));
}
