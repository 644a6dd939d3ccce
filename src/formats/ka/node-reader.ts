/**
 * What a node of a `KaNodeTable` is, read back from the file's bytes when it is shown: its
 * value (decoded again, never kept), a short line of it, its key and value fields for the
 * details pane, its shape for the `ka-tree` view, and its subtree as JSON. Shared by every
 * session whose nodes sit in a node table: a keyed archive's, and those of container files
 * that hold keyed archives.
 */
import { quotedText } from '../../binary/quoted-text.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { Fact, Span } from '../model.ts';
import { displayValue, idText, valueText } from './display.ts';
import { valueJson, type KaJsonValue } from './export.ts';
import type { KaNodeTable } from './node-table.ts';
import { KaFollow, readLeafValue, type KaMode } from './read-value.ts';
import { KA_FORMAT, parseKaValueAt } from './read.ts';
import { KaType, type KaArchiveKind, type KaDisplayValue, type KaValue } from './types.ts';

export const KA_VERSION_NAMES: Readonly<Record<KaArchiveKind, string>> = {
  v1: 'v1',
  top: 'v2 top',
  sub: 'v2 sub',
  empty: 'v2 empty',
};

const counts = new Intl.NumberFormat('en-US');

export interface KaNodeReader {
  /** A KEYED_ARCHIVE or ARRAY node. */
  isContainer(node: number): boolean;
  mode(node: number): KaMode;
  /** From the value's type byte to the node's end. */
  valueSpan(node: number): Span;
  /** A leaf's value, read again (a partly read one throws its FormatError). */
  leafValue(node: number): KaValue;
  /** One line of the value, at most `limit` characters; null when it cannot be read. */
  shortValue(node: number, limit: number): string | null;
  keyFields(node: number): Fact[];
  valueFields(node: number): Fact[];
  /** The value shaped for the view. */
  display(node: number): KaDisplayValue;
  /** The node's value and everything below it, as `info --json` shapes it. */
  json(node: number): KaJsonValue;
}

export function kaNodeReader(bytes: Uint8Array, table: KaNodeTable): KaNodeReader {
  const isContainer = (node: number) =>
    table.types[node] === KaType.KEYED_ARCHIVE || table.types[node] === KaType.ARRAY;
  const mode = (node: number): KaMode => ({
    isRegistry: table.isRegistry(node),
    table: table.table(node),
  });
  const valueSpan = (node: number): Span => {
    const start = table.valueStarts[node]!;
    return { offset: start, length: table.starts[node]! + table.lengths[node]! - start };
  };
  const leafValue = (node: number): KaValue => {
    const reader = new ByteReader(bytes, 0, KA_FORMAT);
    reader.seek(table.valueStarts[node]! + 1);
    const { width } = table.wideWidth(node);
    return readLeafValue(reader, table.types[node]!, mode(node), KaFollow.Any, width);
  };
  const containerText = (node: number) =>
    table.types[node] === KaType.ARRAY
      ? `[${counts.format(table.childCounts[node]!)} values]`
      : `{${counts.format(table.childCounts[node]!)} keys}`;
  const shortValue = (node: number, limit: number): string | null => {
    if (isContainer(node)) return containerText(node);
    try {
      return valueText(leafValue(node), table.table(node), limit);
    } catch (error) {
      if (error instanceof FormatError) return null;
      throw error;
    }
  };
  const keyFields = (node: number): Fact[] => {
    if (!table.hasKey(node)) return [['Index', String(table.ordinals[node])]];
    const text = table.keyText(node);
    if (!table.isKeyId(node)) return [['Key', quotedText(text ?? '')]];
    const id = idText(table.keyWords[node]!);
    return [
      ['Key', text === null ? `${id} (not in the string table)` : `${quotedText(text)} (id ${id})`],
    ];
  };
  const valueFields = (node: number): Fact[] => {
    const type = table.types[node]!;
    if (type === KaType.KEYED_ARCHIVE) {
      return [
        ['Archive', KA_VERSION_NAMES[table.archiveKind(node)]],
        ['Keys', counts.format(table.childCounts[node]!)],
      ];
    }
    if (type === KaType.ARRAY) return [['Values', counts.format(table.childCounts[node]!)]];
    const fields: Fact[] = [['Value', shortValue(node, 4000) ?? '(could not be read)']];
    if (type === KaType.WIDE_STRING && !table.isRegistry(node)) {
      const { width, isAmbiguous } = table.wideWidth(node);
      const units = width === 4 ? 'UTF-32LE (4-byte units)' : 'UTF-16LE (2-byte units)';
      fields.push(['Wide string', isAmbiguous ? `${units}; 2-byte units would read too` : units]);
    }
    return fields;
  };
  const display = (node: number): KaDisplayValue => {
    const type = table.types[node]!;
    if (type === KaType.KEYED_ARCHIVE) {
      return {
        kind: 'archive',
        archiveKind: table.archiveKind(node),
        count: table.childCounts[node]!,
      };
    }
    if (type === KaType.ARRAY) return { kind: 'array', count: table.childCounts[node]! };
    return displayValue(leafValue(node), table.table(node), valueSpan(node));
  };
  const json = (node: number): KaJsonValue => {
    const value = parseKaValueAt(
      bytes,
      table.valueStarts[node]!,
      mode(node),
      table.wideWidth(node).width,
    );
    return valueJson(value, table.table(node));
  };
  return {
    isContainer,
    mode,
    valueSpan,
    leafValue,
    shortValue,
    keyFields,
    valueFields,
    display,
    json,
  };
}
