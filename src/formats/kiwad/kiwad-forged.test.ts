/**
 * Forged fields: write a valid archive, change one field, check the code and offset of
 * what the reader reports (never the message text).
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { forgeKiwad } from './fixtures/make-fixtures.ts';
import {
  KIWAD_RECORD_FIELD as FIELD,
  checkKiwadEntry,
  parseKiwadHeader,
  readKiwad,
  readKiwadEntry,
} from './read.ts';
import type { KiwadWriteEntry } from './types.ts';
import { setKiwadNameBytes, type KiwadRawArchive } from './write.ts';

const text = (value: string) => new TextEncoder().encode(value);
const ENTRIES: KiwadWriteEntry[] = [
  { name: 'alpha.txt', data: text('alpha alpha alpha alpha') },
  { name: 'beta.mp3', data: text('beta stored bytes') },
  { name: 'gamma.xml', data: text('<gamma/>') },
];

async function parse(bytes: Uint8Array) {
  const source = new MemoryByteSource(bytes);
  return { source, ...(await readKiwad(source)) };
}
async function forged(
  forge: (plan: KiwadRawArchive, recordOffsets: number[]) => void,
  entries = ENTRIES,
) {
  const { bytes, recordOffsets } = forgeKiwad(entries, {}, forge);
  return { recordOffsets, ...(await parse(bytes)) };
}
function patchU32(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(at, value, true);
  return copy;
}

describe('header', () => {
  it.each([
    ['empty', new Uint8Array(0), 'UNEXPECTED_EOF', 0],
    ['cut magic', text('KIW'), 'UNEXPECTED_EOF', 0],
    ['wrong magic', text('KIWAZ\x01\0\0\0\0\0\0\0'), 'BAD_MAGIC', 0],
    ['other file', text('PK\x03\x04'), 'BAD_MAGIC', 0],
    ['cut version', text('KIWAD\x01\0'), 'UNEXPECTED_EOF', 0x5],
    ['v2 without flags byte', text('KIWAD\x02\0\0\0\0\0\0\0'), 'UNEXPECTED_EOF', 0xd],
  ])('parseKiwadHeader: %s', (_label, bytes, code, offset) => {
    const error = (() => {
      try {
        return parseKiwadHeader(bytes);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({ code, offset, format: 'kiwad' });
  });

  it('parses versions above 2 like v2 and warns', async () => {
    const { bytes } = forgeKiwad(ENTRIES, { version: 2, flags: 3 });
    const result = await parse(patchU32(bytes, 0x5, 7));
    expect(result.fatal).toBeNull();
    expect(result.value.header).toEqual({ version: 7, entryCount: 3, flags: 3, headerLength: 14 });
    expect(result.issues).toMatchObject([
      { code: 'UNKNOWN_VERSION', severity: 'warning', span: { offset: 5, length: 4 } },
    ]);
  });

  it('fails cleanly on a v2 archive written without its flags byte (the Imcodec bug)', async () => {
    const { fatal } = await forged(({ header }) => void (header.version = 2));
    expect(fatal).not.toBeNull();
  });
});

describe('count', () => {
  it.each([1000, 0xffffffff])(
    'rejects count %d before allocating (BAD_COUNT at 0x9)',
    async (count) => {
      const { fatal, value } = await forged(({ header }) => void (header.entryCount = count));
      expect(fatal).toMatchObject({ code: 'BAD_COUNT', offset: 0x9, path: 'header.entryCount' });
      expect(value.entries).toEqual([]);
    },
  );

  it('reads only `count` records when the count is smaller', async () => {
    const { fatal, value } = await forged(({ header }) => void (header.entryCount = 2));
    expect(fatal).toBeNull();
    expect(value.entries.map((entry) => entry.name)).toEqual(['alpha.txt', 'beta.mp3']);
  });
});

describe('records', () => {
  it('rejects a name length of 0 (BAD_VALUE at the field)', async () => {
    const { fatal, recordOffsets, value } = await forged(
      ({ records }) => void (records[1]!.nameLength = 0),
    );
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: recordOffsets[1]! + FIELD.nameLength,
      path: 'entries[1].nameLength',
    });
    expect(value.entries).toHaveLength(1);
  });

  it('rejects an absurd name length, and one running past the end of the file', async () => {
    const absurd = await forged(({ records }) => void (records[2]!.nameLength = 0x7fffffff));
    expect(absurd.fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: absurd.recordOffsets[2]! + FIELD.nameLength,
    });
    const past = await forged(({ records }) => void (records[2]!.nameLength = 1000));
    expect(past.fatal).toMatchObject({
      code: 'UNEXPECTED_EOF',
      offset: past.recordOffsets[2]! + FIELD.name,
      path: 'entries[2].name',
    });
  });

  it('treats any non-zero compressed flag as compressed', async () => {
    const { value, source } = await forged(({ records }) => void (records[0]!.compressedFlag = 2));
    expect(value.entries[0]!.isCompressed).toBe(true);
    expect(new TextDecoder().decode((await readKiwadEntry(source, value.entries[0]!)).bytes)).toBe(
      'alpha alpha alpha alpha',
    );
  });

  it('reports a CRC mismatch per entry, not as a parse failure', async () => {
    const { value, fatal, source } = await forged(
      ({ records }) => void (records[2]!.crc = 0xdeadbeef),
    );
    expect(fatal).toBeNull();
    expect(await checkKiwadEntry(source, value.entries[2]!)).toBe('mismatch');
  });
});

describe('names', () => {
  const withName = (nameBytes: Uint8Array) =>
    forged((plan) => setKiwadNameBytes(plan, 1, nameBytes));

  it('warns on a missing NUL and keeps every byte of the name', async () => {
    const { issues, value, recordOffsets } = await withName(text('beta.mp3'));
    expect(value.entries[1]!.name).toBe('beta.mp3');
    expect(issues).toMatchObject([
      {
        code: 'MISSING_NUL',
        entryIndex: 1,
        severity: 'warning',
        span: { offset: recordOffsets[1]! + FIELD.name, length: 8 },
      },
    ]);
  });

  it('warns on an embedded NUL', async () => {
    const { issues } = await withName(text('be\0ta.mp3\0'));
    expect(issues.map((issue) => issue.code)).toEqual(['EMBEDDED_NUL', 'UNSAFE_PATH']);
  });

  it('falls back to latin-1 for names that are not UTF-8', async () => {
    const { value, issues } = await withName(Uint8Array.of(0x63, 0x61, 0x66, 0xe9, 0));
    expect(value.entries[1]!.name).toBe('café');
    expect(issues).toEqual([]);
  });

  it.each([
    ['..\\up.txt', ['BACKSLASH_IN_NAME', 'UNSAFE_PATH']],
    ['C:/windows.txt', ['UNSAFE_PATH']],
    ['a/./b.txt', ['UNSAFE_PATH']],
    ['a//b.txt', ['UNSAFE_PATH']],
    ['tab\there.txt', ['UNSAFE_PATH']],
    ['', ['UNSAFE_PATH']],
    ['fine/ütf-8 name.txt', []],
  ])('flags %j', async (name, codes) => {
    const nameBytes = new Uint8Array([...text(name), 0]);
    const { issues, fatal } = await withName(nameBytes);
    expect(fatal).toBeNull();
    expect(issues.map((issue) => issue.code)).toEqual(codes);
  });
});

describe('bounds', () => {
  it.each([
    [
      'data offset near 2^32 (no 32-bit wrap)',
      (plan: KiwadRawArchive) => void (plan.records[1]!.dataOffset = 0xfffffff0),
    ],
    [
      'stored size past the end',
      (plan: KiwadRawArchive) => void (plan.records[1]!.uncompressedSize = 0xffffffff),
    ],
    [
      'compressed size past the end',
      (plan: KiwadRawArchive) => void (plan.records[0]!.compressedSize = 0x10000),
    ],
  ])('rejects %s (OUT_OF_BOUNDS at the record)', async (_label, forge) => {
    const { fatal, recordOffsets, value } = await forged(forge);
    const index = value.entries.findIndex(
      (entry) => entry.dataOffset + entry.storedSize > value.fileSize,
    );
    expect(fatal).toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: recordOffsets[index],
      path: `entries[${index}].dataOffset`,
    });
    expect(value.entries).toHaveLength(3);
  });

  it('checks bounds before overlaps', async () => {
    const { fatal } = await forged(({ records }) => {
      records[0]!.dataOffset = records[1]!.dataOffset;
      records[2]!.dataOffset += 1000;
    });
    expect(fatal).toMatchObject({ code: 'OUT_OF_BOUNDS' });
  });

  it('refuses to read an entry outside the file even without a parse', async () => {
    const { source, value } = await forged(() => {});
    const entry = { ...value.entries[0]!, dataOffset: 1_000_000 };
    await expect(readKiwadEntry(source, entry)).rejects.toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: entry.recordSpan.offset,
    });
    await expect(checkKiwadEntry(source, entry)).rejects.toMatchObject({ code: 'OUT_OF_BOUNDS' });
  });
});

describe('overlap', () => {
  it('rejects data that starts inside another entry, at the later dataOffset', async () => {
    let later = 0;
    const { fatal } = await forged(({ records }) => {
      // Entry 0 moves behind entry 1's start, inside entry 1's range.
      later = records[0]!.dataOffset = records[1]!.dataOffset + 2;
    });
    expect(fatal).toMatchObject({ code: 'OVERLAP', offset: later, path: 'entries[0].dataOffset' });
  });

  it('rejects data that starts inside the header or the journal', async () => {
    const { fatal } = await forged(({ records }) => void (records[2]!.dataOffset = 0));
    expect(fatal).toMatchObject({ code: 'OVERLAP', offset: 0, path: 'entries[2].dataOffset' });
  });

  it('ignores empty entries sharing an offset', async () => {
    const entries = [
      { name: 'a.mp3', data: new Uint8Array(0) },
      { name: 'b.mp3', data: new Uint8Array(0) },
      { name: 'c.mp3', data: text('c') },
    ];
    const { fatal } = await forged(
      ({ records }) => void (records[0]!.dataOffset = records[1]!.dataOffset = 5),
      entries,
    );
    expect(fatal).toBeNull();
  });
});

describe('entry content', () => {
  it('reports a corrupt zlib stream at its first bad byte', async () => {
    const { bytes, plan } = forgeKiwad(ENTRIES, {});
    const start = plan.records[0]!.dataOffset;
    const corrupt = bytes.slice();
    corrupt.fill(0xff, start + 2, start + plan.records[0]!.compressedSize);
    const { source, value } = await parse(corrupt);
    const error = await readKiwadEntry(source, value.entries[0]!).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FormatError);
    expect(['DECOMPRESS_FAILED', 'SIZE_MISMATCH']).toContain((error as FormatError).code);
    // Byte 2 of the stream (0xFF) starts a block of the invalid type 3.
    expect(error).toMatchObject({ offset: start + 2, format: 'kiwad' });
  });
});

describe('cancel and I/O failures', () => {
  it('ends with CANCELLED when asked', async () => {
    const { bytes } = forgeKiwad(ENTRIES, {});
    const result = await readKiwad(new MemoryByteSource(bytes), { isCancelled: () => true });
    expect(result.fatal).toMatchObject({ code: 'CANCELLED' });
  });

  it('turns a failing source into a fatal INTERNAL error, never a throw', async () => {
    const source = {
      name: 'broken',
      size: 100,
      read: () => Promise.reject(new Error('disk on fire')),
    };
    const result = await readKiwad(source);
    expect(result.fatal).toMatchObject({ code: 'INTERNAL', offset: null });
  });
});
