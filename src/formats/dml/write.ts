/**
 * Writes DML tables: the mirror of read.ts, table by table in file order — record count,
 * template (header, fields, `_TargetTable`'s name), records (header, a value per field). For
 * tests, fixtures, fuzz seeds and benchmarks. It writes what it is given: a declared size
 * kept from a read (or forged) is written as it is, so a read file writes back byte for byte.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import {
  DML_MESSAGE_HEADER,
  DML_RECORD_ORDER,
  DML_TABLE_PROTOCOL,
  DML_TEMPLATE_ORDER,
} from './read.ts';
import { DmlTag, typeOfTag } from './tags.ts';
import {
  TARGET_TABLE_FIELD,
  type DmlFieldDraft,
  type DmlTableDraft,
  type DmlTypeName,
  type DmlValue,
} from './types.ts';
import { dmlValueSize, encodeStr, utf8Length, writeDmlValue } from './values.ts';

/** The flags byte of every field in real files. */
export const DML_FIELD_FLAGS = 0x28;

/** A template's or record's header: its size is the bytes it takes unless one is declared. */
function writeHeader(
  writer: ByteWriter,
  order: number,
  size: number,
  declaredSize: number | undefined,
  what: string,
): void {
  if (size > 0xffff) throw new RangeError(`${what} takes ${size} bytes; its u16 size holds 65,535`);
  writer
    .u8(DML_TABLE_PROTOCOL)
    .u8(order)
    .u16le(declaredSize ?? size);
}

function writeName(writer: ByteWriter, text: string, what: string): void {
  const bytes = encodeStr(text);
  if (bytes.length > 0xffff) throw new RangeError(`${what} is longer than 65,535 bytes`);
  writer.u16le(bytes.length).bytes(bytes);
}

/** Bytes of a template field: name length, name, tag, flags, and `_TargetTable`'s name. */
function fieldSize(field: DmlFieldDraft): number {
  const target = field.name === TARGET_TABLE_FIELD ? 2 + utf8Length(field.target ?? '') : 0;
  return 2 + utf8Length(field.name) + 2 + target;
}

function writeTable(writer: ByteWriter, table: DmlTableDraft, index: number): void {
  const what = `table ${index}`;
  writer.u32le(table.records.length);
  const templateSize = table.fields.reduce(
    (sum, field) => sum + fieldSize(field),
    DML_MESSAGE_HEADER,
  );
  writeHeader(
    writer,
    DML_TEMPLATE_ORDER,
    templateSize,
    table.declaredTemplateSize,
    `${what} template`,
  );
  for (const field of table.fields) {
    writeName(writer, field.name, `${what} field name`);
    writer.u8(field.tag).u8(field.flags);
    if (field.name === TARGET_TABLE_FIELD) writeName(writer, field.target ?? '', `${what} name`);
  }
  const columns = table.fields.filter((field) => field.name !== TARGET_TABLE_FIELD);
  // Values stop at a type DML does not define; the record's bytes from there are kept whole.
  const unknown = columns.findIndex((field) => typeOfTag(field.tag) === null);
  const known = unknown < 0 ? columns : columns.slice(0, unknown);
  table.records.forEach((record, at) => {
    let size = DML_MESSAGE_HEADER + (unknown >= 0 ? (record.unread?.length ?? 0) : 0);
    known.forEach(
      (field, column) => (size += dmlValueSize(field.tag, record.values[column] ?? null)),
    );
    writeHeader(writer, DML_RECORD_ORDER, size, record.declaredSize, `${what} record ${at}`);
    known.forEach((field, column) =>
      writeDmlValue(
        writer,
        field.tag,
        record.values[column] ?? null,
        `${what} record ${at} ${field.name}`,
      ),
    );
    if (unknown >= 0 && record.unread) writer.bytes(record.unread);
  });
}

/** The bytes of a DML table file holding `tables`, in order. */
export function writeDmlTables(tables: readonly DmlTableDraft[]): Uint8Array {
  const writer = new ByteWriter(64 * 1024);
  tables.forEach((table, index) => writeTable(writer, table, index));
  return writer.finish();
}

/** A column of `dmlTable`: its name and type. */
export type DmlColumnSpec = readonly [name: string, type: DmlTypeName];

/** The columns of every file table of a patch list, in the order real lists have them. */
export const FILE_COLUMNS: readonly DmlColumnSpec[] = [
  ['SrcFileName', 'STR'],
  ['TarFileName', 'STR'],
  ['FileType', 'UINT'],
  ['Size', 'UINT'],
  ['HeaderSize', 'UINT'],
  ['CompressedHeaderSize', 'UINT'],
  ['CRC', 'UINT'],
  ['HeaderCRC', 'UINT'],
];

/**
 * A table as KingsIsle writes one: `_TargetTable` (a STR field) naming it first, then its
 * columns, every flags byte 0x28; a record per row of values in column order.
 */
export function dmlTable(
  name: string,
  columns: readonly DmlColumnSpec[],
  rows: readonly (readonly DmlValue[])[],
): DmlTableDraft {
  const fields: DmlFieldDraft[] = [
    { name: TARGET_TABLE_FIELD, tag: DmlTag.STR, flags: DML_FIELD_FLAGS, target: name },
    ...columns.map(([field, type]) => ({
      name: field,
      tag: DmlTag[type],
      flags: DML_FIELD_FLAGS,
      target: null,
    })),
  ];
  return { fields, records: rows.map((values) => ({ values })) };
}
