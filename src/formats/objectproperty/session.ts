/**
 * An ObjectProperty file (a `BINd` file, or a blob opened with its settings) as a session:
 * a document whose nodes are its objects, properties and container items in stream order
 * (nodes.ts), each with its bytes. Decoded with the type lists the user gave, if any;
 * without one, a deep stream is walked generically and a shallow one shows its class hash.
 */
import { toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import {
  DOCUMENT_COLUMNS,
  documentNodesOf,
  documentSession,
  sendDocumentNodes,
} from '../document-session.ts';
import type { ColumnDef, Fact, Issue, OpenRequest, Session } from '../model.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { objectNodes, type ObjectNode } from './nodes.ts';
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
function namingIssues(decode: ObjectDecode, nodes: readonly ObjectNode[]): Issue[] {
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
  const unknown = nodes.filter((node) => node.path.split('/').pop()!.startsWith('#')).length;
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
  const nodes = result ? objectNodes(result.decode) : [];
  sendDocumentNodes(sink, nodes);
  if (result) issues.push(...result.issues, ...namingIssues(result.decode, nodes));
  const isLogical = result !== null && result.decode.streamOffset === null;
  return documentSession({
    format: OBJECT_PROPERTY_FORMAT,
    label: hasBindMagic(bytes) ? 'ObjectProperty BINd file' : 'ObjectProperty blob',
    facts: result ? factsOf(result.decode, types) : [],
    issues,
    fatal,
    nodes: documentNodesOf(nodes, (node) => node.kind),
    columns: OBJECT_PROPERTY_COLUMNS,
    cell(index, columnId) {
      const node = nodes[index]!;
      if (columnId === 'offset') return node.span.offset;
      if (columnId === 'value') return node.summary;
      return null;
    },
    spanBase: isLogical ? 'logical' : 'file',
    bytes: isLogical ? result!.decode.stream : bytes,
    source,
  });
}
