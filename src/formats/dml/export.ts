/**
 * Records as JSON and CSV, the same for `ls --json`, `info --json` and the view's exports.
 * A record in JSON is `{table, values: {field: value}}` (display.ts `jsonValue`: a GID as
 * exact decimal text); a table alone is an array of its records' `values`. CSV follows
 * RFC 4180: a header line of field names, CRLF line ends, a field quoted when it holds a
 * comma, a quote, a line break or spaces at either end.
 */
import type { GridCell } from '../model.ts';
import { cellValue, jsonValue } from './display.ts';
import { tagName } from './tags.ts';
import type { DmlRecord, DmlTable } from './types.ts';

export type DmlJsonValue = string | number | null;

/** A record as listed: its table's name and its values by field (`columnKeys`). */
export interface DmlRecordJson {
  table: string;
  values: Record<string, DmlJsonValue>;
}

/**
 * Unique keys of a table's columns, for JSON objects and CSV headers: a field's name, with
 * ` (2)`, ` (3)`… for a name the table has already.
 */
export function columnKeys(table: DmlTable): string[] {
  const used = new Set<string>();
  return table.columns.map((field) => {
    let key = field.name;
    for (let count = 2; used.has(key); count++) key = `${field.name} (${count})`;
    used.add(key);
    return key;
  });
}

/** What `info --json` says of a table. */
export interface DmlTableInfo {
  name: string;
  fields: { name: string; type: string }[];
  records: number;
}

export function tableInfo(table: DmlTable): DmlTableInfo {
  return {
    name: table.name,
    fields: table.columns.map((field) => ({ name: field.name, type: tagName(field.tag) })),
    records: table.records.length,
  };
}

/** A record's values by field, under the table's column keys. */
export function recordValues(
  table: DmlTable,
  keys: readonly string[],
  record: DmlRecord,
): Record<string, DmlJsonValue> {
  const values: Record<string, DmlJsonValue> = {};
  table.columns.forEach((field, at) => {
    values[keys[at]!] = jsonValue(field.tag, record.values[at] ?? null);
  });
  return values;
}

/** A record's cells in column order (grid.ts GridCell). */
export function recordCells(table: DmlTable, record: DmlRecord): GridCell[] {
  return table.columns.map((field, at) => cellValue(field.tag, record.values[at] ?? null));
}

/** A cell as CSV and search text: numbers in decimal, GIDs exact, nothing for no value. */
export function cellText(cell: GridCell): string {
  return cell === null ? '' : String(cell);
}

export { CSV_LINE_END, csvLine } from '../csv.ts';

/** A file name made of a table's name: no path separators, control or reserved characters. */
export function exportFileName(name: string, extension: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  const safe = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim();
  return `${safe === '' || /^\.+$/.test(safe) ? 'table' : safe}.${extension}`;
}
