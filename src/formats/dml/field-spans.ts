/**
 * Where each value of a record lies in the file: a record is its 4-byte header (protocol,
 * order, u16 size), then one value per column in template order, back to back (spec.md). The
 * values' widths come from their types; a string's from the u16 length before it, read from
 * the bytes (a STR shown as latin-1 takes its bytes, not its text's UTF-8 length). Columns
 * from the first of a type DML does not define have no span: where their values lie is not
 * known.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import type { Span } from '../model.ts';
import { DML_FORMAT, DML_MESSAGE_HEADER } from './read.ts';
import { DmlTag, typeOfTag } from './tags.ts';
import type { DmlRecord, DmlTable } from './types.ts';

/** Each column's value bytes in `record` of `table` (`bytes` is the whole file); null: unknown. */
export function recordFieldSpans(
  bytes: Uint8Array,
  table: DmlTable,
  record: DmlRecord,
): (Span | null)[] {
  const reader = new ByteReader(bytes, 0, DML_FORMAT);
  reader.seek(record.span.offset + DML_MESSAGE_HEADER);
  return table.columns.map((field, column) => {
    const type = typeOfTag(field.tag);
    if (type === null || (table.unknownColumn >= 0 && column >= table.unknownColumn)) return null;
    const offset = reader.offset;
    if (field.tag === DmlTag.STR) reader.skip(reader.u16le('a STR length'), 'a STR value');
    else if (field.tag === DmlTag.WSTR)
      reader.skip(reader.u16le('a WSTR length') * 2, 'a WSTR value');
    else reader.skip(type.width, `a ${type.name} value`);
    return { offset, length: reader.offset - offset };
  });
}
