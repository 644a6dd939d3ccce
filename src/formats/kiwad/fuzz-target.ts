/** KIWAD as a fuzz target: the full read path of the app and CLI on mutated archives. */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { KIWAD_RECORD_FIELD } from './layout.ts';
import { checkKiwadEntry, parseKiwadHeader, readKiwad, readKiwadEntry } from './read.ts';
import { writeKiwad } from './write.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** Record starts, walked leniently (a mutated table may end early). */
function recordStarts(bytes: Uint8Array): { starts: number[]; headerLength: number } {
  let header;
  try {
    header = parseKiwadHeader(bytes.subarray(0, 14));
  } catch {
    return { starts: [], headerLength: 0 };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts: number[] = [];
  let at = header.headerLength;
  for (let i = 0; i < Math.min(header.entryCount, 64) && at + 21 <= bytes.length; i++) {
    starts.push(at);
    at += 21 + view.getUint32(at + KIWAD_RECORD_FIELD.nameLength, true);
  }
  starts.push(at);
  return { starts, headerLength: header.headerLength };
}

export const kiwadTarget: FuzzTarget = {
  format: 'kiwad',
  seeds: () =>
    Promise.resolve([
      writeKiwad([
        { name: 'Data/a.txt', data: text('alpha alpha alpha alpha') },
        { name: 'Data/b.xml', data: text('<b>bravo</b>') },
        { name: 'Sound/c.ogg', data: text('OggS stored, not compressed') },
        { name: 'empty.txt', data: new Uint8Array(0) },
      ]),
      writeKiwad(
        [
          { name: 'x/y/z.bin', data: new Uint8Array(300).map((_, i) => i * 7) },
          { name: 'zero.mp3', data: new Uint8Array(64) },
        ],
        { version: 2, flags: 1 },
      ),
    ]),
  boundaries(bytes) {
    const { starts, headerLength } = recordStarts(bytes);
    return [0, 5, 9, headerLength, ...starts, ...starts.map((start) => start + 21)];
  },
  numberFields(bytes) {
    const { starts } = recordStarts(bytes);
    const fields = [0x5, 0x9];
    for (const start of starts.slice(0, -1)) {
      fields.push(
        start + KIWAD_RECORD_FIELD.dataOffset,
        start + KIWAD_RECORD_FIELD.uncompressedSize,
        start + KIWAD_RECORD_FIELD.compressedSize,
        start + KIWAD_RECORD_FIELD.nameLength,
      );
    }
    return fields;
  },
  rangeFields(bytes) {
    return recordStarts(bytes)
      .starts.slice(0, -1)
      .map((start) => start + KIWAD_RECORD_FIELD.dataOffset);
  },
  async exercise(bytes) {
    const source = new MemoryByteSource(bytes);
    const result = await readKiwad(source);
    // INTERNAL means the reader met something other than a FormatError: a bug.
    if (result.fatal?.code === 'INTERNAL') throw new Error(result.fatal.message);
    if (result.fatal) {
      throw new FormatError({
        code: result.fatal.code,
        offset: result.fatal.offset ?? 0,
        detail: result.fatal.message,
      });
    }
    for (const entry of result.value.entries) {
      await checkKiwadEntry(source, entry);
      await readKiwadEntry(source, entry).catch((error: unknown) => {
        // An entry that cannot be read is a per-entry error; the archive stays usable.
        if (!(error instanceof FormatError)) throw error;
      });
    }
  },
  async roundTrip(bytes) {
    const source = new MemoryByteSource(bytes);
    const { value, fatal } = await readKiwad(source);
    if (fatal) {
      throw new FormatError({ code: fatal.code, offset: fatal.offset ?? 0, detail: fatal.message });
    }
    // The journal order as read, each entry stored or compressed as it was.
    const entries = [];
    for (const entry of value.entries) {
      const { bytes: data } = await readKiwadEntry(source, entry);
      entries.push({ name: entry.name, data, compress: entry.isCompressed });
    }
    const { version, flags } = value.header;
    return writeKiwad(entries, { version, ...(flags === null ? {} : { flags }), keepOrder: true });
  },
};
