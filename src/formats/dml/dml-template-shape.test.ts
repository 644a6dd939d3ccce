/**
 * Tables whose templates hold the same fields share one parsed template: each table's fields
 * and their spans still come from its own bytes, and a template that differs in any byte but
 * the table name, or whose size is off, is read (and reported) on its own.
 */
import { describe, expect, it } from 'vitest';
import { parseDmlTables } from './read.ts';
import { DmlIssueCode, TARGET_TABLE_FIELD, type DmlTableDraft } from './types.ts';
import { dmlTable, FILE_COLUMNS, writeDmlTables } from './write.ts';

const row = (at: number) => [`Data/${at}.wad`, `${at}.wad`, 1, at, 0, 0, at * 7, 0];

/** Tables of the file columns, named with names of different lengths. */
const fileTables = (names: readonly string[]) =>
  names.map((name, at) => dmlTable(name, FILE_COLUMNS, [row(at)]));

/** Each template field's span, walked from the bytes: u16 name length, name, tag, flags, target. */
function fieldSpansIn(bytes: Uint8Array, tableOffset: number) {
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const templateStart = tableOffset + 4;
  const end = templateStart + u16(templateStart + 2);
  const spans: { offset: number; length: number }[] = [];
  for (let at = templateStart + 4; at < end;) {
    const start = at;
    const nameLength = u16(at);
    const name = new TextDecoder().decode(bytes.subarray(at + 2, at + 2 + nameLength));
    at += 2 + nameLength + 2;
    if (name === TARGET_TABLE_FIELD) at += 2 + u16(at);
    spans.push({ offset: start, length: at - start });
  }
  return spans;
}

describe('templates shared by tables of the same fields', () => {
  it('share one columns array; fields, names and spans are each table’s own', () => {
    const names = ['A', 'Much/Longer/Name.wad', 'B', '', 'Ω-ünïcode'];
    const bytes = writeDmlTables(fileTables(names));
    const { value, issues } = parseDmlTables(bytes);
    expect(issues).toEqual([]);
    const tables = value.tables;
    expect(tables.map((table) => table.name)).toEqual(names);
    // An empty name is a target name of length 0: the same fields still.
    expect(tables[1]!.columns).toBe(tables[0]!.columns);
    expect(tables[4]!.columns).toBe(tables[0]!.columns);
    for (const table of tables) {
      expect(table.fields.map((field) => field.span)).toEqual(
        fieldSpansIn(bytes, table.span.offset),
      );
      expect(table.template.span.offset).toBe(table.span.offset + 4);
      expect(table.fields[0]!.target).toBe(table.name);
      expect(table.records[0]!.span.offset).toBe(
        table.template.span.offset + table.template.span.length,
      );
    }
    expect(writeDmlTables(tables)).toEqual(bytes);
  });

  it('a field’s type or flags differing from the table before: read as its own', () => {
    const [first, second, third] = fileTables(['A', 'B', 'C']) as [
      DmlTableDraft,
      DmlTableDraft,
      DmlTableDraft,
    ];
    const flagged = {
      ...second,
      fields: second.fields.map((f, at) => (at === 3 ? { ...f, flags: 0x29 } : f)),
    };
    const retyped = {
      ...third,
      fields: third.fields.map((f, at) => (at === 4 ? { ...f, tag: 2 } : f)),
    };
    const bytes = writeDmlTables([first, flagged, retyped]);
    const { value, issues } = parseDmlTables(bytes);
    expect(issues).toEqual([]);
    const [a, b, c] = value.tables;
    expect(b!.fields[3]!.flags).toBe(0x29);
    expect(a!.fields[3]!.flags).toBe(0x28);
    expect(c!.fields[4]!.tag).toBe(2);
    expect(b!.fields[4]!.tag).toBe(3);
    expect(b!.columns).not.toBe(a!.columns);
    expect(writeDmlTables(value.tables)).toEqual(bytes);
  });

  it('a template size off by one in a table like the one before: still reported there', () => {
    const tables = fileTables(['A', 'B', 'C']);
    const bytes = writeDmlTables(tables);
    const third = parseDmlTables(bytes).value.tables[2]!;
    const declared = third.template.span.length;
    const off = writeDmlTables(
      tables.map((table, at) =>
        at === 2 ? { ...table, declaredTemplateSize: declared - 1 } : table,
      ),
    );
    const { value, issues, fatal } = parseDmlTables(off);
    expect(fatal).toBeNull();
    expect(issues).toMatchObject([
      {
        code: DmlIssueCode.TEMPLATE_SIZE_MISMATCH,
        span: { offset: third.template.span.offset + 2, length: 2 },
      },
    ]);
    expect(value.tables.map((table) => table.name)).toEqual(['A', 'B', 'C']);
  });
});
