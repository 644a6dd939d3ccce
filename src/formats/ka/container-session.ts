/**
 * The session of a file that holds keyed archives in a container of its own (a scene, a
 * geometry file): its own parts as sections, its archives' keys below them exactly as a
 * keyed archive's session shows them (container-table.ts, node-reader.ts), and the `ka-tree`
 * view answering value, search, JSON and YAML questions. A container format gives what is
 * its own — the parts' texts and details, the whole file's JSON, which archives its YAML
 * holds — and gets the rest here.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { FormatError, type ErrorInfo } from '../../binary/format-error.ts';
import {
  DEFAULT_COLUMNS,
  type Fact,
  type NodeKind,
  type OpenSink,
  type Session,
  type Span,
  type ViewJob,
} from '../model.ts';
import type { FormatServices } from '../services.ts';
import { SECTION_TYPE, type ContainerNodeTable } from './container-table.ts';
import { typeName } from './display.ts';
import { archiveJson, archiveYaml } from './export.ts';
import type { KaNodeReader } from './node-reader.ts';
import { exportStep, searchNodes } from './view-jobs.ts';
import {
  KA_TREE_VIEW,
  type KaArchive,
  type KaViewAnswer,
  type KaViewQuery,
  type KaViewSummary,
} from './types.ts';

/** Nodes handed to the tree at once. */
const BATCH = 8192;

/** What a container format says about its own nodes. */
export interface ContainerTexts {
  /** The Type column: a part, an entity, or the value's type name. */
  typeText(node: number): string;
  /** The Value column, at most `limit` characters. */
  valueText(node: number, limit: number): string | null;
  fields(node: number): Fact[];
  /** What a part of the container's own holds, in words and as JSON. */
  sectionText(node: number): string;
  sectionJson(node: number): unknown;
}

export interface ContainerSessionSpec {
  format: string;
  label: string;
  facts: Fact[];
  fatal: ErrorInfo | null;
  source: ByteSource;
  bytes: Uint8Array;
  table: ContainerNodeTable;
  reader: KaNodeReader;
  texts: ContainerTexts;
  /** What the view calls a part of the container's own (`scene part`). */
  partName: string;
  /** The view summary's version line (`SFV2 v22, classic`). */
  viewVersion: string;
  kindOf(node: number): NodeKind;
  /** Whether a search looks at the node's value as well as its name. */
  searchesValue(node: number): boolean;
  /** The whole file as `info --json` gives it. */
  wholeJson(): unknown;
  /** The bare archive that starts at a node's offset, read whole. */
  archiveAt(offset: number): KaArchive;
  /** The archives the YAML export holds, in file order. */
  yamlArchives(): readonly number[];
}

/** Hands every node to the tree by path, in batches: a container names its parts at the end. */
export async function handOverByPath(
  table: ContainerNodeTable,
  sink: OpenSink,
  services: FormatServices,
): Promise<void> {
  const count = table.count;
  for (let start = 0; start < count; start += BATCH) {
    const batch = [];
    for (let node = start; node < Math.min(count, start + BATCH); node++) {
      const size = table.lengths[node]!;
      batch.push({ index: node, path: table.path(node), size, storedSize: size });
    }
    sink.nodes(batch, Math.min(count, start + BATCH), 0);
    await services.pause();
  }
}

export function containerSession(spec: ContainerSessionSpec): Session {
  const { table, reader, texts, bytes, source, format } = spec;
  const count = table.count;

  const nodeAt = (node: number): number => {
    if (!Number.isSafeInteger(node) || node < 0 || node >= count) {
      throw new FormatError({
        code: 'OUT_OF_BOUNDS',
        offset: 0,
        detail: `there is no node ${node}`,
        format,
      });
    }
    return node;
  };
  const spanOf = (node: number): Span => ({
    offset: table.starts[node]!,
    length: table.lengths[node]!,
  });

  const searchable = {
    count,
    nameOf: (node: number) =>
      table.isSection(node) || table.bare.has(node) || table.hasName(node)
        ? table.segment(node)
        : table.hasKey(node)
          ? (table.keyText(node) ?? '')
          : '',
    valueOf: (node: number) => (spec.searchesValue(node) ? texts.valueText(node, 1000) : null),
  };

  const nodeJson = (node: number): unknown =>
    table.isSection(node)
      ? texts.sectionJson(node)
      : table.bare.has(node)
        ? { type: 'keyedArchive', value: archiveJson(spec.archiveAt(table.starts[node]!), null) }
        : reader.json(node);

  const request = async (query: KaViewQuery, job: ViewJob): Promise<KaViewAnswer> => {
    switch (query.kind) {
      case 'value': {
        const node = nodeAt(query.index);
        if (table.isSection(node)) {
          return {
            kind: 'value',
            index: node,
            typeId: SECTION_TYPE,
            typeName: texts.typeText(node),
            value: { kind: 'text', text: texts.sectionText(node) },
          };
        }
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
        if (query.index !== undefined) {
          return { kind: 'json', text: JSON.stringify(nodeJson(nodeAt(query.index)), null, 2) };
        }
        await exportStep(job, 0, 'reading the file');
        const json = spec.wholeJson();
        await exportStep(job, 1, 'writing JSON');
        return { kind: 'json', text: JSON.stringify(json, null, 2) };
      }
      case 'yaml': {
        // One YAML document per archive of the file, in file order, each in DAVA's own form.
        await exportStep(job, 0, 'reading the file');
        const documents = spec
          .yamlArchives()
          .map(
            (node) => `# ${table.path(node)}\n${archiveYaml(spec.archiveAt(table.starts[node]!))}`,
          );
        await exportStep(job, 1, 'writing YAML');
        return { kind: 'yaml', text: documents.join('---\n') };
      }
      default:
        throw new FormatError({
          code: 'BAD_VALUE',
          offset: 0,
          detail: 'unknown view query',
          format,
        });
    }
  };

  let typeCounts: Record<string, number> | null = null;
  const summary = (): KaViewSummary => {
    if (!typeCounts) {
      typeCounts = {};
      for (let node = 0; node < count; node++) {
        const name = table.isSection(node) ? spec.partName : typeName(table.types[node]!);
        typeCounts[name] = (typeCounts[name] ?? 0) + 1;
      }
    }
    return {
      version: spec.viewVersion,
      nodeCount: count,
      typeCounts: { ...typeCounts },
      stringTableSize: table.stringTables[0]?.strings.length ?? 0,
      archiveCount: table.archiveCount,
      issueCount: table.issues.length,
    };
  };

  return {
    format,
    label: spec.label,
    facts: spec.facts,
    issues: table.issues,
    fatal: spec.fatal,
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
      path: (node) => table.path(nodeAt(node)),
      size: (node) => table.lengths[nodeAt(node)]!,
      storedSize: (node) => table.lengths[nodeAt(node)]!,
      kind: (node) => spec.kindOf(nodeAt(node)),
      expectedCount: () => count,
    }),
    cell(node, columnId) {
      nodeAt(node);
      if (columnId === 'type') return texts.typeText(node);
      if (columnId === 'value') return texts.valueText(node, 80);
      return null;
    },
    details(node) {
      const span = spanOf(nodeAt(node));
      return {
        index: node,
        path: table.path(node),
        kind: spec.kindOf(node),
        size: span.length,
        storedSize: span.length,
        span,
        spanBase: 'file',
        record: null,
        isCompressed: false,
        checksum: null,
        fields: texts.fields(node),
      };
    },
    content: {
      storedSpan: (node) => ({ source, span: spanOf(nodeAt(node)) }),
      read(node) {
        const { offset, length } = spanOf(nodeAt(node));
        return Promise.resolve({ bytes: bytes.slice(offset, offset + length), warning: null });
      },
    },
    view: {
      kind: KA_TREE_VIEW,
      data: summary,
      request: (query, job) => request(query as KaViewQuery, job),
    },
  };
}
