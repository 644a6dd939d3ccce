/**
 * Which columns of DML tables show as sizes and which as checksums, from what the summary
 * says of each (its field's name and type): an unsigned integer field named `…Size` holds
 * bytes (`Size`, `HeaderSize`, `CompressedHeaderSize`), one named `…CRC` a CRC-32
 * (`CRC`, `HeaderCRC`). Every other column shows as its type says.
 */
import type { GridColumn } from '../../../formats/model.ts';
import type { ColumnDisplay } from '../grid/cell-format.ts';

/** Types whose values are whole and never negative. */
const UNSIGNED = new Set(['UINT', 'USHRT', 'UBYT', 'GID']);

export function dmlColumnDisplay(column: GridColumn): ColumnDisplay {
  if (column.kind !== 'number' || !UNSIGNED.has(column.type)) return 'plain';
  if (/size$/i.test(column.label)) return 'size';
  if (/crc$/i.test(column.label)) return 'checksum';
  return 'plain';
}
