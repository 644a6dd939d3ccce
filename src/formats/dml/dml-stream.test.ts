/**
 * Lists read as their bytes come. The reader given the bytes in pieces of any size reads what
 * a read of the whole file does (tables, issues, the error that stops it); the session opens
 * a list in slices and batches, and its grid answers for the tables read so far while the
 * rest is read: those rows are the rows it answers at the end; a broken table past the first
 * slice leaves the tables before it shown; a source that fails mid-open ends the open and
 * every answer waiting on it, and a waiting answer can be cancelled.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource, type ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type {
  GridFindAnswer,
  GridQuery,
  GridRowsAnswer,
  GridSummary,
  OpenSink,
  Session,
  ViewCapability,
  ViewJob,
} from '../model.ts';
import { inlineServices, inlineViewJob } from '../services.ts';
import { makeFixtures } from './fixtures/make-fixtures.ts';
import { generateLatestFileList } from './generate.ts';
import { DmlNodes } from './nodes.ts';
import { DmlTableReader, parseDmlTables, dmlFatal } from './read.ts';
import { openDmlSession } from './session.ts';
import { writeDmlTables } from './write.ts';

/** What a read in pieces of `piece` bytes makes (tables by name and record count, issues, error). */
function readInPieces(bytes: Uint8Array, piece: number) {
  const reader = new DmlTableReader();
  let fatal = null;
  try {
    for (let available = 0; ; available = Math.min(bytes.length, available + piece)) {
      const isFinal = available === bytes.length;
      while (reader.read(bytes, available, isFinal, 3) === 'budget');
      if (isFinal) break;
    }
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    fatal = dmlFatal(error);
  }
  return reader.finish(fatal);
}

const shapeOf = (result: ReturnType<typeof parseDmlTables>) => ({
  tables: result.value.tables.map((table) => ({
    name: table.name,
    span: table.span,
    records: table.records.map((record) => ({ span: record.span, values: record.values })),
  })),
  issues: result.issues,
  fatal: result.fatal,
});

/** `_TableList`, `About`, `Base`, `PatchClient`, then 5,000 WAD tables: about 1.4 MB. */
const list = generateLatestFileList({ seed: 3, wadCount: 5000, baseCount: 2000 });
const bytes = writeDmlTables(list);
const whole = parseDmlTables(bytes);

/** Reads that go past this wait: the open has its first slices, the rest waits. */
const HELD_PAST = 1024 * 1024;

/** A source whose reads past `HELD_PAST` wait until `release` (or fail on `fail`). */
function heldSource(data: Uint8Array) {
  const inner = new MemoryByteSource(data, 'LatestFileList.bin');
  let release: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const held = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  held.catch(() => undefined);
  const source: ByteSource & { waiting: boolean } = {
    name: inner.name,
    size: inner.size,
    waiting: false,
    async read(offset, length) {
      if (offset + length > HELD_PAST) {
        source.waiting = true;
        await held;
      }
      return inner.read(offset, length);
    },
  };
  return { source, release: () => release(), fail: (error: unknown) => fail(error) };
}

/** Opens `source`, keeping the view offered mid-open and counting the nodes handed over. */
function startOpen(source: ByteSource) {
  const seen: { view: ViewCapability | null; nodes: number; batches: number } = {
    view: null,
    nodes: 0,
    batches: 0,
  };
  const sink: OpenSink = {
    nodes: () => undefined,
    nodeRange: () => undefined,
    documentNodes(_table, indexes, nodesRead) {
      seen.batches++;
      seen.nodes += indexes.length;
      expect(nodesRead).toBe(seen.nodes);
    },
    openingView(view) {
      expect(seen.view).toBeNull();
      seen.view = view;
    },
  };
  const opening = openDmlSession({ sources: [source], services: inlineServices(), sink });
  opening.catch(() => undefined);
  return { seen, opening };
}

/** Lets the open run until it waits on its source. */
async function untilWaiting(source: { waiting: boolean }): Promise<void> {
  for (let turn = 0; turn < 10_000 && !source.waiting; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(source.waiting).toBe(true);
}

const ask = <T>(view: ViewCapability, query: GridQuery, job: ViewJob = inlineViewJob()) =>
  view.request!(query, job) as Promise<T>;

const rowsOf = (table: number, extra: Partial<GridQuery> = {}) =>
  ({ kind: 'rows', table, offset: 0, count: 10_000, ...extra }) as GridQuery;

describe('a list read in pieces', () => {
  it('reads what a read of the whole file does, whatever the pieces', () => {
    const files = [writeDmlTables(list.slice(0, 12)), ...makeFixtures().map((each) => each.bytes)];
    for (const file of files) {
      const expected = shapeOf(parseDmlTables(file));
      for (const piece of [3, 100]) {
        expect(shapeOf(readInPieces(file, piece)), `${file.length} bytes by ${piece}`).toEqual(
          expected,
        );
      }
    }
  });
});

describe('a list opened as it is read', () => {
  it('answers rows of the tables read so far that are the rows it answers at the end', async () => {
    const held = heldSource(bytes);
    const { seen, opening } = startOpen(held.source);
    await untilWaiting(held.source);
    const view = seen.view!;
    expect(view).not.toBeNull();
    const partial = view.data() as GridSummary;
    expect(partial.isReading).toBe(true);
    expect(partial.tables.length).toBeGreaterThan(2);
    expect(partial.tables.length).toBeLessThan(whole.value.tables.length);
    const sort = { column: 3, descending: true };
    const midRows = await ask<GridRowsAnswer>(view, rowsOf(0));
    const midSorted = await ask<GridRowsAnswer>(view, rowsOf(2, { sort, filter: 'bin' }));
    const nodesMidOpen = seen.nodes;
    expect(nodesMidOpen).toBeGreaterThan(0);

    held.release();
    const session = await opening;
    const final = session.view!;
    expect((final.data() as GridSummary).isReading).toBeUndefined();
    expect(await ask<GridRowsAnswer>(final, rowsOf(0))).toEqual(midRows);
    expect(await ask<GridRowsAnswer>(final, rowsOf(2, { sort, filter: 'bin' }))).toEqual(midSorted);
    // Every node handed to the tree once, as a read of the whole file makes them.
    const nodes = new DmlNodes(whole.value.tables);
    expect(seen.nodes).toBe(nodes.count);
    expect(session.nodeCount()).toBe(nodes.count);
    expect(seen.batches).toBeGreaterThan(2);
    expect(session.facts).toEqual([
      ['Tables', whole.value.tables.length.toLocaleString('en-US')],
      [
        'Records',
        whole.value.tables.reduce((sum, t) => sum + t.records.length, 0).toLocaleString('en-US'),
      ],
    ]);
    expect(session.issues.map((issue) => issue.code)).toEqual(whole.issues.map((i) => i.code));
    expect(session.fatal).toBeNull();
  });

  it('shows the tables before a broken one past the first slice, then stops where a whole read does', async () => {
    const broken = bytes.slice();
    const table = whole.value.tables.at(-10)!;
    const record = table.records[0]!.span.offset;
    expect(record).toBeGreaterThan(1024 * 1024);
    broken[record] = 0x07;
    const expected = parseDmlTables(broken);
    expect(expected.fatal).toMatchObject({ code: ErrorCode.BAD_MAGIC, offset: record });

    const held = heldSource(broken);
    const { seen, opening } = startOpen(held.source);
    await untilWaiting(held.source);
    const midTables = (seen.view!.data() as GridSummary).tables.length;
    expect(midTables).toBeGreaterThan(0);
    held.release();
    const session = await opening;
    expect(session.fatal).toEqual(expected.fatal);
    expect(session.issues).toEqual(expected.issues);
    expect(session.nodeCount()).toBe(new DmlNodes(expected.value.tables).count);
    // The tables read before it are there, the broken one with the records before its error.
    const summary = session.view!.data() as GridSummary;
    expect(summary.tables.map((each) => each.name)).toEqual(
      expected.value.tables.map((each) => each.name),
    );
    expect(summary.tables.length).toBeGreaterThanOrEqual(midTables);
  });

  it('waits for the whole file to find in every table and export, and can be cancelled', async () => {
    const held = heldSource(bytes);
    const { seen, opening } = startOpen(held.source);
    await untilWaiting(held.source);
    const view = seen.view!;
    const progress: string[] = [];
    const job: ViewJob = {
      ...inlineViewJob(),
      progress: (_done, _total, label) => progress.push(label),
    };
    const name = list.at(-1)!.fields[0]!.target!;
    let found: GridFindAnswer | null = null;
    const finding = ask<GridFindAnswer>(view, { kind: 'find', text: name, limit: 10 }, job).then(
      (answer) => (found = answer),
    );
    const cancelled = {
      isCancelled: false,
      throwIfCancelled() {
        if (this.isCancelled)
          throw new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled' });
      },
    };
    const exporting = ask(
      view,
      { kind: 'export', format: 'csv' },
      { ...inlineViewJob(), signal: cancelled },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(found).toBeNull();
    expect(progress).toContain('reading the file');
    cancelled.isCancelled = true;
    await expect(exporting).rejects.toMatchObject({ code: ErrorCode.CANCELLED });

    held.release();
    const session = await opening;
    await finding;
    // The last WAD table, past the first slice, is among them: the whole file was searched.
    const query: GridQuery = { kind: 'find', text: name, limit: 10 };
    expect(found).toEqual(await ask<GridFindAnswer>(session.view!, query));
    expect(found!.matches.map((match) => match.table)).toContain(whole.value.tables.length - 1);
  });

  it('ends the open and every answer waiting on it when the source fails mid-open', async () => {
    const held = heldSource(bytes);
    const { seen, opening } = startOpen(held.source);
    await untilWaiting(held.source);
    const nodes = seen.nodes;
    const finding = ask(seen.view!, { kind: 'find', text: 'x', limit: 1 });
    const gone = new FormatError({
      code: ErrorCode.MISSING_SOURCE,
      offset: 0,
      detail: 'the file went away',
    });
    held.fail(gone);
    await expect(opening).rejects.toBe(gone);
    await expect(finding).rejects.toBe(gone);
    // Nothing was handed over after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.nodes).toBe(nodes);
  });

  it('opens a list in one slice as a read of the whole file does', async () => {
    const small = writeDmlTables(list.slice(0, 40));
    const { seen, opening } = startOpen(new MemoryByteSource(small, 'small.bin'));
    const session: Session = await opening;
    expect(seen.nodes).toBe(new DmlNodes(parseDmlTables(small).value.tables).count);
    expect(session.nodeCount()).toBe(seen.nodes);
  });

  it('offers its view after a small first read and batch, then reads in steps of 1,024 records at least', async () => {
    const inner = new MemoryByteSource(bytes, 'LatestFileList.bin');
    let bytesRead = 0;
    const counting: ByteSource = {
      name: inner.name,
      size: inner.size,
      read(offset, length) {
        bytesRead = Math.max(bytesRead, offset + length);
        return inner.read(offset, length);
      },
    };
    let readAtOffer = -1;
    const batches: number[] = [];
    const sink: OpenSink = {
      nodes: () => undefined,
      nodeRange: () => undefined,
      documentNodes: (_table, indexes) => void batches.push(indexes.length),
      openingView: () => void (readAtOffer = bytesRead),
    };
    await openDmlSession({ sources: [counting], services: inlineServices(), sink });
    // The first table of the list is longer than a batch: its first records come first.
    expect(list[0]!.records.length).toBeGreaterThan(4096);
    expect(readAtOffer).toBeGreaterThan(0);
    expect(readAtOffer).toBeLessThanOrEqual(64 * 1024);
    expect(batches[0]).toBeLessThan(300);
    // Later batches end by time (so a question waits one batch at most), never in the
    // middle of a step: none of the big table's batches is under a step's records.
    expect(Math.min(...batches.slice(1, 4))).toBeGreaterThanOrEqual(1024);
  });
});
