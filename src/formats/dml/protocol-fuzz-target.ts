/**
 * Protocol files as a fuzz target (src/formats/fuzz): the session's read path on mutated
 * files (a file that is no protocol rejects with its FormatError) — every node's details and cells, the view's summary, and frames decoded against
 * whatever protocol read (the spec's two vectors, and the bytes of the file itself as hex,
 * which are no frame) — then a rewrite of whatever read. Seeds: messages/protocol-samples.ts.
 */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { inlineServices, inlineViewJob } from '../services.ts';
import { hexBytes } from './messages/decode-text.ts';
import { readDmlProtocolFile, readDmlProtocolOrThrow } from './messages/protocol-file.ts';
import { dmlProtocolSeeds } from './messages/protocol-samples.ts';
import { dmlProtocolDraft, writeDmlProtocol } from './messages/write-protocol.ts';
import { DML_PROTOCOL_FORMAT, openDmlProtocolSession } from './protocol-session.ts';

/** The spec's vectors (§4): the Patch LatestFileList request and GAME MSG_CLIENTMOVE. */
const VECTORS = [
  `0D F0 24 00 00 00 00 00 08 01 20 00 ${'00 '.repeat(28)}`,
  '0D F0 11 00 00 00 00 00 05 24 0C 00 01 00 02 00 03 00 04 00 00',
];

/** Where the protocol's elements start and end, in bytes. */
function boundaries(bytes: Uint8Array): number[] {
  const { value: file } = readDmlProtocolFile(bytes);
  if (!file.protocol) return [];
  const { info, messages } = file.protocol;
  return [
    info.offset,
    info.offset + info.length,
    ...messages.flatMap((message) => [
      message.offset,
      message.end,
      ...message.fields.flatMap((field) => [field.offset, field.end]),
    ]),
  ].map(file.byteOffset);
}

export const dmlProtocolFuzzTarget: FuzzTarget = {
  format: DML_PROTOCOL_FORMAT,
  seeds: () => Promise.resolve(dmlProtocolSeeds()),
  boundaries,
  // Text: no binary counts or offsets to forge.
  numberFields: () => [],
  rangeFields: () => [],
  async exercise(bytes) {
    const sink = { nodes: () => undefined, nodeRange: () => undefined };
    const session = await openDmlProtocolSession({
      sources: [new MemoryByteSource(bytes, 'FuzzMessages.xml')],
      services: inlineServices(),
      sink,
    });
    // What the CLI's info does with a file that is no protocol: its error.
    if (session.fatal) readDmlProtocolOrThrow(bytes);
    for (let index = 0; index < session.nodeCount(); index++) {
      void session.details(index).fields.length;
      for (const column of ['order', 'type']) session.cell?.(index, column);
    }
    const view = session.view;
    if (!view?.request) return;
    void view.data();
    for (const hex of [...VECTORS, hexBytes(bytes.subarray(0, 256))]) {
      await view.request({ kind: 'decode-frame', hex }, inlineViewJob());
    }
  },
  async roundTrip(bytes) {
    return writeDmlProtocol(dmlProtocolDraft(readDmlProtocolOrThrow(bytes)));
  },
};
