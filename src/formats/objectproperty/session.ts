/**
 * An ObjectProperty file (a `BINd` file, or a blob opened with its settings) as a session:
 * a document whose nodes are its objects, properties and container items in stream order
 * (nodes.ts), each with its bytes. Decoded with the type lists the user gave, if any;
 * without one, a deep stream is walked generically and a shallow one shows its class hash.
 */
import { toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
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
import { nodeFields, nodeSummary } from './nodes.ts';
import {
  decodeObjectTable,
  hasBindMagic,
  type TableDecode,
  type TableDecodeResult,
} from './read.ts';
import { configOf, typeIndexFor } from './settings.ts';
import { SerializerFlag, type TypeIndex } from './types.ts';

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

function factsOf(decode: TableDecode, types: TypeIndex | null): Fact[] {
  const { header, config, kind, table } = decode;
  const facts: Fact[] = [
    ['Kind', header.isBind ? 'BINd file' : 'blob'],
    ['Mode', config.isShallow ? 'shallow' : 'deep'],
    ['Flags', flagsText(header.flags)],
    ['Compressed', header.isInflated ? 'yes (zlib)' : 'no'],
    ['Type lists', types ? types.sources.join(', ') : 'none'],
  ];
  if (kind === 'typed')
    facts.push(['Root class', table.classNameOf(0) ?? `hash ${hashText(table.hashOf(0))}`]);
  else facts.push(['Root class hash', hashText(table.hashOf(0))]);
  return facts;
}

/** A class hash as the tree shows it (hex), with the decimal the CLI's JSON and type lists use. */
function hashText(hash: number): string {
  return `${hex32(hash)} (${hash >>> 0})`;
}

/** What a decode leaves unnamed: a note per kind, so the user knows a list would help. */
function namingIssues(decode: TableDecode): Issue[] {
  if (decode.kind === 'hashOnly') {
    return [
      {
        severity: 'info',
        code: 'TYPE_LIST_NEEDED',
        message: 'a shallow blob needs a type list to be read past its class hash',
        entryIndex: 0,
      },
    ];
  }
  if (decode.kind === 'generic') {
    return [
      {
        severity: 'info',
        code: 'NO_TYPE_LIST',
        message: 'no type list: objects and properties are shown by hash, their values guessed',
      },
    ];
  }
  const unknown = decode.table.unnamedCount;
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

/**
 * Hands a table's nodes to the tree while the walk fills it, in batches of FIRST_BATCH
 * doubling to LARGEST_BATCH: by index where the sink takes them so, else as objects.
 */
class NodeHandOver {
  handed = 0;
  private batch = FIRST_BATCH;
  private readonly tree: NodeTable;

  constructor(
    private readonly sink: OpenSink,
    private readonly table: ObjectNodeTable,
  ) {
    const size = (index: number) => table.span(index).length;
    this.tree = {
      path: (index) => table.path(index),
      size,
      storedSize: size,
      parentOf: (index) => table.parentOf(index),
      nameOf: (index) => table.nameOf(index),
      kind: (index) => table.kind(index),
      // The table's room, not its count: the tree sizes its columns by it, once per doubling.
      expectedCount: () => table.capacity,
    };
  }

  /** Hands over whole batches of the nodes before `limit`; with `isLast`, the rest too. */
  upTo(closed: number, isLast: boolean): void {
    const limit = Math.min(closed, this.table.count);
    while (this.handed < limit && (isLast || limit - this.handed >= this.batch)) {
      const start = this.handed;
      const end = Math.min(limit, start + this.batch);
      this.send(start, end);
      this.handed = end;
      this.batch = Math.min(LARGEST_BATCH, this.batch * 2);
    }
  }

  /** The root alone, as the first batch (the rest of the stream is still to inflate). */
  handOverRoot(): void {
    if (this.handed > 0 || this.table.count === 0) return;
    this.send(0, 1);
    this.handed = 1;
  }

  private send(start: number, end: number): void {
    const { sink, table } = this;
    if (sink.documentNodes) {
      const indexes = new Int32Array(end - start);
      for (let at = 0; at < indexes.length; at++) indexes[at] = start + at;
      sink.documentNodes(this.tree, indexes, end, 0);
      return;
    }
    const inputs = [];
    for (let index = start; index < end; index++) {
      const size = table.span(index).length;
      inputs.push({ index, path: table.path(index), size, storedSize: size });
    }
    sink.nodes(inputs, end, 0);
  }
}

/** A file opened: its session, and what its view reads (the same decode). */
export interface ObjectPropertyOpened {
  session: Session;
  decode: TableDecode | null;
  types: TypeIndex | null;
}

/**
 * Decodes the file, its nodes streamed to the tree while the walk goes on (a pause between
 * batches, so the page is answered). A file that fails part way keeps the nodes handed over.
 */
export async function openObjectProperty(request: OpenRequest): Promise<ObjectPropertyOpened> {
  const { sources, services, sink, settings } = request;
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  let fatal: ErrorInfo | null = null;
  let result: TableDecodeResult | null = null;
  let types: TypeIndex | null = null;
  let table: ObjectNodeTable | null = null;
  let handOver: NodeHandOver | null = null;
  let walk: { readonly closedCount: number } | null = null;
  try {
    types = typeIndexFor(services);
    const config = hasBindMagic(bytes) ? undefined : configOf(settings);
    result = await decodeObjectTable(
      bytes,
      { ...(config ? { config } : {}), types },
      {
        onTable(filled, walked) {
          table = filled;
          walk = walked;
          handOver = new NodeHandOver(sink, filled);
        },
        firstBatch: FIRST_BATCH,
        largestBatch: LARGEST_BATCH,
        async batch(closedCount) {
          handOver!.upTo(closedCount, false);
          await services.pause();
        },
        // The root's row first, while the rest of the stream inflates.
        async root() {
          handOver!.handOverRoot();
          await services.pause();
        },
        pause: () => services.pause(),
      },
    );
  } catch (error) {
    fatal = toErrorInfo(error);
  }
  const handed = finishHandOver(handOver, walk, fatal !== null);
  if (fatal && table) (table as ObjectNodeTable).truncate(handed);
  if (handed === 0) sink.nodes([], 0, 0);
  const decode = result?.decode ?? null;
  const issues: Issue[] = result && decode ? [...result.issues, ...namingIssues(decode)] : [];
  const isLogical = decode !== null && decode.streamOffset === null;
  const session = documentSession({
    format: OBJECT_PROPERTY_FORMAT,
    label: hasBindMagic(bytes) ? 'ObjectProperty BINd file' : 'ObjectProperty blob',
    facts: decode ? factsOf(decode, types) : [],
    issues,
    fatal,
    nodes: table ? documentNodesOfTable(table) : EMPTY_NODES,
    columns: OBJECT_PROPERTY_COLUMNS,
    cell(index, columnId) {
      if (!table) return null;
      if (columnId === 'offset') return (table as ObjectNodeTable).span(index).offset;
      if (columnId === 'value') return nodeSummary(table, index);
      return null;
    },
    spanBase: isLogical ? 'logical' : 'file',
    bytes: isLogical ? decode.stream : bytes,
    source,
  });
  return { session, decode, types };
}

/** The last nodes handed over: all of them, or (failed) those the walk had completed. */
function finishHandOver(
  handOver: NodeHandOver | null,
  walk: { readonly closedCount: number } | null,
  isFailed: boolean,
): number {
  if (!handOver || !walk) return 0;
  handOver.upTo(isFailed ? walk.closedCount : Infinity, true);
  return handOver.handed;
}

export async function openObjectPropertySession(request: OpenRequest): Promise<Session> {
  return (await openObjectProperty(request)).session;
}
