/**
 * Forged DML tables: a valid file from our writer with one field changed, and the issue
 * code or fatal error it must give, at the offset of the field that is wrong.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { inlineServices } from '../services.ts';
import { parseDmlTables } from './read.ts';
import { openDmlSession } from './session.ts';
import { DmlIssueCode, type DmlTable } from './types.ts';
import { dmlTable, writeDmlTables } from './write.ts';

/** Table T {Name STR, Count UINT} with records a/1 and b/2, then table U {V UINT} with 9. */
function valid(): { bytes: Uint8Array; t: DmlTable; u: DmlTable } {
  const bytes = writeDmlTables([
    dmlTable(
      'T',
      [
        ['Name', 'STR'],
        ['Count', 'UINT'],
      ],
      [
        ['a', 1],
        ['b', 2],
      ],
    ),
    dmlTable('U', [['V', 'UINT']], [[9]]),
  ]);
  const [t, u] = parseDmlTables(bytes).value.tables;
  return { bytes, t: t!, u: u! };
}

const u16 = (bytes: Uint8Array, at: number, value: number) =>
  bytes.set([value & 0xff, value >> 8], at);
const u32 = (bytes: Uint8Array, at: number, value: number) =>
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, true);

function fatalOf(bytes: Uint8Array) {
  const { fatal } = parseDmlTables(bytes);
  return { code: fatal?.code, offset: fatal?.offset };
}

describe('counts', () => {
  it('a record count the bytes left cannot hold: BAD_COUNT at the count', () => {
    const { bytes } = valid();
    u32(bytes, 0, 0x7fffffff);
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_COUNT', offset: 0 });
  });

  it('one record too many reads into the next table: BAD_MAGIC where it starts', () => {
    const { bytes, u } = valid();
    u32(bytes, 0, 3);
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_MAGIC', offset: u.span.offset });
    // The two records before it stay.
    expect(parseDmlTables(bytes).value.tables[0]!.records).toHaveLength(2);
  });
});

describe('sizes', () => {
  it('a template size below its header, or past the end: OUT_OF_BOUNDS at the size', () => {
    for (const size of [0, 3, 0xffff]) {
      const { bytes } = valid();
      u16(bytes, 6, size);
      expect(fatalOf(bytes)).toEqual({ code: 'OUT_OF_BOUNDS', offset: 6 });
    }
  });

  it('a template size short of its last field: a warning at the size, every field read', () => {
    const { bytes, t } = valid();
    u16(bytes, 6, t.template.declaredSize - 1);
    const { value, issues, fatal } = parseDmlTables(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([
      expect.objectContaining({
        code: DmlIssueCode.TEMPLATE_SIZE_MISMATCH,
        span: { offset: 6, length: 2 },
      }),
    ]);
    expect(value.tables[0]!.columns.map((field) => field.name)).toEqual(['Name', 'Count']);
  });

  it.each([-1, 1, 100])(
    'a record size off by %i: a warning at the size on the record’s node; values read by fields',
    async (delta) => {
      const { bytes, t } = valid();
      const record = t.records[1]!;
      u16(bytes, record.span.offset + 2, record.declaredSize + delta);
      const session = await openDmlSession({
        sources: [new MemoryByteSource(bytes, 'forged.bin')],
        services: inlineServices(),
        sink: { nodes: () => undefined, nodeRange: () => undefined },
      });
      expect(session.fatal).toBeNull();
      expect(session.issues).toEqual([
        expect.objectContaining({
          severity: 'warning',
          code: DmlIssueCode.RECORD_SIZE_MISMATCH,
          span: { offset: record.span.offset + 2, length: 2 },
        }),
      ]);
      expect(session.nodeTable().path(session.issues[0]!.entryIndex!)).toBe('T/1 b');
      expect(parseDmlTables(bytes).value.tables[1]!.records[0]!.values).toEqual([9]);
    },
  );

  it('lists 100 issues of a code at most, and says how many more there were', () => {
    const rows = Array.from({ length: 150 }, (_, at) => [at]);
    const table = dmlTable('Many', [['V', 'UINT']], rows);
    const bytes = writeDmlTables([
      { ...table, records: table.records.map((record) => ({ ...record, declaredSize: 9 })) },
    ]);
    const { issues } = parseDmlTables(bytes);
    expect(issues).toHaveLength(101);
    expect(issues[100]).toMatchObject({
      code: DmlIssueCode.RECORD_SIZE_MISMATCH,
      message: '50 more RECORD_SIZE_MISMATCH issues not listed',
    });
  });
});

describe('protocol and order bytes', () => {
  it('a template that is not 02 01: BAD_MAGIC at the template', () => {
    const { bytes, u } = valid();
    bytes[u.template.span.offset + 1] = 0x02;
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_MAGIC', offset: u.template.span.offset });
  });

  it('a record that is not 02 02: BAD_MAGIC at the record', () => {
    const { bytes, t } = valid();
    const at = t.records[1]!.span.offset;
    bytes[at] = 0x03;
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_MAGIC', offset: at });
  });
});

describe('type tags', () => {
  it.each([0, 11, 255])(
    'tag %i stops the table’s values at that field, skips its records by size; U still reads',
    (tag) => {
      const { bytes, t } = valid();
      const count = t.fields[2]!;
      const tagAt = count.span.offset + count.span.length - 2;
      bytes[tagAt] = tag;
      const { value, issues, fatal } = parseDmlTables(bytes);
      expect(fatal).toBeNull();
      expect(issues).toEqual([
        expect.objectContaining({
          severity: 'error',
          code: DmlIssueCode.UNKNOWN_TYPE,
          span: { offset: tagAt, length: 1 },
        }),
      ]);
      expect(value.tables[0]!.records.map((record) => record.values)).toEqual([
        ['a', null],
        ['b', null],
      ]);
      expect(value.tables[1]!.records[0]!.values).toEqual([9]);
      expect(writeDmlTables(value.tables)).toEqual(bytes);
    },
  );

  it('with a record size that cannot skip it: OUT_OF_BOUNDS at the size', () => {
    const { bytes, t } = valid();
    const count = t.fields[2]!;
    bytes[count.span.offset + count.span.length - 2] = 11;
    const record = t.records[0]!;
    u16(bytes, record.span.offset + 2, 5);
    expect(fatalOf(bytes)).toEqual({ code: 'OUT_OF_BOUNDS', offset: record.span.offset + 2 });
  });
});

describe('lengths', () => {
  it('a string longer than the bytes left: UNEXPECTED_EOF where its bytes start', () => {
    const { bytes, t } = valid();
    const at = t.records[0]!.span.offset + 4;
    u16(bytes, at, 0xffff);
    expect(fatalOf(bytes)).toEqual({ code: 'UNEXPECTED_EOF', offset: at + 2 });
  });

  it('a field name longer than the bytes left: UNEXPECTED_EOF where it starts', () => {
    const { bytes, t } = valid();
    const at = t.fields[2]!.span.offset;
    u16(bytes, at, 0xfff0);
    expect(fatalOf(bytes)).toEqual({ code: 'UNEXPECTED_EOF', offset: at + 2 });
  });

  it('a table cut inside its record count: UNEXPECTED_EOF at the count', () => {
    const { bytes } = valid();
    const cut = Uint8Array.of(...bytes, 1, 0);
    expect(fatalOf(cut)).toEqual({ code: 'UNEXPECTED_EOF', offset: bytes.length });
  });
});

describe('names and text', () => {
  it('a STR that is not UTF-8 reads as latin-1, with an info issue at the value', () => {
    const { bytes, t } = valid();
    const at = t.records[0]!.span.offset + 4;
    bytes[at + 2] = 0xe9; // "a" becomes a lone latin-1 é
    const { value, issues } = parseDmlTables(bytes);
    expect(value.tables[0]!.records[0]!.values[0]).toBe('é');
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'info',
        code: DmlIssueCode.STRING_NOT_UTF8,
        span: { offset: at, length: 3 },
      }),
    ]);
  });

  it('a byte-order mark and a lone surrogate are kept, and written back as they were', () => {
    const bytes = writeDmlTables([
      dmlTable(
        'Text',
        [
          ['S', 'STR'],
          ['W', 'WSTR'],
        ],
        [['\ufeffmarked', 'x\ud800y']],
      ),
    ]);
    const { value } = parseDmlTables(bytes);
    expect(value.tables[0]!.records[0]!.values).toEqual(['\ufeffmarked', 'x\ud800y']);
    expect(writeDmlTables(value.tables)).toEqual(bytes);
  });

  it('_TableList that does not name the tables: a warning on the record that differs', () => {
    const bytes = writeDmlTables([
      dmlTable('_TableList', [['Name', 'STR']], [['A'], ['C']]),
      dmlTable('A', [['V', 'UINT']], [[1]]),
      dmlTable('B', [['V', 'UINT']], [[2]]),
    ]);
    const { value, issues } = parseDmlTables(bytes);
    expect(issues).toEqual([
      expect.objectContaining({
        code: DmlIssueCode.TABLE_LIST_MISMATCH,
        span: value.tables[0]!.records[1]!.span,
      }),
    ]);
  });

  it('a template without _TargetTable: a table with no name, and a warning', () => {
    const table = dmlTable('Gone', [['V', 'UINT']], [[1]]);
    const bytes = writeDmlTables([{ ...table, fields: table.fields.slice(1) }]);
    const { value, issues } = parseDmlTables(bytes);
    expect(value.tables[0]!.name).toBe('');
    expect(value.tables[0]!.records[0]!.values).toEqual([1]);
    expect(issues.map((issue) => issue.code)).toEqual([DmlIssueCode.NO_TARGET_TABLE]);
  });
});
