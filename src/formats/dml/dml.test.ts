/**
 * DML tables: the spec's samples and facts (built here from its descriptions; no game data
 * is committed), the committed fixtures, detection, the session's nodes and details, a large
 * generated list's round trip, and a list mangled as a text editor mangles it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { Session } from '../model.ts';
import { DETECT_HEAD_LENGTH, detectFormat, tailOf } from '../registry.ts';
import { inlineServices } from '../services.ts';
import {
  everyTypeTables,
  makeFixtures,
  smallFileListTables,
  tableListQuirkTables,
} from './fixtures/make-fixtures.ts';
import { FILE_COLUMNS, generateLatestFileList } from './generate.ts';
import { parseDmlTables } from './read.ts';
import { openDmlSession } from './session.ts';
import { DmlIssueCode, type DmlValue } from './types.ts';
import { dmlTable, writeDmlTables } from './write.ts';

const text = (value: string) => [...new TextEncoder().encode(value)];

async function open(bytes: Uint8Array, name = 'LatestFileList.bin'): Promise<Session> {
  return openDmlSession({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

function nodeIndex(session: Session, path: string): number {
  const table = session.nodeTable();
  const index = Array.from({ length: session.nodeCount() }, (_, at) => at).find(
    (at) => table.path(at) === path,
  );
  expect(index, path).toBeDefined();
  return index!;
}

const fieldsOf = (session: Session, path: string) =>
  Object.fromEntries(session.details(nodeIndex(session, path)).fields);

const detect = (bytes: Uint8Array, name = 'renamed.dat') =>
  detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), name, undefined, tailOf(bytes));

/** A file table of one record, as the spec describes the WAD tables. */
const wadTable = (name: string, values: DmlValue[]) => dmlTable(name, FILE_COLUMNS, [values]);

describe('the spec’s samples', () => {
  // dml1.bin (54 B): `_TableList` with one record "Test" whose size says 11 for 10 bytes.
  const dml1 = Uint8Array.of(
    ...[1, 0, 0, 0], // one record
    ...[0x02, 0x01, 40, 0], // template: ExtendedBaseMessages, MSG_CUSTOMDICT, 40 bytes
    ...[12, 0, ...text('_TargetTable'), 9, 0x28, 10, 0, ...text('_TableList')],
    ...[4, 0, ...text('Name'), 9, 0x28],
    ...[0x02, 0x02, 11, 0], // record: MSG_CUSTOMRECORD, 11 bytes declared
    ...[4, 0, ...text('Test')],
  );

  it('dml1.bin: 54 bytes that our writer makes too; read by fields, the size a warning', async () => {
    expect(dml1.length).toBe(54);
    expect(writeDmlTables(tableListQuirkTables())).toEqual(dml1);
    const session = await open(dml1, 'dml1.bin');
    expect(session.fatal).toBeNull();
    expect(session.nodeTable().path(4)).toBe('_TableList/0 Test');
    expect(fieldsOf(session, '_TableList/0 Test')).toEqual({ Name: '"Test"' });
    const mismatch = session.issues.find(
      (issue) => issue.code === DmlIssueCode.RECORD_SIZE_MISMATCH,
    );
    expect(mismatch).toMatchObject({ severity: 'warning', span: { offset: 46, length: 2 } });
    // The issue names the record whose size it is.
    expect(mismatch?.entryIndex).toBe(4);
    // It lists a table "Test" the file does not have.
    expect(session.issues.map((issue) => issue.code)).toContain(DmlIssueCode.TABLE_LIST_MISMATCH);
  });

  it('dml2.bin: 218 bytes, table _Shared-WorldData with its one record', async () => {
    const bytes = writeDmlTables([
      wadTable('_Shared-WorldData', [
        'Data/GameData/_Shared-WorldData.wad',
        '',
        3,
        334_835_607,
        1_488_803,
        480_706,
        0xb191c8cc,
        2_647_210_788,
      ]),
    ]);
    expect(bytes.length).toBe(218);
    const session = await open(bytes, 'dml2.bin');
    expect(session.fatal).toBeNull();
    expect(session.issues).toEqual([]);
    const record = '_Shared-WorldData/0 Data∕GameData∕_Shared-WorldData.wad';
    expect(fieldsOf(session, record)).toEqual({
      SrcFileName: '"Data/GameData/_Shared-WorldData.wad"',
      TarFileName: '""',
      FileType: '3 (WAD)',
      Size: '319 MiB (334,835,607 bytes)',
      HeaderSize: '1.42 MiB (1,488,803 bytes)',
      CompressedHeaderSize: '469 KiB (480,706 bytes)',
      CRC: '0xB191C8CC (2,979,121,356)',
      HeaderCRC: '0x9DC93B24 (2,647,210,788)',
    });
    // The record's bytes: the last 67 of the file (header, 2 strings, 6 u32).
    expect(session.details(nodeIndex(session, record)).span).toEqual({ offset: 151, length: 67 });
  });

  it('shows the records the spec names as a reader should', async () => {
    const bytes = writeDmlTables([
      dmlTable('Base', FILE_COLUMNS, [['Bin/BugReporter.bat', '', 1, 215, 0, 0, 755_142_430, 0]]),
      wadTable('Aquila-AQ_Z00_Hub', [
        'Data/GameData/Aquila-AQ_Z00_Hub.wad',
        '',
        3,
        3_533_042,
        2993,
        1687,
        3_717_486_223,
        3_480_954_139,
      ]),
      wadTable('Root', [
        'Data/GameData/Root.wad',
        '',
        3,
        208_207_793,
        7_519_466,
        1_950_481,
        816_933_966,
        0,
      ]),
    ]);
    const session = await open(bytes);
    expect(fieldsOf(session, 'Base/0 Bin∕BugReporter.bat')).toMatchObject({
      FileType: '1 (plain file)',
      Size: '215 bytes',
      CRC: '0x2D028F1E (755,142,430)',
    });
    expect(fieldsOf(session, 'Aquila-AQ_Z00_Hub/0 Data∕GameData∕Aquila-AQ_Z00_Hub.wad')).toEqual({
      SrcFileName: '"Data/GameData/Aquila-AQ_Z00_Hub.wad"',
      TarFileName: '""',
      FileType: '3 (WAD)',
      Size: '3.37 MiB (3,533,042 bytes)',
      HeaderSize: '2.92 KiB (2,993 bytes)',
      CompressedHeaderSize: '1.65 KiB (1,687 bytes)',
      CRC: '0xDD94568F (3,717,486,223)',
      HeaderCRC: '0xCF7B251B (3,480,954,139)',
    });
    expect(fieldsOf(session, 'Root/0 Data∕GameData∕Root.wad')).toMatchObject({
      Size: '199 MiB (208,207,793 bytes)',
      HeaderSize: '7.17 MiB (7,519,466 bytes)',
      CompressedHeaderSize: '1.86 MiB (1,950,481 bytes)',
      CRC: '0x30B16C4E (816,933,966)',
    });
  });

  it('reads every type tag, 1 (GID) to 10 (WSTR), with its edge values', () => {
    const { value, fatal, issues } = parseDmlTables(writeDmlTables(everyTypeTables()));
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    const [table] = value.tables;
    expect(table!.columns.map((field) => field.tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(table!.records[1]!.values).toEqual([
      2n ** 64n - 1n,
      -2147483648,
      4294967295,
      0.5,
      -128,
      255,
      65535,
      -1e300,
      'Zoë',
      'Ωmega',
    ]);
  });
});

describe('committed fixtures', () => {
  it.each(makeFixtures().map((fixture) => [fixture.file, fixture] as const))(
    '%s equals its definition and reads as expected',
    async (file, fixture) => {
      const committed = readFileSync(new URL(`./fixtures/${file}`, import.meta.url));
      expect(new Uint8Array(committed)).toEqual(fixture.bytes);
      const session = await open(fixture.bytes);
      if (fixture.fatal) {
        expect({ code: session.fatal?.code, offset: session.fatal?.offset }).toEqual(fixture.fatal);
        return;
      }
      expect(session.fatal).toBeNull();
      expect(session.issues.map((issue) => issue.code)).toEqual(fixture.issueCodes);
      expect(writeDmlTables(parseDmlTables(fixture.bytes).value.tables)).toEqual(fixture.bytes);
    },
  );

  it('keeps the tables read before a failure', async () => {
    const badOrder = makeFixtures().find((fixture) => fixture.file.includes('bad-record-order'))!;
    const session = await open(badOrder.bytes);
    expect(session.fatal?.message).toContain('table "_TableList" record 0');
    expect(session.nodeTable().path(0)).toBe('_TableList');
  });
});

describe('an unknown type tag', () => {
  const bytes = makeFixtures().find((fixture) => fixture.file === 'unknown-type.bin')!.bytes;

  it('stops its table’s values there; its records are skipped by size; the rest reads', async () => {
    const { value, issues } = parseDmlTables(bytes);
    const [odd, after] = value.tables;
    expect(odd!.records.map((record) => record.values)).toEqual([
      ['one', null],
      ['two', null],
    ]);
    expect(after!.name).toBe('After');
    expect(after!.records[0]!.values).toEqual([7]);
    const mystery = odd!.fields[2]!;
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: DmlIssueCode.UNKNOWN_TYPE,
        span: { offset: mystery.span.offset + mystery.span.length - 2, length: 1 },
      }),
    ]);
    const session = await open(bytes);
    expect(fieldsOf(session, 'Odd/0 one')).toEqual({ Name: '"one"', Mystery: '— (not read)' });
    expect(session.issues[0]!.entryIndex).toBe(nodeIndex(session, 'Odd/template/Mystery'));
  });

  it('writes back byte for byte, the unread bytes kept', () => {
    expect(writeDmlTables(parseDmlTables(bytes).value.tables)).toEqual(bytes);
  });
});

describe('detection, by content only', () => {
  const list = writeDmlTables(smallFileListTables());

  it('claims a table file whatever its name', () => {
    for (const name of ['LatestFileList.bin', 'x.dat', 'noextension']) {
      expect(detect(list, name)).toBe('dml');
    }
    expect(detect(writeDmlTables(everyTypeTables()))).toBe('dml');
  });

  it('never by name, nor a head that only starts like one', () => {
    expect(detect(new Uint8Array(64), 'LatestFileList.bin')).toBe('raw');
    const nonAscii = list.slice();
    nonAscii[10] = 0xc3;
    const smallSize = list.slice();
    smallSize.set([8, 0], 6);
    const noName = list.slice();
    noName.set([0, 0], 8);
    const digitName = list.slice();
    digitName[10] = 0x31;
    const tooManyRecords = list.slice();
    tooManyRecords.set([0xff, 0xff, 0, 0], 0);
    for (const bytes of [nonAscii, smallSize, noName, digitName, tooManyRecords]) {
      expect(detect(bytes)).toBe('raw');
    }
    // The template must fit the file.
    expect(detect(list.subarray(0, 30))).toBe('raw');
  });
});

describe('the session', () => {
  it('has a node per table, template, field and record, parents first, labelled', async () => {
    const bytes = writeDmlTables(smallFileListTables());
    const session = await open(bytes);
    const table = session.nodeTable();
    const paths = Array.from({ length: session.nodeCount() }, (_, at) => table.path(at));
    expect(paths.slice(0, 5)).toEqual([
      '_TableList',
      '_TableList/template',
      '_TableList/template/_TargetTable',
      '_TableList/template/Name',
      '_TableList/0 About',
    ]);
    expect(paths).toContain('About/0');
    expect(paths).toContain('Base/template/HeaderCRC');
    expect(paths.filter((path) => path.startsWith('Base/') && !path.includes('template'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Base\/0 Bin∕/)]),
    );
    expect(new Set(paths).size).toBe(paths.length);
    const base = nodeIndex(session, 'Base');
    expect(table.kind?.(base)).toBe('section');
    expect(table.kind?.(base + 2)).toBe('value');
    expect(fieldsOf(session, 'Base')).toMatchObject({
      Name: 'Base',
      Records: '4',
      SrcFileName: 'STR',
      CRC: 'UINT',
    });
    expect(fieldsOf(session, 'Base/template/CRC')).toMatchObject({
      Type: 'UINT (tag 3, flags 0x28)',
    });
    expect(session.cell?.(base, 'value')).toBe('4 records');
    // A record's value leaves out its label (its name) and empty strings: what is left leads.
    const record = paths.findIndex((path) => /^Base\/0 /.test(path));
    const value = String(session.cell?.(record, 'value'));
    expect(value).not.toMatch(/SrcFileName|TarFileName ""/);
    expect(value).toMatch(/Size \d/);
    // Every record's bytes start with its header: 02 02.
    for (let node = 0; node < session.nodeCount(); node++) {
      if (table.kind?.(node) !== 'record') continue;
      const { offset } = session.details(node).span;
      expect([bytes[offset], bytes[offset + 1]]).toEqual([2, 2]);
    }
    expect(session.facts).toEqual([
      ['Tables', '10'],
      ['Records', '22'],
    ]);
  });

  it('names tables apart: no slash splits one, and a repeated or empty name gets its index', async () => {
    const session = await open(
      writeDmlTables([
        dmlTable('a/b', [['Value', 'UINT']], [[1]]),
        dmlTable('a/b', [['Value', 'UINT']], [[2]]),
        dmlTable('', [['Value', 'UINT']], [[3]]),
      ]),
    );
    const table = session.nodeTable();
    const tops = Array.from({ length: session.nodeCount() }, (_, at) => table.path(at)).filter(
      (path) => !path.includes('/'),
    );
    expect(tops).toEqual(['a∕b', 'a∕b #1', '#2']);
    expect(session.issues.map((issue) => issue.code)).toEqual([DmlIssueCode.DUPLICATE_TABLE]);
  });
});

describe('round trips', () => {
  it('a generated list of thousands of records writes back byte for byte', () => {
    const tables = generateLatestFileList({
      seed: 3,
      wadCount: 3084,
      baseCount: 131,
      patchClientCount: 34,
    });
    const bytes = writeDmlTables(tables);
    const { value, fatal, issues } = parseDmlTables(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(value.tables).toHaveLength(3088);
    const records = value.tables.reduce((sum, table) => sum + table.records.length, 0);
    expect(records).toBeGreaterThan(6000);
    // Compared whole, not byte by byte through the matcher (770 KB).
    expect(Buffer.from(writeDmlTables(value.tables)).equals(bytes)).toBe(true);
    expect(value.tables.map((table) => table.records.map((record) => record.values))).toEqual(
      tables.map((table) => table.records.map((record) => record.values)),
    );
  });
});

describe('a list whose bytes ≥ 0x80 became EF BF BD (a text editor’s UTF-8 round trip)', () => {
  function mangled(bytes: Uint8Array): Uint8Array {
    return Uint8Array.from(
      [...bytes].flatMap((byte) => (byte >= 0x80 ? [0xef, 0xbf, 0xbd] : [byte])),
    );
  }

  it('fails cleanly at the first size it broke, keeping the tables before it', async () => {
    const tables = generateLatestFileList({ seed: 5, wadCount: 8 });
    const original = writeDmlTables(tables);
    const base = parseDmlTables(original).value.tables[2]!;
    // `_TableList` and `About` hold no byte ≥ 0x80; `Base`'s template size (134) is the first.
    expect(base.template.declaredSize).toBeGreaterThanOrEqual(0x80);
    const session = await open(mangled(original));
    expect(session.fatal).toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: base.template.span.offset + 2,
    });
    expect(session.nodeTable().path(0)).toBe('_TableList');
  });

  it('a list of real size fails with an offset too, and opens as DML tables', async () => {
    const bytes = mangled(writeDmlTables(generateLatestFileList({ seed: 6, wadCount: 3084 })));
    expect(detect(bytes)).toBe('dml');
    const { fatal } = parseDmlTables(bytes);
    expect(fatal?.offset).toBeGreaterThan(0);
    expect(fatal?.message).toMatch(/ at 0x[0-9A-F]+: /);
  });
});
