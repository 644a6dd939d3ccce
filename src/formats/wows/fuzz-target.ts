/**
 * WoWs as a fuzz target and conformance subject: seed indexes made by our writer, each
 * with its `.pkg` volume; mutations go to the index (the volume stays valid), and the
 * exercise opens the index with its volume and reads and checks every entry, as the app
 * and the CLI do.
 */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { inlineServices } from '../services.ts';
import {
  WOWS_FILE_FIELD,
  WOWS_FILE_RECORD_LENGTH,
  WOWS_HEADER_FIELD,
  WOWS_HEADER_LENGTH,
  WOWS_NODE_FIELD,
  WOWS_NODE_RECORD_LENGTH,
  WOWS_VOLUME_FIELD,
  parseWowsIndex,
} from './read.ts';
import { openWowsSession } from './session.ts';
import {
  buildWowsPackage,
  rawFromWowsIndex,
  writeWowsIndexRaw,
  type WowsPackage,
} from './write.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** Seeds: one volume each, stored, deflate, nested folders, an empty file. */
function seedPackages(): { volumeName: string; built: WowsPackage }[] {
  const repeated = text('content/gameplay '.repeat(40));
  return [
    {
      volumeName: 'seed_a_0001.pkg',
      built: buildWowsPackage(
        [
          { path: 'content/gameplay/usa/ship.xml', bytes: text('<ship name="Erie"/>\n') },
          { path: 'content/gameplay/usa/notes.txt', bytes: repeated, compression: 'stored' },
          { path: 'gui/icons/empty.png', bytes: new Uint8Array(0) },
          { path: 'KDStorage.bin', bytes: new Uint8Array(300).map((_, i) => (i * 37) & 0xff) },
        ],
        { volumeName: 'seed_a_0001.pkg', shuffle: 7 },
      ),
    },
    {
      volumeName: 'seed_b_0001.pkg',
      built: buildWowsPackage([{ path: 'only.txt', bytes: text('one entry, deflated') }], {
        volumeName: 'seed_b_0001.pkg',
      }),
    },
  ];
}

/** Offsets of the records of a table, read leniently from a header that may lie. */
function tableStarts(
  bytes: Uint8Array,
  countField: number,
  pointerField: number,
  recordLength: number,
) {
  if (bytes.length < WOWS_HEADER_LENGTH) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Math.min(view.getUint32(countField, true), 32);
  const start = 16 + Number(view.getBigUint64(pointerField, true) & 0xffffffn);
  const starts: number[] = [];
  for (let at = 0; at < count && start + (at + 1) * recordLength <= bytes.length; at++) {
    starts.push(start + at * recordLength);
  }
  return starts;
}

const nodeStarts = (bytes: Uint8Array) =>
  tableStarts(
    bytes,
    WOWS_HEADER_FIELD.nodeCount,
    WOWS_HEADER_FIELD.nodeTablePointer,
    WOWS_NODE_RECORD_LENGTH,
  );
const fileStarts = (bytes: Uint8Array) =>
  tableStarts(
    bytes,
    WOWS_HEADER_FIELD.fileCount,
    WOWS_HEADER_FIELD.fileTablePointer,
    WOWS_FILE_RECORD_LENGTH,
  );
const volumeStarts = (bytes: Uint8Array) =>
  tableStarts(bytes, WOWS_HEADER_FIELD.volumeCount, WOWS_HEADER_FIELD.volumeTablePointer, 24);

export const wowsFuzzTarget: FuzzTarget = {
  format: 'wows',
  seeds: () => Promise.resolve(seedPackages().map(({ built }) => built.index)),
  companions: () =>
    Promise.resolve(
      seedPackages().map(({ volumeName, built }) => [{ name: volumeName, bytes: built.pkg }]),
    ),
  boundaries: (bytes) => [
    0,
    16,
    WOWS_HEADER_LENGTH,
    ...nodeStarts(bytes),
    ...fileStarts(bytes),
    ...volumeStarts(bytes),
    bytes.length,
  ],
  numberFields: (bytes) => [
    WOWS_HEADER_FIELD.nodeCount,
    WOWS_HEADER_FIELD.fileCount,
    WOWS_HEADER_FIELD.volumeCount,
    WOWS_HEADER_FIELD.nodeTablePointer,
    WOWS_HEADER_FIELD.fileTablePointer,
    WOWS_HEADER_FIELD.volumeTablePointer,
    ...nodeStarts(bytes).flatMap((start) => [
      start + WOWS_NODE_FIELD.nameLength,
      start + WOWS_NODE_FIELD.namePointer,
    ]),
    ...fileStarts(bytes).flatMap((start) => [
      start + WOWS_FILE_FIELD.offset,
      start + WOWS_FILE_FIELD.storedSize,
      start + WOWS_FILE_FIELD.unpackedSize,
      start + WOWS_FILE_FIELD.compressionType,
    ]),
    ...volumeStarts(bytes).flatMap((start) => [
      start + WOWS_VOLUME_FIELD.nameLength,
      start + WOWS_VOLUME_FIELD.namePointer,
    ]),
  ],
  rangeFields: (bytes) => fileStarts(bytes).map((start) => start + WOWS_FILE_FIELD.offset),
  async exercise(bytes) {
    // The first seed's volume goes with every mutated index: records may point anywhere in it.
    const [{ volumeName, built }] = seedPackages() as [{ volumeName: string; built: WowsPackage }];
    const session = await openWowsSession({
      sources: [
        new MemoryByteSource(bytes, 'fuzz.idx'),
        new MemoryByteSource(built.pkg, volumeName),
      ],
      services: inlineServices(),
      sink: { nodes: () => undefined, nodeRange: () => undefined },
    });
    const all: number[] = [];
    for (let entry = 0; entry < session.nodeCount(); entry++) {
      session.details(entry);
      all.push(entry);
      await session.content!.read(entry).catch((error: unknown) => {
        if (!(error instanceof FormatError)) throw error;
      });
    }
    const toCheck = all.filter((entry) => session.verify!.precheck!(entry) === null);
    await session.verify!.run(toCheck, () => undefined, {
      isCancelled: false,
      throwIfCancelled: () => undefined,
    });
    if (session.fatal) {
      const { code, offset, message } = session.fatal;
      throw new FormatError({ code, offset: offset ?? 0, detail: message, format: 'wows' });
    }
  },
  async roundTrip(bytes) {
    const result = parseWowsIndex(bytes);
    if (result.fatal) throw result.fatal;
    return writeWowsIndexRaw(rawFromWowsIndex(result.value));
  },
};
