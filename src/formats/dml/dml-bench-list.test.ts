/** The bench's generated list holds the records asked for, the big table's among them. */
import { describe, expect, it } from 'vitest';
import {
  ascendingRows,
  dmlListShape,
  generateDmlBenchList,
  recordCount,
} from '../../../bench/lib/dml-data.ts';
import { parseDmlTables } from './read.ts';

describe('the bench’s LatestFileList', () => {
  it.each([
    [2_000, 500],
    [2_001, 500],
    [20_013, 5_000],
  ])('holds %i records over every table, %i of them in Base', (records, big) => {
    const list = generateDmlBenchList(records, big);
    expect(recordCount(list.tables)).toBe(records);
    expect(list.tables[list.bigTable]!.fields[0]!.target).toBe('Base');
    expect(list.tables[list.bigTable]!.records).toHaveLength(big);
    const { value, fatal, issues } = parseDmlTables(list.bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(value.tables.reduce((sum, table) => sum + table.records.length, 0)).toBe(records);
    // Many tables, as real lists have (a WAD's table holds its one record).
    expect(value.tables.length).toBe(4 + dmlListShape(records, big).wadCount);
  });

  it('refuses a count too small for the tables it must hold', () => {
    expect(() => dmlListShape(100, 500)).toThrow(RangeError);
  });

  it('orders a number column ascending, equal values in file order', () => {
    const list = generateDmlBenchList(2_000, 500);
    const base = list.tables[list.bigTable]!;
    const rows = ascendingRows(base, 2);
    expect([...rows].sort((a, b) => a - b)).toEqual(base.records.map((_, row) => row));
    for (let at = 1; at < rows.length; at++) {
      const before = base.records[rows[at - 1]!]!.values[2] as number;
      const value = base.records[rows[at]!]!.values[2] as number;
      expect(before < value || (before === value && rows[at - 1]! < rows[at]!)).toBe(true);
    }
  });
});
