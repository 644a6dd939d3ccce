/**
 * A keyed archive as a session: a document of one node per key and per array element,
 * in file order, kept in typed arrays (node-table.ts) and streamed to the tree in batches
 * while the walk goes on, with a pause between them. Values are decoded from the file's
 * bytes when a node is shown; the `ka-tree` view answers questions about them (a value, a
 * search, JSON and YAML exports) without sending the tree across.
 */
import {
  ErrorCode,
  FormatError,
  hexOffset,
  toErrorInfo,
  type ErrorInfo,
} from '../../binary/format-error.ts';
import {
  DEFAULT_COLUMNS,
  type Fact,
  type OpenRequest,
  type Session,
  type Span,
  type ViewJob,
} from '../model.ts';
import { typeName } from './display.ts';
import { archiveJson, archiveYaml } from './export.ts';
import { KA_VERSION_NAMES, kaNodeReader } from './node-reader.ts';
import { KaNodeTable } from './node-table.ts';
import { exportStep, searchNodes } from './view-jobs.ts';
import { KA_FORMAT, parseKa, walkKa } from './read.ts';
import { KA_TREE_VIEW, type KaViewAnswer, type KaViewQuery, type KaViewSummary } from './types.ts';

const VERSION_NAMES = KA_VERSION_NAMES;

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
  const handOver = () => table.handOver(sink);
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
  const reader = kaNodeReader(bytes, table);
  const { isContainer, shortValue, keyFields, valueFields, valueSpan } = reader;

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

  const searchable = {
    count,
    nameOf: (node: number) => (table.hasKey(node) ? (table.keyText(node) ?? '') : ''),
    valueOf: (node: number) => (isContainer(node) ? null : shortValue(node, 1000)),
  };

  const request = async (query: KaViewQuery, job: ViewJob): Promise<KaViewAnswer> => {
    switch (query.kind) {
      case 'value': {
        const node = nodeAt(query.index);
        const type = table.types[node]!;
        return {
          kind: 'value',
          index: node,
          typeId: type,
          typeName: typeName(type),
          value: reader.display(node),
        };
      }
      case 'search':
        return searchNodes(
          searchable,
          String(query.text),
          Math.max(0, Math.floor(Number(query.limit) || 0)),
          job,
        );
      case 'json': {
        if (query.index === undefined) {
          await exportStep(job, 0, 'reading the archive');
          const json = kaJson(bytes);
          await exportStep(job, 1, 'writing JSON');
          return { kind: 'json', text: JSON.stringify(json, null, 2) };
        }
        const node = nodeAt(query.index);
        return { kind: 'json', text: JSON.stringify(reader.json(node), null, 2) };
      }
      case 'yaml': {
        await exportStep(job, 0, 'reading the archive');
        const { value, fatal: stopped } = parseKa(bytes);
        if (stopped) {
          throw new FormatError({
            code: stopped.code,
            offset: stopped.offset ?? 0,
            detail: stopped.message,
            format: KA_FORMAT,
          });
        }
        await exportStep(job, 1, 'writing YAML');
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
      parentOf: (index) => table.parents[nodeAt(index)]!,
      nameOf: (index) => table.segment(nodeAt(index)),
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
      request: (query, job) => request(query as KaViewQuery, job),
    },
  };
}
