/**
 * A keyed archive as a session: a document of one node per key and per array element,
 * in file order, kept in typed arrays (node-table.ts) and streamed to the tree in batches
 * while the walk goes on, with a pause between them. Values are decoded from the file's
 * bytes when a node is shown; the `ka-tree` view answers questions about them (a value, a
 * search, JSON and YAML exports) without sending the tree across.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import {
  ErrorCode,
  FormatError,
  hexOffset,
  toErrorInfo,
  type ErrorInfo,
} from '../../binary/format-error.ts';
import { DEFAULT_COLUMNS, type Fact, type OpenRequest, type Session, type Span } from '../model.ts';
import { displayValue, idText, typeName, valueText } from './display.ts';
import { archiveJson, archiveYaml, valueJson } from './export.ts';
import { KaNodeTable } from './node-table.ts';
import { KaFollow, readLeafValue, type KaMode } from './read-value.ts';
import { KA_FORMAT, parseKa, parseKaValueAt, walkKa } from './read.ts';
import {
  KA_TREE_VIEW,
  KaType,
  type KaArchiveKind,
  type KaDisplayValue,
  type KaValue,
  type KaViewAnswer,
  type KaViewQuery,
  type KaViewSummary,
} from './types.ts';

const VERSION_NAMES: Record<KaArchiveKind, string> = {
  v1: 'v1',
  top: 'v2 top',
  sub: 'v2 sub',
  empty: 'v2 empty',
};

const counts = new Intl.NumberFormat('en-US');
const spanText = (span: Span) => `${hexOffset(span.offset)} (${counts.format(span.length)} bytes)`;

/** The whole file as `info --json` and the view's JSON export shape it. */
export function kaJson(bytes: Uint8Array): { format: 'ka'; version: string; root: unknown } {
  const { value, fatal } = parseKa(bytes);
  if (fatal) {
    throw new FormatError({
      code: fatal.code,
      offset: fatal.offset ?? 0,
      detail: fatal.message,
      format: KA_FORMAT,
    });
  }
  return {
    format: KA_FORMAT,
    version: VERSION_NAMES[value.root.kind],
    root: { type: 'keyedArchive', value: archiveJson(value.root, null) },
  };
}

export async function openKaSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const table = new KaNodeTable(bytes);
  let nodesRead = 0;
  const handOver = () => {
    const batch = table.takePending();
    if (batch.length === 0) return;
    nodesRead += batch.length;
    sink.nodes(batch, nodesRead, 0);
  };
  let fatal: ErrorInfo | null = null;
  const walk = walkKa(bytes, table);
  try {
    for (let step = walk.next(); !step.done; step = walk.next()) {
      handOver();
      await services.pause();
    }
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    fatal = toErrorInfo(error);
    table.closeOpen(error.offset);
  }
  handOver();
  table.trim();
  const count = table.count;

  const nodeAt = (index: number): number => {
    if (!Number.isSafeInteger(index) || index < 0 || index >= count) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no node ${index}`,
        format: KA_FORMAT,
      });
    }
    return index;
  };
  const isContainer = (node: number) =>
    table.types[node] === KaType.KEYED_ARCHIVE || table.types[node] === KaType.ARRAY;
  const modeOf = (node: number): KaMode => ({
    isRegistry: table.isRegistry(node),
    table: table.table(node),
  });
  const valueSpan = (node: number): Span => {
    const start = table.valueStarts[node]!;
    return { offset: start, length: table.starts[node]! + table.lengths[node]! - start };
  };
  /** A leaf's value, read again (a partly read one throws its FormatError). */
  const leafValue = (node: number): KaValue => {
    const reader = new ByteReader(bytes, 0, KA_FORMAT);
    reader.seek(table.valueStarts[node]! + 1);
    const { width } = table.wideWidth(node);
    return readLeafValue(reader, table.types[node]!, modeOf(node), KaFollow.Any, width);
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
    if (!table.isKeyId(node)) return [['Key', JSON.stringify(text)]];
    const id = idText(table.keyWords[node]!);
    return [
      [
        'Key',
        text === null ? `${id} (not in the string table)` : `${JSON.stringify(text)} (id ${id})`,
      ],
    ];
  };
  const valueFields = (node: number): Fact[] => {
    const type = table.types[node]!;
    if (type === KaType.KEYED_ARCHIVE) {
      return [
        ['Archive', VERSION_NAMES[table.archiveKind(node)]],
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

  let typeCounts: Record<string, number> | null = null;
  const summary = (): KaViewSummary => {
    if (!typeCounts) {
      typeCounts = {};
      for (let node = 0; node < count; node++) {
        const name = typeName(table.types[node]!);
        typeCounts[name] = (typeCounts[name] ?? 0) + 1;
      }
    }
    return {
      version: table.rootKind ? VERSION_NAMES[table.rootKind] : 'unknown',
      nodeCount: count,
      typeCounts: { ...typeCounts },
      stringTableSize: table.rootStrings.length,
      archiveCount: table.archiveCount,
      issueCount: table.issues.length,
    };
  };

  const displayOf = (node: number): KaDisplayValue => {
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

  const search = (text: string, limit: number): KaViewAnswer => {
    const needle = text.toLowerCase();
    const indexes: number[] = [];
    let total = 0;
    for (let node = 0; node < count; node++) {
      const key = table.hasKey(node) ? (table.keyText(node) ?? '') : '';
      const isMatch =
        key.toLowerCase().includes(needle) ||
        (!isContainer(node) && (shortValue(node, 1000) ?? '').toLowerCase().includes(needle));
      if (!isMatch) continue;
      total++;
      if (indexes.length < limit) indexes.push(node);
    }
    return { kind: 'search', indexes, total };
  };

  const request = (query: KaViewQuery): KaViewAnswer => {
    switch (query.kind) {
      case 'value': {
        const node = nodeAt(query.index);
        const type = table.types[node]!;
        return {
          kind: 'value',
          index: node,
          typeId: type,
          typeName: typeName(type),
          value: displayOf(node),
        };
      }
      case 'search':
        return search(String(query.text), Math.max(0, Math.floor(Number(query.limit) || 0)));
      case 'json': {
        if (query.index === undefined)
          return { kind: 'json', text: JSON.stringify(kaJson(bytes), null, 2) };
        const node = nodeAt(query.index);
        const value = parseKaValueAt(
          bytes,
          table.valueStarts[node]!,
          modeOf(node),
          table.wideWidth(node).width,
        );
        return { kind: 'json', text: JSON.stringify(valueJson(value, table.table(node)), null, 2) };
      }
      case 'yaml': {
        const { value, fatal: stopped } = parseKa(bytes);
        if (stopped) {
          throw new FormatError({
            code: stopped.code,
            offset: stopped.offset ?? 0,
            detail: stopped.message,
            format: KA_FORMAT,
          });
        }
        return { kind: 'yaml', text: archiveYaml(value.root) };
      }
      default:
        throw new FormatError({
          code: ErrorCode.BAD_VALUE,
          offset: 0,
          detail: 'unknown view query',
          format: KA_FORMAT,
        });
    }
  };

  const facts: Fact[] = [['Version', table.rootKind ? VERSION_NAMES[table.rootKind] : 'unknown']];
  if (table.rootKind === 'top')
    facts.push(['String table', `${counts.format(table.rootStrings.length)} strings`]);
  facts.push(['Values', counts.format(count)], ['Archives', counts.format(table.archiveCount)]);
  if (table.rootEnd >= 0 && table.rootEnd < bytes.length) {
    facts.push([
      'Trailing bytes',
      `${counts.format(bytes.length - table.rootEnd)} at ${hexOffset(table.rootEnd)}`,
    ]);
  }

  return {
    format: KA_FORMAT,
    label: `DAVA KeyedArchive ${table.rootKind ? VERSION_NAMES[table.rootKind] : ''}`.trim(),
    facts,
    issues: table.issues,
    fatal,
    layout: 'document',
    columnSets: {
      [DEFAULT_COLUMNS]: [
        { id: 'type', label: 'Type', kind: 'text' },
        { id: 'value', label: 'Value', kind: 'text' },
        { id: 'size', label: 'Bytes', kind: 'size' },
      ],
    },
    nodeCount: () => count,
    nodeTable: () => ({
      path: (index) => table.path(nodeAt(index)),
      size: (index) => table.lengths[nodeAt(index)]!,
      storedSize: (index) => table.lengths[nodeAt(index)]!,
      kind: (index) => (isContainer(nodeAt(index)) ? 'record' : 'value'),
      expectedCount: () => count,
    }),
    cell(index, columnId) {
      const node = nodeAt(index);
      if (columnId === 'type') return typeName(table.types[node]!);
      if (columnId === 'value') return shortValue(node, 80);
      return null;
    },
    details(index) {
      const node = nodeAt(index);
      const span = { offset: table.starts[node]!, length: table.lengths[node]! };
      const type = table.types[node]!;
      const keySpan = { offset: span.offset, length: table.valueStarts[node]! - span.offset };
      return {
        index,
        path: table.path(node),
        kind: isContainer(node) ? 'record' : 'value',
        size: span.length,
        storedSize: span.length,
        span,
        spanBase: 'file',
        record: null,
        isCompressed: false,
        checksum: null,
        fields: [
          ['Type', `${typeName(type)} (${type})`],
          ...keyFields(node),
          ...valueFields(node),
          [
            'Mode',
            table.isRegistry(node)
              ? 'v2: keys and strings are ids into the string table'
              : 'v1: plain strings',
          ],
          ...(table.hasKey(node) ? [['Key bytes', spanText(keySpan)] as Fact] : []),
          ['Value bytes', spanText(valueSpan(node))],
        ],
      };
    },
    content: {
      storedSpan: (index) => {
        const node = nodeAt(index);
        return { source, span: { offset: table.starts[node]!, length: table.lengths[node]! } };
      },
      read(index) {
        const node = nodeAt(index);
        const start = table.starts[node]!;
        return Promise.resolve({
          bytes: bytes.slice(start, start + table.lengths[node]!),
          warning: null,
        });
      },
    },
    view: {
      kind: KA_TREE_VIEW,
      data: summary,
      request: (query) => Promise.resolve().then(() => request(query as KaViewQuery)),
    },
  };
}
