/**
 * An ObjectProperty file (a `BINd` file, or a blob opened with its settings) as a session:
 * a document whose nodes are its objects, properties and container items in stream order
 * (nodes.ts), each with its bytes. Decoded with the type lists the user gave, if any;
 * without one, a deep stream is walked generically and a shallow one shows its class hash.
 */
import { toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import { DOCUMENT_COLUMNS, documentSession, type DocumentNodes } from '../document-session.ts';
import type {
  ColumnDef,
  Fact,
  Issue,
  NodeTable,
  OpenRequest,
  OpenSink,
  Session,
} from '../model.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import type { ObjectNodeTable } from './node-table.ts';
import { nodeFields, nodeSummary, objectNodeTable } from './nodes.ts';
import { decodeObjectProperty, hasBindMagic, type DecodeResult } from './read.ts';
import { configOf, typeIndexFor } from './settings.ts';
import { SerializerFlag, type ObjectDecode, type TypeIndex } from './types.ts';

export const OBJECT_PROPERTY_COLUMNS: readonly ColumnDef[] = [
  ...DOCUMENT_COLUMNS,
  { id: 'value', label: 'Value', kind: 'text' },
];

const FLAG_NAMES: [number, string][] = [
  [SerializerFlag.STATEFUL_FLAGS, 'STATEFUL_FLAGS'],
  [SerializerFlag.COMPACT_LENGTH_PREFIXES, 'COMPACT_LENGTH_PREFIXES'],
  [SerializerFlag.HUMAN_READABLE_ENUMS, 'HUMAN_READABLE_ENUMS'],
  [SerializerFlag.WITH_COMPRESSION, 'WITH_COMPRESSION'],
  [SerializerFlag.FORBID_DELTA_ENCODE, 'FORBID_DELTA_ENCODE'],
];

/** `0x9 (STATEFUL_FLAGS | WITH_COMPRESSION)`. */
export function flagsText(flags: number): string {
  const names = FLAG_NAMES.filter(([bit]) => flags & bit).map(([, name]) => name);
  return `0x${flags.toString(16).toUpperCase()}${names.length > 0 ? ` (${names.join(' | ')})` : ''}`;
}

function factsOf(decode: ObjectDecode, types: TypeIndex | null): Fact[] {
  const { header, config, root } = decode;
  const facts: Fact[] = [
    ['Kind', header.isBind ? 'BINd file' : 'blob'],
    ['Mode', config.isShallow ? 'shallow' : 'deep'],
    ['Flags', flagsText(header.flags)],
    ['Compressed', header.isInflated ? 'yes (zlib)' : 'no'],
    ['Type lists', types ? types.sources.join(', ') : 'none'],
  ];
  if (root.kind === 'typed')
    facts.push(['Root class', root.object.className ?? `hash ${root.object.hash}`]);
  else
    facts.push(['Root class hash', String(root.kind === 'generic' ? root.object.hash : root.hash)]);
  return facts;
}

/** What a decode leaves unnamed: a note per kind, so the user knows a list would help. */
function namingIssues(decode: ObjectDecode, nodes: ObjectNodeTable): Issue[] {
  if (decode.root.kind === 'hashOnly') {
    return [
      {
        severity: 'info',
        code: 'TYPE_LIST_NEEDED',
        message: 'a shallow blob needs a type list to be read past its class hash',
        entryIndex: 0,
      },
    ];
  }
  if (decode.root.kind === 'generic') {
    return [
      {
        severity: 'info',
        code: 'NO_TYPE_LIST',
        message: 'no type list: objects and properties are shown by hash, their values guessed',
      },
    ];
  }
  let unknown = 0;
  for (let index = 0; index < nodes.count; index++) if (nodes.isUnnamed(index)) unknown++;
  return unknown > 0
    ? [
        {
          severity: 'info',
          code: 'NOT_IN_TYPE_LIST',
          message: `${unknown} classes or properties are not in the type lists (shown by hash, skipped by their sizes)`,
        },
      ]
    : [];
}

const EMPTY_NODES: DocumentNodes = {
  count: 0,
  path: () => '',
  span: () => ({ offset: 0, length: 0 }),
  kind: () => 'section',
  fields: () => [],
};

/** Nodes in the first batch handed over (the first rows), doubled by each batch after. */
const FIRST_BATCH = 512;
const LARGEST_BATCH = 65_536;

/** The table as the session and the tree read it. */
function documentNodesOfTable(table: ObjectNodeTable): DocumentNodes {
  return {
    count: table.count,
    path: (index) => table.path(index),
    span: (index) => table.span(index),
    kind: (index) => table.kind(index),
    fields: (index) => nodeFields(table, index),
    parentOf: (index) => table.parentOf(index),
    nameOf: (index) => table.nameOf(index),
  };
}

/** Hands the nodes to the tree in batches: by index where it takes them so, else as objects. */
function sendNodes(sink: OpenSink, table: ObjectNodeTable): void {
  const { count } = table;
  const size = (index: number) => table.span(index).length;
  const tree: NodeTable = {
    path: (index) => table.path(index),
    size,
    storedSize: size,
    parentOf: (index) => table.parentOf(index),
    nameOf: (index) => table.nameOf(index),
    kind: (index) => table.kind(index),
    expectedCount: () => count,
  };
  let batch = FIRST_BATCH;
  for (let start = 0; start < count; start += batch, batch = Math.min(LARGEST_BATCH, batch * 2)) {
    const end = Math.min(count, start + batch);
    if (sink.documentNodes) {
      const indexes = new Int32Array(end - start);
      for (let at = 0; at < indexes.length; at++) indexes[at] = start + at;
      sink.documentNodes(tree, indexes, end, count);
    } else {
      const inputs = [];
      for (let index = start; index < end; index++) {
        inputs.push({ index, path: table.path(index), size: size(index), storedSize: size(index) });
      }
      sink.nodes(inputs, end, count);
    }
  }
  if (count === 0) sink.nodes([], 0, 0);
}

export async function openObjectPropertySession(request: OpenRequest): Promise<Session> {
  const { sources, services, sink, settings } = request;
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const issues: Issue[] = [];
  let fatal: ErrorInfo | null = null;
  let result: DecodeResult | null = null;
  let types: TypeIndex | null = null;
  try {
    types = typeIndexFor(services);
    const config = hasBindMagic(bytes) ? undefined : configOf(settings);
    result = await decodeObjectProperty(bytes, { ...(config ? { config } : {}), types });
  } catch (error) {
    fatal = toErrorInfo(error);
  }
  const nodes = result ? objectNodeTable(result.decode) : null;
  if (nodes) sendNodes(sink, nodes);
  else sink.nodes([], 0, 0);
  if (result && nodes) issues.push(...result.issues, ...namingIssues(result.decode, nodes));
  const isLogical = result !== null && result.decode.streamOffset === null;
  return documentSession({
    format: OBJECT_PROPERTY_FORMAT,
    label: hasBindMagic(bytes) ? 'ObjectProperty BINd file' : 'ObjectProperty blob',
    facts: result ? factsOf(result.decode, types) : [],
    issues,
    fatal,
    nodes: nodes ? documentNodesOfTable(nodes) : EMPTY_NODES,
    columns: OBJECT_PROPERTY_COLUMNS,
    cell(index, columnId) {
      if (!nodes) return null;
      if (columnId === 'offset') return nodes.span(index).offset;
      if (columnId === 'value') return nodeSummary(nodes, index);
      return null;
    },
    spanBase: isLogical ? 'logical' : 'file',
    bytes: isLogical ? result!.decode.stream : bytes,
    source,
  });
}
