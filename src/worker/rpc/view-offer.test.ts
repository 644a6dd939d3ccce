/**
 * A view offered while its file is read comes with its data and the answers to the
 * questions its pane asks first (`ViewCapability.firstQueries`), in the report that first
 * names it: a long DML list's grid, its first page of rows of the first table. Reports
 * keep their order around it.
 */
import { describe, expect, it } from 'vitest';
import { generateLatestFileList } from '../../formats/dml/generate.ts';
import { writeDmlTables } from '../../formats/dml/write.ts';
import {
  GRID_PAGE_ROWS,
  gridRowsQuery,
  type GridRowsAnswer,
  type GridSummary,
} from '../../formats/model.ts';
import type { OpenProgress } from './api.ts';
import { createDecoderImpl } from './impl.ts';

describe('a view offered while the file is read', () => {
  it('comes with its data and its first page of rows, in the report that names it', async () => {
    // Many tables: the first batch of records is a small part of them.
    const bytes = writeDmlTables(generateLatestFileList({ seed: 5, wadCount: 3_000 }));
    const decoder = createDecoderImpl({ startsHelpersAhead: false });
    const reports: OpenProgress[] = [];
    const opened = await decoder.open(
      [{ name: 'LatestFileList.bin', blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }],
      (progress) => reports.push(progress),
    );
    expect(opened.ok).toBe(true);

    const offering = reports.filter((report) => report.viewOffer !== undefined);
    expect(offering).toHaveLength(1);
    const [offer] = offering;
    expect(reports.find((report) => report.view !== undefined)).toBe(offer);
    const { view, answers } = offer!.viewOffer!;
    expect(view.kind).toBe('dml-tables');
    const summary = view.data as GridSummary;
    expect(summary.isReading).toBe(true);
    const first = summary.tables[0]!;
    expect(first.rowCount).toBeGreaterThan(0);

    // The page's own first question, answered for the rows read then.
    expect(answers.map((each) => each.query)).toEqual([
      gridRowsQuery(0, 0, null, '', first.rowCount),
    ]);
    const rows = answers[0]!.answer as GridRowsAnswer;
    expect(rows.total).toBe(first.rowCount);
    expect(rows.rows.map((row) => row.row)).toEqual(
      Array.from({ length: Math.min(GRID_PAGE_ROWS, first.rowCount) }, (_, row) => row),
    );
    // The same rows the view gives once the whole file is read.
    const whole = await decoder.viewRequest(gridRowsQuery(0, 0, null, ''));
    expect(whole.ok && (whole.value as GridRowsAnswer).rows.slice(0, rows.rows.length)).toEqual(
      rows.rows,
    );

    // In the order they were made: never fewer nodes read than a report before.
    const read = reports.map((report) => report.entriesRead);
    expect(read).toEqual([...read].sort((a, b) => a - b));
    expect(reports.at(-1)!.entriesRead).toBe(reports.at(-1)!.entryCount);
  });
});
