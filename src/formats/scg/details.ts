/**
 * What the session says of each node: the type and value cells, the details fields, and
 * the text of the file's own parts. Keyed-archive nodes get the keyed-archive fields
 * (../ka/node-reader.ts) plus what a polygon group's keys mean: the vertex format's bits by
 * name, the index size, the packing and primitive type, and whether the `vertices` and
 * `indices` arrays hold what the counts and formats say.
 */
import { quotedText } from '../../binary/quoted-text.ts';
import type { ContainerNodeTable } from '../ka/container-table.ts';
import { typeName } from '../ka/display.ts';
import { bareArchiveFields, clipText, keyNodeFields, spanText } from '../ka/node-fields.ts';
import type { KaNodeReader } from '../ka/node-reader.ts';
import type { Fact, Span } from '../model.ts';
import {
  expectedPrimitives,
  indexFormatText,
  packingText,
  primitiveTypeText,
  vertexFormatText,
} from './geometry.ts';
import type { ScgTableSink } from './table-sink.ts';
import type { ScgPolygonGroupInfo } from './types.ts';

const counts = new Intl.NumberFormat('en-US');
const groupsText = (count: number) =>
  `${counts.format(count)} polygon group${count === 1 ? '' : 's'}`;
const orMissing = (value: number | null, text: (value: number) => string) =>
  value === null ? '(missing)' : text(value);

/** The meaning of an int key of a group, shown after its number. */
const KEY_MEANINGS: Readonly<Record<string, (value: number) => string>> = {
  vertexFormat: vertexFormatText,
  indexFormat: indexFormatText,
  packing: packingText,
  rhi_primitiveType: primitiveTypeText,
};

/** A key's meaning; own keys only (a file's key may be `constructor`). */
function meaningOf(key: string): ((value: number) => string) | undefined {
  return Object.hasOwn(KEY_MEANINGS, key) ? KEY_MEANINGS[key] : undefined;
}

/** `4,032 bytes = 72 × 56`, or what disagrees, or why it is not checked. */
export function verticesCheckText(info: ScgPolygonGroupInfo): string {
  const { verticesLength: length, vertexCount: count, vertexStride: stride } = info;
  if (length === null) return '(missing)';
  const bytes = `${counts.format(length)} bytes`;
  if (info.packing !== 0) return `${bytes}; not checked: packed (packing ${info.packing ?? '?'})`;
  if (count === null || info.vertexFormat === null) return `${bytes}; not checked`;
  if (stride === null) return `${bytes}; not checked: the format has bits of unknown size`;
  const expected = count * stride;
  return expected === length
    ? `${bytes} = ${counts.format(count)} × ${stride}`
    : `${bytes}, but ${counts.format(count)} vertices × ${stride} bytes = ${counts.format(expected)}`;
}

export function indicesCheckText(info: ScgPolygonGroupInfo): string {
  const { indicesLength: length, indexCount: count, indexSize: size } = info;
  if (length === null) return '(missing)';
  const bytes = `${counts.format(length)} bytes`;
  if (count === null || size === null) return `${bytes}; not checked`;
  const expected = count * size;
  return expected === length
    ? `${bytes} = ${counts.format(count)} × ${size}`
    : `${bytes}, but ${counts.format(count)} indices × ${size} bytes = ${counts.format(expected)}`;
}

/** `id 1, 72 vertices, 108 indices`. */
export function groupSummary(info: ScgPolygonGroupInfo): string {
  const parts: string[] = [];
  if (info.id !== null) parts.push(`id ${info.id}`);
  parts.push(`${orMissing(info.vertexCount, (n) => counts.format(n))} vertices`);
  parts.push(`${orMissing(info.indexCount, (n) => counts.format(n))} indices`);
  if (info.vertexFormatNames.length > 0) parts.push(info.vertexFormatNames.join('|'));
  return parts.join(', ');
}

export function groupFields(info: ScgPolygonGroupInfo): Fact[] {
  const primitives = info.primitiveCount;
  const expected =
    info.primitiveType === null || info.indexCount === null
      ? null
      : expectedPrimitives(info.primitiveType, info.indexCount);
  let primitiveText = orMissing(primitives, (n) => counts.format(n));
  if (primitives !== null && expected !== null && expected !== primitives)
    primitiveText += ` (the indices make ${counts.format(expected)})`;
  return [
    ['Polygon group', info.name || '(no ##name)'],
    ['Id', info.id ?? '(no 8-byte #id)'],
    ['Vertex count', orMissing(info.vertexCount, (n) => counts.format(n))],
    ['Vertex format', orMissing(info.vertexFormat, vertexFormatText)],
    ['Vertex stride', info.vertexStride === null ? '(unknown)' : `${info.vertexStride} bytes`],
    ['Vertices', verticesCheckText(info)],
    ['Index count', orMissing(info.indexCount, (n) => counts.format(n))],
    ['Index format', orMissing(info.indexFormat, indexFormatText)],
    ['Indices', indicesCheckText(info)],
    ['Packing', orMissing(info.packing, packingText)],
    ['Primitive type', orMissing(info.primitiveType, primitiveTypeText)],
    ['Primitive count', primitiveText],
  ];
}

export function scgDetails(
  table: ContainerNodeTable,
  reader: KaNodeReader,
  walk: ScgTableSink,
  infos: ReadonlyMap<number, ScgPolygonGroupInfo>,
  bytes: Uint8Array,
) {
  const magicText = () =>
    quotedText(String.fromCharCode(...bytes.subarray(0, Math.min(4, bytes.length))));
  const headerText = () => {
    const header = walk.header;
    return header
      ? `SCPG v${header.version}, ${groupsText(header.nodeCount)}`
      : 'not read to its end';
  };
  const sectionText = (node: number): string => {
    const field = walk.headerFields.get(node);
    if (field) return field.field === 'magic' ? magicText() : String(field.value);
    if (node === walk.parts.get('header')) return headerText();
    return groupsText(walk.groups.length);
  };
  const sectionJson = (node: number): unknown => {
    const field = walk.headerFields.get(node);
    if (field) return field.field === 'magic' ? JSON.parse(magicText()) : field.value;
    if (node === walk.parts.get('header')) {
      return Object.fromEntries(
        [...walk.headerFields.values()].map(({ field, value }) => [
          field,
          field === 'magic' ? JSON.parse(magicText()) : value,
        ]),
      );
    }
    return { polygonGroups: walk.groups.length };
  };

  /** The group a key sits in directly, and the key's name; null for any other node. */
  const groupKey = (node: number): { info: ScgPolygonGroupInfo; key: string } | null => {
    const parent = table.parents[node]!;
    const info = parent >= 0 ? infos.get(parent) : undefined;
    if (!info || !table.hasKey(node)) return null;
    return { info, key: table.keyText(node) ?? '' };
  };
  const keyMeaning = (node: number): Fact[] => {
    const owner = groupKey(node);
    if (!owner) return [];
    const { info, key } = owner;
    const meaning = meaningOf(key);
    const value = meaning ? reader.shortValue(node, 40) : null;
    if (meaning && value !== null && /^-?\d+$/.test(value)) return [['Means', meaning(+value)]];
    if (key === 'vertices') return [['Check', verticesCheckText(info)]];
    if (key === 'indices') return [['Check', indicesCheckText(info)]];
    return [];
  };

  const fields = (node: number): Fact[] => {
    const span: Span = { offset: table.starts[node]!, length: table.lengths[node]! };
    if (table.isSection(node)) {
      const field = walk.headerFields.get(node);
      return [
        [field ? 'Field' : 'Part', field ? `u32 ${field.field}` : table.segment(node)],
        ['Value', sectionText(node)],
        ['Bytes', spanText(span)],
      ];
    }
    if (table.bare.has(node)) {
      const info = infos.get(node);
      const own = info ? groupFields(info) : [['Polygon group', 'not read to its end'] as Fact];
      return bareArchiveFields(table, node, own);
    }
    return keyNodeFields(table, reader, node, keyMeaning(node));
  };

  const typeText = (node: number): string => {
    const field = walk.headerFields.get(node);
    if (field) return field.field === 'magic' ? 'char[4]' : 'uint32';
    if (table.isSection(node)) return 'file part';
    if (table.bare.has(node)) return 'polygon group';
    return typeName(table.types[node]!);
  };
  const valueText = (node: number, limit: number): string | null => {
    let text: string | null;
    if (table.isSection(node)) text = sectionText(node);
    else if (table.bare.has(node)) {
      const info = infos.get(node);
      text = info ? groupSummary(info) : `{${counts.format(table.childCounts[node]!)} keys}`;
    } else {
      text = reader.shortValue(node, limit);
      const meaning = groupKey(node) ? meaningOf(table.keyText(node) ?? '') : undefined;
      if (meaning && text !== null && /^-?\d+$/.test(text)) {
        // `0 (16-bit)` already starts with the number; `395 = 0x18B (…)` does not.
        const meant = meaning(+text);
        text = meant.startsWith(`${text} `) ? meant : `${text} = ${meant}`;
      }
    }
    return clipText(text, limit);
  };

  return { sectionText, sectionJson, fields, typeText, valueText, headerText };
}
