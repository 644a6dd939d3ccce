/**
 * What the tree and the details pane show of a keyed archive's nodes, for every session
 * built on keyed archives (an archive, a scene, a geometry file): the columns, a key's type,
 * key and value fields, mode and bytes, and a bare archive's kind and key count, each with
 * what the file's own format adds in between (`own`).
 */
import { hexOffset } from '../../binary/format-error.ts';
import type { ColumnDef, Fact, Span } from '../model.ts';
import type { ContainerNodeTable } from './container-table.ts';
import { typeName } from './display.ts';
import { KA_VERSION_NAMES, type KaNodeReader } from './node-reader.ts';
import type { KaNodeTable } from './node-table.ts';

const counts = new Intl.NumberFormat('en-US');

/** The columns of every session built on keyed archives: a node's type, value and bytes. */
export const KA_COLUMNS: readonly ColumnDef[] = [
  { id: 'type', label: 'Type', kind: 'text' },
  { id: 'value', label: 'Value', kind: 'text' },
  { id: 'size', label: 'Bytes', kind: 'size' },
];

/** `0x1F4 (1,024 bytes)`. */
export const spanText = (span: Span) =>
  `${hexOffset(span.offset)} (${counts.format(span.length)} bytes)`;

/** A cell's text cut to `limit` characters, an ellipsis last when cut. */
export function clipText(text: string | null, limit: number): string | null {
  return text !== null && text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** A key or array element: its type, key and value fields, `own`, its mode and bytes. */
export function keyNodeFields(
  table: KaNodeTable,
  reader: KaNodeReader,
  node: number,
  own: readonly Fact[] = [],
): Fact[] {
  const type = table.types[node]!;
  const start = table.starts[node]!;
  const keySpan = { offset: start, length: table.valueStarts[node]! - start };
  return [
    ['Type', `${typeName(type)} (${type})`],
    ...reader.keyFields(node),
    ...reader.valueFields(node),
    ...own,
    [
      'Mode',
      table.isRegistry(node)
        ? 'v2: keys and strings are ids into the string table'
        : 'v1: plain strings',
    ],
    ...(table.hasKey(node) ? [['Key bytes', spanText(keySpan)] as Fact] : []),
    ['Value bytes', spanText(reader.valueSpan(node))],
  ];
}

/** A bare archive of a container (no key, no length): its kind, keys, `own` and bytes. */
export function bareArchiveFields(
  table: ContainerNodeTable,
  node: number,
  own: readonly Fact[],
): Fact[] {
  return [
    ['Type', 'keyedArchive (8), bare: no key, no length'],
    ['Archive', KA_VERSION_NAMES[table.archiveKind(node)]],
    ['Keys', counts.format(table.childCounts[node]!)],
    ...own,
    ['Bytes', spanText({ offset: table.starts[node]!, length: table.lengths[node]! })],
  ];
}
