/**
 * DML tables as a fuzz target (src/formats/fuzz): the session's read path on mutated files —
 * every node's details and cells, the grid view's pages (sorted by every column, filtered),
 * a search and every export — then a rewrite of whatever read whole. Seeds: a small
 * generated patch list, a table of every type, and the spec's off-by-one record size.
 */
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import type { GridQuery, GridSummary, Session } from '../model.ts';
import { openInline, walkSessionNodes } from '../fuzz/walk-session.ts';
import { inlineViewJob } from '../services.ts';
import { dmlSeeds } from './fixtures/make-fixtures.ts';
import { DML_FORMAT, parseDmlTables, readDmlTablesOrThrow } from './read.ts';
import { openDmlSession } from './session.ts';
import { writeDmlTables } from './write.ts';

/** Where the tables, templates, fields and records start and end. */
function boundaries(bytes: Uint8Array): number[] {
  return parseDmlTables(bytes).value.tables.flatMap((table) => [
    table.span.offset,
    table.span.offset + table.span.length,
    table.template.span.offset + table.template.span.length,
    ...table.fields.map((field) => field.span.offset),
    ...table.records.flatMap((record) => [record.span.offset, record.span.offset + 4]),
  ]);
}

/** The record counts, and the u16 sizes of templates and records. */
function numberFields(bytes: Uint8Array): number[] {
  return parseDmlTables(bytes).value.tables.flatMap((table) => [
    table.span.offset,
    table.template.span.offset + 2,
    ...table.records.map((record) => record.span.offset + 2),
  ]);
}

/** Every grid question the view answers, for each table. */
async function exerciseView(session: Session): Promise<void> {
  const view = session.view!;
  const ask = (query: GridQuery) => view.request!(query, inlineViewJob());
  const summary = view.data() as GridSummary;
  for (const [table, { columns }] of summary.tables.entries()) {
    await ask({ kind: 'rows', table, offset: 0, count: 50 });
    for (let column = 0; column < columns.length; column++) {
      await ask({ kind: 'rows', table, offset: 0, count: 5, sort: { column, descending: true } });
    }
    await ask({ kind: 'rows', table, offset: 0, count: 5, filter: 'a' });
    await ask({ kind: 'export', format: 'csv', table });
  }
  await ask({ kind: 'find', text: '1', limit: 10 });
  await ask({ kind: 'export', format: 'json' });
  await ask({ kind: 'export', format: 'csv' });
}

export const dmlFuzzTarget: FuzzTarget = {
  format: DML_FORMAT,
  seeds: () => Promise.resolve(dmlSeeds()),
  boundaries,
  numberFields,
  rangeFields: () => [],
  async exercise(bytes) {
    const session = await openInline(openDmlSession, bytes, 'fuzz.bin');
    walkSessionNodes(session, ['value']);
    await exerciseView(session);
    // Whatever reads whole can be written again; what does not throws its FormatError.
    writeDmlTables(readDmlTablesOrThrow(bytes).tables);
  },
  roundTrip: (bytes) =>
    Promise.resolve().then(() => writeDmlTables(readDmlTablesOrThrow(bytes).tables)),
};
