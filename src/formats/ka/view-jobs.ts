/**
 * The `ka-tree` view, shared by every session built on keyed archives (an archive, a scene,
 * a geometry file): a node's value, a search over every node's name and value, JSON of a
 * node or the whole file, YAML of the file, and the summary. The long answers pause between
 * chunks, report progress and stop when cancelled (the view's `ViewJob`). A session gives
 * what is its own — its parts' texts, the whole file's JSON and YAML — and gets the rest.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { ViewCapability, ViewJob } from '../model.ts';
import { SECTION_TYPE } from './container-table.ts';
import { typeName } from './display.ts';
import type { KaNodeReader } from './node-reader.ts';
import type { KaNodeTable } from './node-table.ts';
import {
  KA_TREE_VIEW,
  type KaSearchAnswer,
  type KaViewAnswer,
  type KaViewQuery,
  type KaViewSummary,
} from './types.ts';

/** Nodes a search looks at between two pauses (and cancel checks). */
const SEARCH_CHUNK = 16384;

/** What a search reads of a node: its name, and its value text when it has one worth searching. */
export interface SearchableNodes {
  count: number;
  nameOf(node: number): string;
  /** Null when the node's value is not searched (containers). */
  valueOf(node: number): string | null;
}

/** Nodes whose name or value holds `text` (any case): the first `limit`, and how many in all. */
export async function searchNodes(
  nodes: SearchableNodes,
  text: string,
  limit: number,
  job: ViewJob,
): Promise<KaSearchAnswer> {
  const needle = text.toLowerCase();
  const indexes: number[] = [];
  let total = 0;
  for (let node = 0; node < nodes.count; node++) {
    // A million values take a while: the host answers rows and a cancel in between.
    if (node % SEARCH_CHUNK === SEARCH_CHUNK - 1) {
      job.signal.throwIfCancelled();
      job.progress(node, nodes.count, 'searching');
      await job.pause();
    }
    const isMatch =
      nodes.nameOf(node).toLowerCase().includes(needle) ||
      (nodes.valueOf(node)?.toLowerCase().includes(needle) ?? false);
    if (!isMatch) continue;
    total++;
    if (indexes.length < limit) indexes.push(node);
  }
  return { kind: 'search', indexes, total };
}

/** A whole-file export is read, then written out: progress and a cancel check between. */
export async function exportStep(job: ViewJob, step: number, label: string): Promise<void> {
  job.signal.throwIfCancelled();
  job.progress(step, 2, label);
  await job.pause();
}

/** What a session built on keyed archives gives its `ka-tree` view. */
export interface KaTreeSpec {
  format: string;
  table: KaNodeTable;
  reader: KaNodeReader;
  /** Checks a node index of a query (throws OUT_OF_BOUNDS). */
  nodeAt(index: number): number;
  /** A part of the file's own, not a key: its type name and what it holds; null for keys. */
  partOf?(node: number): { typeName: string; text: string } | null;
  searchable: SearchableNodes;
  /** A node and everything below it, as JSON. */
  nodeJson(node: number): unknown;
  /** What a whole-file export reads (`the archive`), and the file as JSON and as YAML. */
  whole: { name: string; json(): unknown; yaml(): string };
  /** What the view calls the file: `Keyed archive`, `DAVA scene`. */
  title: string;
  /** The summary's version line. */
  version: string;
  /** The type a value counts under in the summary; null for a part of the container itself. */
  countedAs(node: number): string | null;
  /** Strings of the first string table. */
  stringTableSize: number;
}

/** The `ka-tree` view of a session built on keyed archives. */
export function kaTreeView(spec: KaTreeSpec): ViewCapability {
  const { table, reader, nodeAt } = spec;
  const request = async (query: KaViewQuery, job: ViewJob): Promise<KaViewAnswer> => {
    switch (query.kind) {
      case 'value': {
        const node = nodeAt(query.index);
        const part = spec.partOf?.(node);
        if (part) {
          return {
            kind: 'value',
            index: node,
            typeId: SECTION_TYPE,
            typeName: part.typeName,
            value: { kind: 'text', text: part.text },
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
          spec.searchable,
          String(query.text),
          Math.max(0, Math.floor(Number(query.limit) || 0)),
          job,
        );
      case 'json': {
        if (query.index !== undefined) {
          return {
            kind: 'json',
            text: JSON.stringify(spec.nodeJson(nodeAt(query.index)), null, 2),
          };
        }
        await exportStep(job, 0, `reading ${spec.whole.name}`);
        const json = spec.whole.json();
        await exportStep(job, 1, 'writing JSON');
        return { kind: 'json', text: JSON.stringify(json, null, 2) };
      }
      case 'yaml': {
        await exportStep(job, 0, `reading ${spec.whole.name}`);
        const text = spec.whole.yaml();
        await exportStep(job, 1, 'writing YAML');
        return { kind: 'yaml', text };
      }
      default:
        throw new FormatError({
          code: ErrorCode.BAD_VALUE,
          offset: 0,
          detail: 'unknown view query',
          format: spec.format,
        });
    }
  };

  let typeCounts: Record<string, number> | null = null;
  const summary = (): KaViewSummary => {
    if (!typeCounts) {
      typeCounts = {};
      for (let node = 0; node < table.count; node++) {
        const name = spec.countedAs(node);
        if (name !== null) typeCounts[name] = (typeCounts[name] ?? 0) + 1;
      }
    }
    return {
      title: spec.title,
      version: spec.version,
      nodeCount: table.count,
      typeCounts: { ...typeCounts },
      stringTableSize: spec.stringTableSize,
      archiveCount: table.archiveCount,
      issueCount: table.issues.length,
    };
  };

  return {
    kind: KA_TREE_VIEW,
    data: summary,
    request: (query, job) => request(query as KaViewQuery, job),
  };
}
