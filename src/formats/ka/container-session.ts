/**
 * The session of a file that holds keyed archives in a container of its own (a scene, a
 * geometry file): its own parts as sections, its archives' keys below them exactly as a
 * keyed archive's session shows them (container-table.ts, node-reader.ts), and the `ka-tree`
 * view answering value, search, JSON and YAML questions. A container format gives what is
 * its own — the parts' texts and details, the whole file's JSON, which archives its YAML
 * holds — and gets the rest here.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { FormatError, hexOffset, toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import { documentSession, nodeIndexCheck } from '../document-session.ts';
import type { Fact, NodeKind, OpenSink, Session } from '../model.ts';
import type { FormatServices } from '../services.ts';
import { ContainerNodeTable, type ContainerWalkSink } from './container-table.ts';
import { typeName } from './display.ts';
import { archiveJson, archiveYaml } from './export.ts';
import { kaNodeReader, type KaNodeReader } from './node-reader.ts';
import { KA_COLUMNS } from './node-fields.ts';
import type { KaArchive } from './types.ts';
import { kaTreeView } from './view-jobs.ts';

/** Nodes handed to the tree at once. */
const BATCH = 8192;

const counts = new Intl.NumberFormat('en-US');

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
  /** The container's own facts (trailing bytes, where there are any, follow them). */
  facts: Fact[];
  file: ContainerFile;
  texts: ContainerTexts;
  /** What the view calls a part of the container's own (`scene part`). */
  partName: string;
  /** The view's heading (`DAVA scene`) and its summary's version line (`SFV2 v22, classic`). */
  viewTitle: string;
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

/** A container file read into its node table, and the reader of its keys' values. */
export interface ContainerFile {
  source: ByteSource;
  bytes: Uint8Array;
  table: ContainerNodeTable;
  reader: KaNodeReader;
  /** The error that stopped the walk; null when it read to the end. */
  fatal: ErrorInfo | null;
}

/**
 * Walks a container's `bytes` (the whole of `source`) into a new node table through the
 * container's own sink, a pause between steps. A FormatError stops the walk, closing what
 * is open where it stopped; it becomes the file's `fatal`.
 */
export async function readContainer<S extends ContainerWalkSink>(
  source: ByteSource,
  bytes: Uint8Array,
  services: FormatServices,
  sinkFor: (table: ContainerNodeTable) => S,
  walk: (sink: S) => Generator<unknown, unknown, unknown>,
): Promise<{ file: ContainerFile; walkSink: S }> {
  const table = new ContainerNodeTable(bytes);
  const walkSink = sinkFor(table);
  const steps = walk(walkSink);
  let fatal: ErrorInfo | null = null;
  try {
    for (let step = steps.next(); !step.done; step = steps.next()) {
      table.takePending();
      await services.pause();
    }
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    fatal = toErrorInfo(error);
    table.closeOpen(error.offset);
    walkSink.closeOwn(Math.min(error.offset, bytes.length));
  }
  table.takePending();
  table.trim();
  return { file: { source, bytes, table, reader: kaNodeReader(bytes, table), fatal }, walkSink };
}

/** The fact of bytes after the container's end, when the walk found any. */
function trailingBytesFacts(table: ContainerNodeTable): Fact[] {
  const trailing = table.issues.find(
    (issue) => issue.code === 'TRAILING_BYTES' && issue.entryIndex === undefined,
  );
  if (!trailing?.span) return [];
  return [
    [
      'Trailing bytes',
      `${counts.format(trailing.span.length)} at ${hexOffset(trailing.span.offset)}`,
    ],
  ];
}

export function containerSession(spec: ContainerSessionSpec): Session {
  const { texts, format } = spec;
  const { table, reader, bytes, source, fatal } = spec.file;
  const count = table.count;
  const nodeAt = nodeIndexCheck(count, format);

  return documentSession({
    format,
    label: spec.label,
    facts: [...spec.facts, ...trailingBytesFacts(table)],
    issues: table.issues,
    fatal,
    nodes: {
      count,
      path: (node) => table.path(node),
      span: (node) => ({ offset: table.starts[node]!, length: table.lengths[node]! }),
      kind: spec.kindOf,
      fields: texts.fields,
    },
    columns: KA_COLUMNS,
    cell(node, columnId) {
      if (columnId === 'type') return texts.typeText(node);
      if (columnId === 'value') return texts.valueText(node, 80);
      return null;
    },
    bytes,
    source,
    view: kaTreeView({
      format,
      table,
      reader,
      nodeAt,
      partOf: (node) =>
        table.isSection(node)
          ? { typeName: texts.typeText(node), text: texts.sectionText(node) }
          : null,
      searchable: {
        count,
        nameOf: (node: number) =>
          table.isSection(node) || table.bare.has(node) || table.hasName(node)
            ? table.segment(node)
            : table.hasKey(node)
              ? (table.keyText(node) ?? '')
              : '',
        valueOf: (node: number) => (spec.searchesValue(node) ? texts.valueText(node, 1000) : null),
      },
      nodeJson: (node) =>
        table.isSection(node)
          ? texts.sectionJson(node)
          : table.bare.has(node)
            ? {
                type: 'keyedArchive',
                value: archiveJson(spec.archiveAt(table.starts[node]!), null),
              }
            : reader.json(node),
      whole: {
        name: 'the file',
        json: spec.wholeJson,
        // One YAML document per archive of the file, in file order, each in DAVA's own form.
        yaml: () =>
          spec
            .yamlArchives()
            .map(
              (node) =>
                `# ${table.path(node)}\n${archiveYaml(spec.archiveAt(table.starts[node]!))}`,
            )
            .join('---\n'),
      },
      title: spec.viewTitle,
      version: spec.viewVersion,
      countedAs: (node) => (table.isSection(node) ? null : typeName(table.types[node]!)),
      stringTableSize: table.stringTables[0]?.strings.length ?? 0,
    }),
  });
}
