/**
 * A DML table file as a session: a document whose nodes are its tables, their templates and
 * fields, and their records (nodes.ts has the layout), each with its bytes in the file; the
 * `dml-tables` view pages, sorts, filters, searches and exports the records (grid-view.ts). A
 * patch list's files can be checked against a game folder (install-list.ts).
 * Issues name the node whose bytes they concern.
 */
import { FormatError, type ErrorInfo } from '../../binary/format-error.ts';
import { DOCUMENT_COLUMNS, documentSession } from '../document-session.ts';
import type {
  ColumnDef,
  Fact,
  Issue,
  NodeInput,
  NodeTable,
  OpenSink,
  Session,
  OpenRequest,
} from '../model.ts';
import { DmlGrid, dmlGridView } from './grid-view.ts';
import { dmlListedFiles } from './install-list.ts';
import { DmlNodes } from './nodes.ts';
import { DML_FORMAT, DmlTableReader, dmlFatal, type DmlReadStop } from './read.ts';

/** The first slice of the file read: enough for the first batch of a long list. */
const FIRST_SLICE = 64 * 1024;
/** Slices double up to this: fewer reads, and a table cut by a slice end is read again less. */
const MOST_SLICE = 8 * 1024 * 1024;
/**
 * Records read before the first hand-over to the tree: few, so the grid is offered and its
 * first questions answered soon after the drop.
 */
const FIRST_BATCH_RECORDS = 256;
/**
 * After it, records are read in steps of STEP_RECORDS until a batch has taken BATCH_MS (or
 * holds MOST_BATCH_RECORDS), then handed over with a pause for other calls: a page of rows
 * asked while the list is read waits for one batch at most, however busy the machine (a
 * batch of a fixed 4,096 records took 100–400 ms on a loaded one), and a fast machine
 * still reads in few hand-overs, each with its cost.
 */
const STEP_RECORDS = 1024;
const MOST_BATCH_RECORDS = 32 * 1024;
const BATCH_MS = 16;
/** Characters of the Value column. */
const VALUE_LIMIT = 80;

const counts = new Intl.NumberFormat('en-US');

export const DML_COLUMNS: readonly ColumnDef[] = [
  ...DOCUMENT_COLUMNS,
  { id: 'value', label: 'Value', kind: 'text' },
];

/** Each issue with the node its bytes are in (`entryIndex`), where one holds them. */
function locateIssues(issues: readonly Issue[], nodes: DmlNodes): Issue[] {
  return issues.map((issue) => {
    const node = issue.span ? nodes.nodeAt(issue.span.offset) : -1;
    return node >= 0 ? { ...issue, entryIndex: node } : issue;
  });
}

/**
 * Hands the nodes made since `from` to the tree: by index where the sink takes them so (the
 * tree asks each node's parent and name of `table`; no path is made), else as objects with
 * paths. Answers the count handed over.
 */
function sendNodes(nodes: DmlNodes, table: NodeTable, sink: OpenSink, from: number): number {
  const end = nodes.count;
  if (end === from) return end;
  if (sink.documentNodes) {
    const indexes = new Int32Array(end - from);
    for (let at = 0; at < indexes.length; at++) indexes[at] = from + at;
    sink.documentNodes(table, indexes, end, 0);
  } else {
    const batch: NodeInput[] = [];
    for (let node = from; node < end; node++) {
      const { length } = nodes.span(node);
      batch.push({ index: node, path: nodes.path(node), size: length, storedSize: length });
    }
    sink.nodes(batch, end, 0);
  }
  return end;
}

/**
 * Reads one batch of records over the bytes there are: the first (`isFirst`) small, the
 * others in steps until BATCH_MS have passed. Answers why it stopped, as `read` does.
 */
function readBatch(
  reader: DmlTableReader,
  bytes: Uint8Array,
  available: number,
  isFinal: boolean,
  isFirst: boolean,
): DmlReadStop {
  if (isFirst) return reader.read(bytes, available, isFinal, FIRST_BATCH_RECORDS);
  const started = performance.now();
  let records = 0;
  for (;;) {
    const stop = reader.read(bytes, available, isFinal, STEP_RECORDS);
    records += STEP_RECORDS;
    if (stop !== 'budget') return stop;
    if (records >= MOST_BATCH_RECORDS || performance.now() - started >= BATCH_MS) return stop;
  }
}

/**
 * Opens a list as it is read: the file in slices, its tables in batches of records, each
 * batch's nodes handed to the tree and its tables to the grid (offered to the sink at the
 * first), with a pause between batches so other calls (rows, a page of the grid) are
 * answered. Once every byte is read the session is what a read of the whole file makes.
 */
export async function openDmlSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = new Uint8Array(source.size);
  const reader = new DmlTableReader();
  const { tables } = reader;
  const nodes = new DmlNodes(tables);
  const grid = new DmlGrid(tables, nodes, source.name, bytes, false);
  const view = dmlGridView(grid);
  const opening = documentSession({
    format: DML_FORMAT,
    label: 'KingsIsle DML tables',
    facts: [],
    issues: [],
    fatal: null,
    nodes: {
      get count() {
        return nodes.count;
      },
      path: (node) => nodes.path(node),
      span: (node) => nodes.span(node),
      kind: (node) => nodes.kind(node),
      fields: (node) => nodes.fields(node),
      parentOf: (node) => nodes.parentOf(node),
      nameOf: (node) => nodes.nameOf(node),
      diffPath: (node) => nodes.diffPath(node),
    },
    columns: DML_COLUMNS,
    cell(node, columnId) {
      if (columnId === 'offset') return nodes.span(node).offset;
      if (columnId === 'value') return nodes.summary(node, VALUE_LIMIT);
      return null;
    },
    bytes,
    source,
    view,
  });
  const nodeTable = opening.nodeTable();
  let fatal: ErrorInfo | null = null;
  try {
    let available = 0;
    let slice = FIRST_SLICE;
    let sent = 0;
    for (;;) {
      const isFinal = available === bytes.length;
      let stop: DmlReadStop;
      try {
        stop = readBatch(reader, bytes, available, isFinal, sent === 0);
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        fatal = dmlFatal(error);
        stop = 'end';
      }
      nodes.grow();
      if (sent === 0 && tables.length > 0) sink.openingView?.(view);
      sent = sendNodes(nodes, nodeTable, sink, sent);
      grid.grew();
      if (stop === 'end') break;
      if (stop === 'bytes') {
        const length = Math.min(slice, bytes.length - available);
        bytes.set(await source.read(available, length), available);
        available += length;
        slice = Math.min(MOST_SLICE, slice * 2);
      } else {
        await services.pause();
      }
    }
  } catch (error) {
    // The source failed (or the file went away): nothing more comes, and no answer waits on.
    grid.failed(error);
    throw error;
  }
  const { issues } = reader.finish(fatal);
  grid.read();
  const facts: Fact[] = [
    ['Tables', counts.format(tables.length)],
    ['Records', counts.format(reader.recordCount)],
  ];
  const session: Session = {
    ...opening,
    facts,
    issues: locateIssues(issues, nodes),
    fatal,
  };
  // A list of files (a patch list) can be checked against a game folder.
  const listed = dmlListedFiles(tables, nodes);
  return listed.length > 0 ? { ...session, installCheck: { files: () => listed } } : session;
}
