/**
 * The session of a document, built from what is the format's own. A document format reads
 * its file into nodes (a path, a span of bytes, fields, a kind), says what the file is (a
 * label, facts) and, where it has one, gives a view; everything else a document session is
 * — bounds-checked node access, the node table, each node's details, its content as a
 * slice of the bytes its spans point into, the default Bytes and Offset columns — is here,
 * the same for every document.
 *
 * Two ways in: `openDocument` for a format whose reader returns its nodes as objects (a
 * level, a descriptor: hundreds or thousands of nodes), and `documentSession` for one that
 * keeps its nodes in a table of its own (millions of keys) and streams them itself.
 */
import type { ByteSource } from '../binary/byte-source.ts';
import { ErrorCode, FormatError, type ErrorInfo } from '../binary/format-error.ts';
import {
  DEFAULT_COLUMNS,
  type CellValue,
  type ColumnDef,
  type ContentCapability,
  type Fact,
  type Issue,
  type NodeKind,
  type NodeTable,
  type OpenRequest,
  type OpenSink,
  type ParseResult,
  type Session,
  type Span,
  type SpanBase,
  type ViewCapability,
} from './model.ts';

/** The columns of a document whose nodes are spans of bytes: their size and their offset. */
export const DOCUMENT_COLUMNS: readonly ColumnDef[] = [
  { id: 'size', label: 'Bytes', kind: 'size' },
  { id: 'offset', label: 'Offset', kind: 'hex' },
];

/** A document's nodes by index, as the session reads them (the index is already checked). */
export interface DocumentNodes {
  readonly count: number;
  path(index: number): string;
  /** The node's own bytes, in the file or the logical bytes (`DocumentSpec.spanBase`). */
  span(index: number): Span;
  kind(index: number): NodeKind;
  /** What the details pane and the CLI show of it, made when asked. */
  fields(index: number): Fact[];
  /** For nodes streamed by index (`OpenSink.documentNodes`): see NodeTable. */
  parentOf?(index: number): number;
  nameOf?(index: number): string;
  /** See NodeTable. */
  diffPath?(index: number): string;
}

export interface DocumentSpec {
  format: string;
  label: string;
  facts: Fact[];
  issues: Issue[];
  fatal: ErrorInfo | null;
  nodes: DocumentNodes;
  /** The default column set; Bytes and Offset when absent. */
  columns?: readonly ColumnDef[];
  /** A cell of the format's own columns; the Offset column's when absent. */
  cell?(index: number, columnId: string): CellValue;
  /** Where spans point: the file as read (the default) or the session's decoded bytes. */
  spanBase?: SpanBase;
  /**
   * The bytes spans point into, when the session holds them: a node's content is its slice.
   * With `logical` spans, they are the session's logical bytes.
   */
  bytes?: Uint8Array;
  /** With `file` spans and `bytes`: the file, so content can be sliced without a read. */
  source?: ByteSource;
  view?: ViewCapability;
}

/**
 * Checks a node index a caller gives (a query, a row): OUT_OF_BOUNDS unless one of `count`
 * (or of `count()` as it is then, for nodes that grow while a file is read).
 */
export function nodeIndexCheck(
  count: number | (() => number),
  format: string,
): (index: number) => number {
  const countNow = typeof count === 'number' ? () => count : count;
  return (index) => {
    if (!Number.isSafeInteger(index) || index < 0 || index >= countNow()) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no node ${index}`,
        format,
      });
    }
    return index;
  };
}

/** A document session over `spec`'s nodes. */
export function documentSession(spec: DocumentSpec): Session {
  const { format, nodes, bytes } = spec;
  const spanBase = spec.spanBase ?? 'file';
  // Read when asked: the nodes of a document read in steps grow until its open answers.
  const nodeAt = nodeIndexCheck(() => nodes.count, format);
  const size = (index: number) => nodes.span(nodeAt(index)).length;
  const table: NodeTable = {
    path: (index) => nodes.path(nodeAt(index)),
    size,
    storedSize: size,
    kind: (index) => nodes.kind(nodeAt(index)),
    expectedCount: () => nodes.count,
  };
  // Only where the nodes have them: a table with `parentOf` is placed by parent and name.
  if (nodes.parentOf) table.parentOf = (index) => nodes.parentOf!(nodeAt(index));
  if (nodes.nameOf) table.nameOf = (index) => nodes.nameOf!(nodeAt(index));
  if (nodes.diffPath) table.diffPath = (index) => nodes.diffPath!(nodeAt(index));
  const content = (held: Uint8Array): ContentCapability => ({
    storedSpan: (index) =>
      spec.source && spanBase === 'file'
        ? { source: spec.source, span: nodes.span(nodeAt(index)) }
        : null,
    read(index) {
      const { offset, length } = nodes.span(nodeAt(index));
      return Promise.resolve({ bytes: held.slice(offset, offset + length), warning: null });
    },
  });
  return {
    format,
    label: spec.label,
    facts: spec.facts,
    issues: spec.issues,
    fatal: spec.fatal,
    layout: 'document',
    columnSets: { [DEFAULT_COLUMNS]: spec.columns ?? DOCUMENT_COLUMNS },
    nodeCount: () => nodes.count,
    nodeTable: () => table,
    cell: (index, columnId) =>
      spec.cell
        ? spec.cell(nodeAt(index), columnId)
        : columnId === 'offset'
          ? nodes.span(nodeAt(index)).offset
          : null,
    details(index) {
      const span = nodes.span(nodeAt(index));
      return {
        index,
        path: nodes.path(index),
        kind: nodes.kind(index),
        size: span.length,
        storedSize: span.length,
        span,
        spanBase,
        record: null,
        isCompressed: false,
        checksum: null,
        fields: nodes.fields(index),
      };
    },
    ...(spanBase === 'logical' && bytes ? { logical: bytes } : {}),
    ...(bytes ? { content: content(bytes) } : {}),
    ...(spec.view ? { view: spec.view } : {}),
  };
}

/** One node of a document read whole: its path, its bytes, its fields. */
export interface DocumentNode {
  path: string;
  span: Span;
  fields: Fact[];
}

/** Nodes held as objects, for `documentSession`. */
export function documentNodesOf<N extends DocumentNode>(
  nodes: readonly N[],
  kind: (node: N) => NodeKind = () => 'section',
): DocumentNodes {
  return {
    count: nodes.length,
    path: (index) => nodes[index]!.path,
    span: (index) => nodes[index]!.span,
    kind: (index) => kind(nodes[index]!),
    fields: (index) => nodes[index]!.fields,
  };
}

/** Hands nodes held as objects to the tree, in one batch (a document read whole is small). */
export function sendDocumentNodes(sink: OpenSink, nodes: readonly DocumentNode[]): void {
  sink.nodes(
    nodes.map((node, index) => ({
      index,
      path: node.path,
      size: node.span.length,
      storedSize: node.span.length,
    })),
    nodes.length,
    nodes.length,
  );
}

/** What a document format says of a file it has read: everything but its nodes. */
export type DocumentDescription = Omit<DocumentSpec, 'format' | 'issues' | 'fatal' | 'nodes'>;

/** A document format's own parts: its reader, its nodes, and what it says of the file. */
export interface DocumentFormatSpec<T, N extends DocumentNode> {
  format: string;
  /** Reads the file: what was read, its issues, and the error that stopped it (if any). */
  read(source: ByteSource): Promise<ParseResult<T>>;
  /** The tree's nodes, in file order. */
  nodes(value: T): readonly N[];
  /** What a node is; `section` when absent. */
  kind?(node: N): NodeKind;
  /** The label, facts and anything more (logical bytes, a view) of what was read. */
  describe(value: T, nodes: readonly N[]): DocumentDescription;
}

/** A format module's `open` for a document read whole: read, hand the nodes over, describe. */
export function openDocument<T, N extends DocumentNode>(
  spec: DocumentFormatSpec<T, N>,
): (request: OpenRequest) => Promise<Session> {
  return async ({ sources, sink }) => {
    const result = await spec.read(sources[0]!);
    const nodes = spec.nodes(result.value);
    sendDocumentNodes(sink, nodes);
    return documentSession({
      ...spec.describe(result.value, nodes),
      format: spec.format,
      issues: [...result.issues],
      fatal: result.fatal,
      nodes: documentNodesOf(nodes, spec.kind),
    });
  };
}
