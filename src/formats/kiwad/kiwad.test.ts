/**
 * KIWAD reader and writer: committed fixtures, round trips, entry content and CRC checks,
 * and the real files from ../shared/fixtures/kiwad. Forged fields and properties live in
 * kiwad-forged.test.ts and kiwad-properties.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { inlineServices } from '../services.ts';
import { openKiwadSession } from './session.ts';
import { FormatError } from '../../binary/format-error.ts';
import { kiCrc } from '../../binary/crc32.ts';
import { makeKiwadFixtures, BASIC_ENTRIES } from './fixtures/make-fixtures.ts';
import { checkKiwadEntry, kiwadEntryFields, readKiwad, readKiwadEntry } from './read.ts';
import { writeKiwad } from './write.ts';
import type { KiwadEntry, KiwadWriteEntry } from './types.ts';

const fixturesDir = new URL('./fixtures/', import.meta.url);
const realDir = fileURLToPath(new URL('../../../../shared/fixtures/kiwad/', import.meta.url));
const hasReal = existsSync(realDir);
const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function open(bytes: Uint8Array) {
  const source = new MemoryByteSource(bytes, 'test.wad');
  const result = await readKiwad(source);
  return { source, result, entries: result.value.entries };
}

function byName(entries: KiwadEntry[], name: string): KiwadEntry {
  const found = entries.find((entry) => entry.name === name);
  if (!found) throw new Error(`no entry ${name}`);
  return found;
}

describe('committed fixtures', () => {
  const fixtures = makeKiwadFixtures();

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    '%s is up to date',
    (file, fixture) => {
      const committed = new Uint8Array(readFileSync(new URL(file, fixturesDir)));
      expect(committed, 'run: npx tsx scripts/make-fixtures.ts').toEqual(fixture.bytes);
    },
  );

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    '%s parses as expected',
    async (_file, fixture) => {
      const { result } = await open(fixture.bytes);
      if (fixture.fatal) {
        expect(result.fatal).toMatchObject({
          code: fixture.fatal.code,
          offset: fixture.fatal.offset,
          format: 'kiwad',
        });
      } else {
        expect(result.fatal).toBeNull();
        expect(result.issues.map((issue) => issue.code)).toEqual(fixture.issueCodes);
      }
    },
  );
});

describe('round trip', () => {
  async function roundTrip(
    entries: KiwadWriteEntry[],
    options: Parameters<typeof writeKiwad>[1] = {},
  ) {
    const { source, result } = await open(writeKiwad(entries, options));
    expect(result.fatal).toBeNull();
    expect(result.issues).toEqual([]);
    const contents = new Map<string, string>();
    for (const entry of result.value.entries) {
      const { bytes, warning } = await readKiwadEntry(source, entry);
      expect(warning).toBeNull();
      expect(await checkKiwadEntry(source, entry)).toBe('ok');
      contents.set(entry.name, decode(bytes));
    }
    return { result, contents };
  }

  it('reads back names and contents, sorted by byte order', async () => {
    const { result, contents } = await roundTrip(BASIC_ENTRIES);
    expect(result.value.header).toEqual({
      version: 1,
      entryCount: 4,
      flags: null,
      headerLength: 13,
    });
    expect(result.value.entries.map((entry) => entry.name)).toEqual([
      'Audio/click.ogg',
      'Data/config.xml',
      'Data/readme.txt',
      'empty.txt',
    ]);
    for (const entry of BASIC_ENTRIES) expect(contents.get(entry.name)).toBe(decode(entry.data));
  });

  it('keeps the given order with keepOrder and writes v2 with flags 1', async () => {
    const { result } = await roundTrip(BASIC_ENTRIES, { keepOrder: true, version: 2, flags: 1 });
    expect(result.value.header).toEqual({ version: 2, entryCount: 4, flags: 1, headerLength: 14 });
    expect(result.value.entries.map((entry) => entry.name)).toEqual(
      BASIC_ENTRIES.map((entry) => entry.name),
    );
  });

  it('stores .mp3/.ogg with compressed size 0xFFFFFFFF, zlib level 9 for the rest, data after the journal', async () => {
    const { result } = await roundTrip(BASIC_ENTRIES);
    const { entries, journalEnd } = result.value;
    const ogg = entries[0]!;
    expect(ogg).toMatchObject({
      isCompressed: false,
      compressedSize: 0xffffffff,
      storedSize: ogg.uncompressedSize,
    });
    expect(entries[1]).toMatchObject({ isCompressed: true });
    expect(entries[0]!.dataOffset).toBe(journalEnd);
    for (let i = 1; i < entries.length; i++) {
      expect(entries[i]!.dataOffset).toBe(entries[i - 1]!.dataOffset + entries[i - 1]!.storedSize);
    }
    const bytes = writeKiwad(BASIC_ENTRIES);
    expect([...bytes.subarray(entries[1]!.dataOffset, entries[1]!.dataOffset + 2)]).toEqual([
      0x78, 0xda,
    ]);
    expect(entries.every((entry) => entry.nameLength === text(entry.name).length + 1)).toBe(true);
  });

  it('is deterministic', () => {
    expect(writeKiwad(BASIC_ENTRIES)).toEqual(writeKiwad(BASIC_ENTRIES));
  });
});

describe('entry content and checks (fixtures)', () => {
  const fixture = (file: string) =>
    makeKiwadFixtures().find((candidate) => candidate.file === file)!.bytes;

  it('reports an all-zero entry with a non-zero stored CRC as unpatched, and a bad CRC as mismatch', async () => {
    const unpatched = await open(fixture('unpatched.wad'));
    expect(
      await checkKiwadEntry(unpatched.source, byName(unpatched.entries, 'placeholder.dat')),
    ).toBe('unpatched');
    expect(await checkKiwadEntry(unpatched.source, byName(unpatched.entries, 'a.txt'))).toBe('ok');
    const badCrc = await open(fixture('bad-crc.wad'));
    const statuses = await Promise.all(
      badCrc.entries.map((entry) => checkKiwadEntry(badCrc.source, entry)),
    );
    expect(statuses).toEqual(['mismatch', 'ok', 'ok', 'ok']);
  });

  it('checks the zero case over the whole range, not the first bytes', async () => {
    const data = new Uint8Array(5 * 1024 * 1024);
    data[data.length - 1] = 1;
    const bytes = writeKiwad([{ name: 'big.bin', data, compress: false }]);
    const { source, entries } = await open(bytes);
    const forged = { ...entries[0]!, crc: 0x1234 };
    expect(await checkKiwadEntry(source, forged)).toBe('mismatch');
  });

  it('returns a "compressed" entry that is not zlib raw, with a warning', async () => {
    const { source, entries } = await open(fixture('not-zlib.wad'));
    const { bytes, warning } = await readKiwadEntry(source, entries[0]!);
    expect(decode(bytes)).toBe('ID3 falsely marked as zipped');
    expect(warning).toEqual(expect.any(String));
  });

  it('throws SIZE_MISMATCH when the inflated size differs from the declared size', async () => {
    const { source, entries } = await open(fixture('size-mismatch.wad'));
    const error = await readKiwadEntry(source, entries[0]!).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormatError);
    expect(error).toMatchObject({
      code: 'SIZE_MISMATCH',
      offset: entries[0]!.dataOffset,
      format: 'kiwad',
    });
  });

  it('refuses to allocate for a declared size that zlib cannot reach', async () => {
    const { source, entries } = await open(fixture('basic.wad'));
    const forged = { ...entries[1]!, uncompressedSize: 0xffffffff };
    await expect(readKiwadEntry(source, forged)).rejects.toMatchObject({ code: 'SIZE_MISMATCH' });
  });

  it('reads a stored entry whose compressed-size field is 0 by its uncompressed size', async () => {
    const { source, entries, result } = await open(fixture('stored-csize-zero.wad'));
    expect(result.fatal).toBeNull();
    expect(entries[0]).toMatchObject({ compressedSize: 0, isCompressed: false, storedSize: 10 });
    expect(decode((await readKiwadEntry(source, entries[0]!)).bytes)).toBe('ID3 stored');
    expect(await checkKiwadEntry(source, entries[0]!)).toBe('ok');
  });

  it('describes an entry for the details panel', async () => {
    const { entries } = await open(fixture('basic.wad'));
    const fields = new Map(kiwadEntryFields(entries[0]!));
    expect(fields.get('Compression')).toBe('stored');
    expect(fields.get('Compressed-size field')).toBe('0xFFFFFFFF');
    expect(fields.get('Checksum kind')).toBe('KI-CRC of the stored bytes');
    // Offsets, sizes, the stored checksum and the record are the node's own facts, not fields.
    expect([...fields.keys()]).not.toContain('Data offset');
  });
});

describe.skipIf(!hasReal)(
  `real files${hasReal ? '' : ' (skipped: ../shared/fixtures/kiwad not found)'}`,
  () => {
    const load = (name: string) => new Uint8Array(readFileSync(realDir + name));

    it('reads Test.wad: header, names, offsets, sizes and CRCs of spec §9', async () => {
      const { result, entries } = await open(load('Test.wad'));
      expect(result.fatal).toBeNull();
      expect(result.issues).toEqual([]);
      expect(result.value.header).toEqual({
        version: 1,
        entryCount: 4,
        flags: null,
        headerLength: 13,
      });
      expect(result.value.journalEnd).toBe(158);
      expect(
        entries.map((entry) => [
          entry.name,
          entry.nameLength,
          entry.dataOffset,
          entry.uncompressedSize,
          entry.compressedSize,
          entry.isCompressed,
          entry.crc,
        ]),
      ).toEqual([
        ['subdir/subdir_text1.txt', 24, 158, 21, 27, true, 0xbb35af28],
        ['text1.txt', 10, 185, 14, 20, true, 0xcf4d7b4c],
        ['text2.txt', 10, 205, 14, 20, true, 0xde76b27d],
        ['uncompressed.mp3', 17, 225, 18, 0xffffffff, false, 0x65a073d0],
      ]);
    });

    it('checks every Test.wad entry ok and inflates the contents', async () => {
      const { source, entries } = await open(load('Test.wad'));
      const contents: string[] = [];
      for (const entry of entries) {
        expect(await checkKiwadEntry(source, entry)).toBe('ok');
        contents.push(decode((await readKiwadEntry(source, entry)).bytes));
      }
      expect(contents).toEqual([
        'this is subdir text1\n',
        'this is text1\n',
        'this is text2\n',
        'uncompressed data\n',
      ]);
      // The trap of spec §9: the stored CRC is over the zlib stream, not the inflated text.
      expect(kiCrc(text('this is text1\n'))).toBe(0x3d6ddd7f);
    });

    it('rejects oob.wad as out of bounds at its record, without crashing', async () => {
      const { result } = await open(load('oob.wad'));
      expect(result.value.header).toEqual({
        version: 2,
        entryCount: 1,
        flags: 0,
        headerLength: 14,
      });
      expect(result.value.entries).toHaveLength(1);
      expect(result.fatal).toMatchObject({
        code: 'OUT_OF_BOUNDS',
        offset: 0xe,
        path: 'entries[0].dataOffset',
      });
    });

    it("says oob.wad's entry cannot be read, with the numbers, before any read", async () => {
      const session = await openKiwadSession({
        sources: [new MemoryByteSource(load('oob.wad'), 'oob.wad')],
        services: inlineServices(),
        sink: { nodes: () => undefined, nodeRange: () => undefined },
      });
      expect(session.fatal).toMatchObject({ code: 'OUT_OF_BOUNDS', offset: 0xe });
      expect(session.content!.unavailable!(0)).toBe(
        'its data ends past end of file (0x270F + 100 bytes = 0x2773, file size 0x25)',
      );
    });

    it('matches what our writer produces for the same files (byte for byte)', () => {
      const entries: KiwadWriteEntry[] = [
        { name: 'text2.txt', data: text('this is text2\n') },
        { name: 'uncompressed.mp3', data: text('uncompressed data\n') },
        { name: 'subdir/subdir_text1.txt', data: text('this is subdir text1\n') },
        { name: 'text1.txt', data: text('this is text1\n') },
      ];
      expect(writeKiwad(entries)).toEqual(load('Test.wad'));
    });
  },
);
