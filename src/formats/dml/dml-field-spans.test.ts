/**
 * Each value of a record has its bytes: the spans the grid gives a row's cells tile the
 * record exactly after its size field, and each holds the value's own encoding.
 */
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../../binary/byte-writer.ts';
import type { GridCellSpansAnswer, Span } from '../model.ts';
import { inlineViewJob } from '../services.ts';
import { recordFieldSpans } from './field-spans.ts';
import { generateLatestFileList } from './generate.ts';
import { everyTypeTables, makeFixtures } from './fixtures/make-fixtures.ts';
import { DmlGrid } from './grid-view.ts';
import { DmlNodes } from './nodes.ts';
import { DML_MESSAGE_HEADER, parseDmlTables } from './read.ts';
import { writeDmlValue } from './values.ts';
import { writeDmlTables } from './write.ts';

const job = inlineViewJob();

function opened(bytes: Uint8Array) {
  const { tables } = parseDmlTables(bytes).value;
  const nodes = new DmlNodes(tables);
  return { tables, nodes, grid: new DmlGrid(tables, nodes, 'LatestFileList.bin', bytes) };
}

const encoded = (tag: number, value: Parameters<typeof writeDmlValue>[2]) => {
  const writer = new ByteWriter(64);
  writeDmlValue(writer, tag, value, 'value');
  return writer.finish();
};

describe('a record’s field spans', () => {
  const bytes = writeDmlTables([
    ...generateLatestFileList({ seed: 5, wadCount: 12, baseCount: 30 }),
    ...everyTypeTables(),
  ]);
  const { tables, nodes, grid } = opened(bytes);

  it('tile every record after its size field, each holding its value’s bytes', async () => {
    let records = 0;
    for (const [index, table] of tables.entries()) {
      for (const [row, record] of table.records.entries()) {
        const spans = recordFieldSpans(bytes, table, record) as Span[];
        expect(spans).toHaveLength(table.columns.length);
        let end = record.span.offset + DML_MESSAGE_HEADER;
        spans.forEach((span, column) => {
          expect(span.offset).toBe(end);
          const field = table.columns[column]!;
          const held = bytes.subarray(span.offset, span.offset + span.length);
          expect(held).toEqual(encoded(field.tag, record.values[column] ?? null));
          end = span.offset + span.length;
        });
        expect(end).toBe(record.span.offset + record.span.length);
        const node = nodes.firstRecordNode[index]! + row;
        const answer = (await grid.answer({ kind: 'cellSpans', node }, job)) as GridCellSpansAnswer;
        expect(answer).toEqual({ kind: 'cellSpans', node, spans });
        records++;
      }
    }
    expect(records).toBe(tables.reduce((sum, table) => sum + table.records.length, 0));
    expect(records).toBeGreaterThan(60);
  });

  it('are none for a node that is no record: a table, its template, a field', async () => {
    for (const node of [0, 1, 2]) {
      expect(await grid.answer({ kind: 'cellSpans', node }, job)).toEqual({
        kind: 'cellSpans',
        node,
        spans: [],
      });
    }
  });

  it('stop at a field of a type DML does not define: its place and what follows are unknown', () => {
    const unknown = makeFixtures().find((fixture) => fixture.file === 'unknown-type.bin')!.bytes;
    const {
      tables: [odd],
    } = opened(unknown);
    const record = odd!.records[0]!;
    const [name, mystery] = recordFieldSpans(unknown, odd!, record);
    expect(name).toEqual({ offset: record.span.offset + DML_MESSAGE_HEADER, length: 2 + 3 });
    expect(mystery).toBeNull();
  });
});
