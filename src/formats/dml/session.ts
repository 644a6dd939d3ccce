/**
 * A DML table file as a session: a document whose nodes are its tables, their templates and
 * fields, and their records (nodes.ts has the layout), each with its bytes in the file; the
 * `dml-tables` view pages, sorts, filters, searches and exports the records (grid-view.ts). A
 * patch list's files can be checked against a game folder (install-list.ts).
 * Issues name the node whose bytes they concern.
 */
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
import { DML_FORMAT, parseDmlTables } from './read.ts';

/** Nodes handed to the tree at once: few at first, so the first rows show early. */
const FIRST_BATCH = 512;
const BATCH = 8192;
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
 * Hands every node to the tree in batches: by index where the sink takes them so (the tree
 * asks each node's parent and name of `table`; no path is made), else as objects with paths.
 */
async function sendNodes(
  nodes: DmlNodes,
  table: NodeTable,
  sink: OpenSink,
  pause: () => Promise<void>,
): Promise<void> {
  let size = FIRST_BATCH;
  for (let start = 0; start < nodes.count; start += size, size = Math.min(BATCH, size * 2)) {
    const end = Math.min(nodes.count, start + size);
    if (sink.documentNodes) {
      const indexes = new Int32Array(end - start);
      for (let at = 0; at < indexes.length; at++) indexes[at] = start + at;
      sink.documentNodes(table, indexes, end, nodes.count);
    } else {
      const batch: NodeInput[] = [];
      for (let node = start; node < end; node++) {
        const { length } = nodes.span(node);
        batch.push({ index: node, path: nodes.path(node), size: length, storedSize: length });
      }
      sink.nodes(batch, end, nodes.count);
    }
    await pause();
  }
}

export async function openDmlSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const { value, issues, fatal } = parseDmlTables(bytes);
  const { tables } = value;
  const nodes = new DmlNodes(tables);
  const recordCount = tables.reduce((sum, table) => sum + table.records.length, 0);
  const facts: Fact[] = [
    ['Tables', counts.format(tables.length)],
    ['Records', counts.format(recordCount)],
  ];
  const listed = dmlListedFiles(tables, nodes);
  const session = documentSession({
    format: DML_FORMAT,
    label: 'KingsIsle DML tables',
    facts,
    issues: locateIssues(issues, nodes),
    fatal,
    nodes: {
      count: nodes.count,
      path: (node) => nodes.path(node),
      span: (node) => nodes.span(node),
      kind: (node) => nodes.kind(node),
      fields: (node) => nodes.fields(node),
      parentOf: (node) => nodes.parentOf(node),
      nameOf: (node) => nodes.nameOf(node),
    },
    columns: DML_COLUMNS,
    cell(node, columnId) {
      if (columnId === 'offset') return nodes.span(node).offset;
      if (columnId === 'value') return nodes.summary(node, VALUE_LIMIT);
      return null;
    },
    bytes,
    source,
    view: dmlGridView(new DmlGrid(tables, nodes, source.name, bytes)),
  });
  await sendNodes(nodes, session.nodeTable(), sink, () => services.pause());
  // A list of files (a patch list) can be checked against a game folder.
  return listed.length > 0 ? { ...session, installCheck: { files: () => listed } } : session;
}
