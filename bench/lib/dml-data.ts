/**
 * The DML bench input: a `LatestFileList.bin` made by the project's own generator and writer
 * (src/formats/dml/generate.ts, write.ts), laid out as real lists are: `_TableList`, `About`,
 * `Base`, `PatchClient`, then a table per WAD package holding its one record. `Base` is the
 * large table (its records are what the sort is timed on); the WAD tables are as many as it
 * takes for the file to hold the asked number of records over every table.
 */
import { generateLatestFileList } from '../../src/formats/dml/generate.ts';
import type { DmlTableDraft } from '../../src/formats/dml/types.ts';
import { writeDmlTables } from '../../src/formats/dml/write.ts';

/** Records of the tables that are neither `Base` nor a WAD's: `About`'s one. */
const ABOUT_RECORDS = 1;
/** `PatchClient`'s records, as the generator's default (one more when the count is odd). */
const PATCH_CLIENT_RECORDS = 8;
/** Tables before the WAD tables that `_TableList` names: `About`, `Base`, `PatchClient`. */
const LISTED_FIXED_TABLES = 3;

export interface DmlListShape {
  wadCount: number;
  baseCount: number;
  patchClientCount: number;
}

/**
 * How many WAD tables and `PatchClient` records make a list of `records` records in all with
 * `bigTable` of them in `Base`. Each WAD table adds two records: its own and its line in
 * `_TableList`.
 */
export function dmlListShape(records: number, bigTable: number): DmlListShape {
  const fixed = LISTED_FIXED_TABLES + ABOUT_RECORDS + bigTable + PATCH_CLIENT_RECORDS;
  if (records < fixed) {
    throw new RangeError(`${records} records cannot hold a table of ${bigTable} and the others`);
  }
  const wadCount = Math.floor((records - fixed) / 2);
  const patchClientCount = PATCH_CLIENT_RECORDS + ((records - fixed) % 2);
  return { wadCount, baseCount: bigTable, patchClientCount };
}

/** Records of every table of `tables` together. */
export function recordCount(tables: readonly DmlTableDraft[]): number {
  return tables.reduce((sum, table) => sum + table.records.length, 0);
}

export interface GeneratedDmlList {
  tables: DmlTableDraft[];
  bytes: Uint8Array;
  /** Index of `Base` (the large table) in `tables`. */
  bigTable: number;
}

/** The bench's list: `records` records over many tables, `bigTable` of them in `Base`. */
export function generateDmlBenchList(records: number, bigTable: number): GeneratedDmlList {
  const tables = generateLatestFileList({ seed: 11, ...dmlListShape(records, bigTable) });
  const big = tables.findIndex((table) => table.fields[0]?.target === 'Base');
  return { tables, bytes: writeDmlTables(tables), bigTable: big };
}

/**
 * Row indexes of a table in the order the grid sorts a number column ascending: by value,
 * equal values in file order.
 */
export function ascendingRows(table: DmlTableDraft, column: number): number[] {
  const key = (row: number) => table.records[row]!.values[column] as number;
  return table.records.map((_, row) => row).sort((a, b) => key(a) - key(b) || a - b);
}
