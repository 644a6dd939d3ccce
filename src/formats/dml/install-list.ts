/**
 * A `LatestFileList.bin` as the list of an install's files (model.ts
 * `InstallCheckCapability`, spec.md): every record of every table that has the file fields
 * `SrcFileName`, `Size` and `CRC` names a file. Its path in the install is `TarFileName`
 * when that is set, else `SrcFileName`; `Size` is its byte size and `CRC` the KI-CRC of the
 * whole file; `FileType` 5 is a dynamic WAD, which the game fills as it runs (present is all
 * that is checked). Records without a path or a numeric size are no file and are left out.
 */
import type { ListedFile } from '../model.ts';
import type { DmlNodes } from './nodes.ts';
import type { DmlTable } from './types.ts';

/** `FileType` of a dynamic WAD (spec.md). */
const DYNAMIC_WAD = 5;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** The files the tables list, in file order. */
export function dmlListedFiles(tables: readonly DmlTable[], nodes: DmlNodes): ListedFile[] {
  const files: ListedFile[] = [];
  tables.forEach((table, tableIndex) => {
    const column = (name: string) => table.columns.findIndex((field) => field.name === name);
    const source = column('SrcFileName');
    const target = column('TarFileName');
    const size = column('Size');
    const crc = column('CRC');
    const fileType = column('FileType');
    if (source < 0 || size < 0 || crc < 0) return;
    table.records.forEach((record, recordIndex) => {
      const values = record.values;
      const path = textOf(values[target]) || textOf(values[source]);
      const bytes = numberOf(values[size]);
      if (path === '' || bytes === null) return;
      const checksum = numberOf(values[crc]);
      files.push({
        path,
        size: bytes,
        checksum: checksum === null ? null : { kind: 'ki-crc', value: checksum >>> 0 },
        policy: values[fileType] === DYNAMIC_WAD ? 'dynamic' : 'exact',
        node: nodes.firstRecordNode[tableIndex]! + recordIndex,
      });
    });
  });
  return files;
}
