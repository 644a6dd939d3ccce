/**
 * A keyed archive as a session: a document of one node per key and per array element,
 * in file order, kept in typed arrays (node-table.ts) and streamed to the tree in batches
 * while the walk goes on, with a pause between them. Values are decoded from the file's
 * bytes when a node is shown; the `ka-tree` view answers questions about them (a value, a
 * search, JSON and YAML exports) without sending the tree across.
 */
import { FormatError, hexOffset, toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import { documentSession, nodeIndexCheck } from '../document-session.ts';
import type { Fact, OpenRequest, Session, Span } from '../model.ts';
import { typeName } from './display.ts';
import { archiveJson, archiveYaml } from './export.ts';
import { KA_COLUMNS, keyNodeFields } from './node-fields.ts';
import { KA_VERSION_NAMES, kaNodeReader } from './node-reader.ts';
import { KaNodeTable } from './node-table.ts';
import { KA_FORMAT, parseKa, walkKa } from './read.ts';
import type { KaDocument } from './types.ts';
import { kaTreeView } from './view-jobs.ts';

const VERSION_NAMES = KA_VERSION_NAMES;

const counts = new Intl.NumberFormat('en-US');

/** The whole file read at once, for the exports; its fatal error thrown. */
function parseWhole(bytes: Uint8Array): KaDocument {
  const { value, fatal } = parseKa(bytes);
  if (fatal) {
    throw new FormatError({
      code: fatal.code,
      offset: fatal.offset ?? 0,
      detail: fatal.message,
      format: KA_FORMAT,
    });
  }
  return value;
}

/** The whole file as `info --json` and the view's JSON export shape it. */
export function kaJson(bytes: Uint8Array): { format: 'ka'; version: string; root: unknown } {
  const value = parseWhole(bytes);
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

  const reader = kaNodeReader(bytes, table);
  const { isContainer, shortValue } = reader;
  const spanOf = (node: number): Span => ({
    offset: table.starts[node]!,
    length: table.lengths[node]!,
  });
  const kindOf = (node: number) => (isContainer(node) ? 'record' : 'value');

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

  return documentSession({
    format: KA_FORMAT,
    label: `DAVA KeyedArchive ${table.rootKind ? VERSION_NAMES[table.rootKind] : ''}`.trim(),
    facts,
    issues: table.issues,
    fatal,
    nodes: {
      count,
      path: (node) => table.path(node),
      parentOf: (node) => table.parents[node]!,
      nameOf: (node) => table.segment(node),
      span: spanOf,
      kind: kindOf,
      fields: (node) => keyNodeFields(table, reader, node),
    },
    columns: KA_COLUMNS,
    cell(node, columnId) {
      if (columnId === 'type') return typeName(table.types[node]!);
      if (columnId === 'value') return shortValue(node, 80);
      return null;
    },
    bytes,
    source,
    view: kaTreeView({
      format: KA_FORMAT,
      table,
      reader,
      nodeAt: nodeIndexCheck(count, KA_FORMAT),
      searchable: {
        count,
        nameOf: (node: number) => (table.hasKey(node) ? (table.keyText(node) ?? '') : ''),
        valueOf: (node: number) => (isContainer(node) ? null : shortValue(node, 1000)),
      },
      nodeJson: (node) => reader.json(node),
      whole: {
        name: 'the archive',
        json: () => kaJson(bytes),
        yaml: () => archiveYaml(parseWhole(bytes).root),
      },
      title: 'Keyed archive',
      version: table.rootKind ? VERSION_NAMES[table.rootKind] : 'unknown',
      countedAs: (node) => typeName(table.types[node]!),
      stringTableSize: table.rootStrings.length,
    }),
  });
}
