/**
 * The checks every session passes, as plain functions that return the problems they found
 * (one line each), so the same walk serves valid samples (no problems allowed) and mutated
 * bytes (the fuzz run: only FormatErrors may be thrown, and a session that reports no fatal
 * error must still be consistent).
 *
 * A FormatError from one node (its details, content or check) is a problem for a valid
 * sample and expected for mutated bytes. Any other exception is not caught: it is a bug.
 * Here: the session, its sink and its nodes; capability-checks.ts: content, verify, view.
 */
import {
  DEFAULT_COLUMNS,
  type ColumnDef,
  type ColumnKind,
  type NodeDetails,
  type NodeKind,
  type NodeTable,
  type Session,
  type Span,
} from '../model.ts';
import { checkContent, checkVerify, checkView } from './capability-checks.ts';
import { attempt, isCount, type CheckContext } from './check-helpers.ts';
import type { SinkRecord } from './open.ts';

export { checkContent, checkVerify, checkView, type CheckContext };

export const NODE_KINDS: readonly NodeKind[] = ['folder', 'entry', 'section', 'record', 'value'];
export const COLUMN_KINDS: readonly ColumnKind[] = [
  'size',
  'stored',
  'ratio',
  'status',
  'text',
  'number',
  'hex',
];
/** Kinds whose cells come from the session's own `cell`. */
const OWN_COLUMN_KINDS: readonly ColumnKind[] = ['text', 'number', 'hex'];
const SEVERITIES = ['info', 'warning', 'error'];
function spanProblem(what: string, span: Span, limit: number, base: string): string | null {
  if (!isCount(span.offset) || !isCount(span.length)) {
    return `${what}: span ${JSON.stringify(span)} is not a pair of counts`;
  }
  if (span.offset + span.length > limit) {
    return `${what}: span [${span.offset}, ${span.offset + span.length}) ends past the ${base} (${limit} bytes)`;
  }
  return null;
}

function folderOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

/** The session as a whole: its id, texts, issues and column sets. */
export function checkSessionShape(session: Session, formatId: string, isValid: boolean): string[] {
  const problems: string[] = [];
  if (session.format !== formatId) problems.push(`format is ${session.format}, not ${formatId}`);
  if (typeof session.label !== 'string' || session.label === '') problems.push('label is empty');
  for (const fact of session.facts) {
    if (fact.length !== 2 || fact.some((part) => typeof part !== 'string')) {
      problems.push(`fact ${JSON.stringify(fact)} is not a pair of strings`);
    }
  }
  if (session.layout !== 'archive' && session.layout !== 'document') {
    problems.push(`layout ${String(session.layout)}`);
  }
  const count = session.nodeCount();
  if (!isCount(count)) problems.push(`nodeCount() is ${count}`);
  for (const issue of session.issues) {
    if (!SEVERITIES.includes(issue.severity)) problems.push(`issue severity ${issue.severity}`);
    if (!issue.code) problems.push(`issue without a code: ${issue.message}`);
    if (
      issue.entryIndex !== undefined &&
      !(isCount(issue.entryIndex) && issue.entryIndex < count)
    ) {
      problems.push(`issue ${issue.code} names node ${issue.entryIndex} of ${count}`);
    }
    if (isValid && issue.severity === 'error') {
      problems.push(`a valid sample has an error: ${issue.code} ${issue.message}`);
    }
  }
  if (isValid && session.fatal) problems.push(`a valid sample stopped: ${session.fatal.message}`);
  const sets = session.columnSets;
  if (!sets[DEFAULT_COLUMNS]) problems.push(`no '${DEFAULT_COLUMNS}' column set`);
  for (const [name, columns] of Object.entries(sets)) {
    const ids = new Set<string>();
    for (const column of columns) {
      if (!COLUMN_KINDS.includes(column.kind)) {
        problems.push(`column ${name}/${column.id}: kind ${column.kind}`);
      }
      if (ids.has(column.id)) problems.push(`column ${name}/${column.id} twice`);
      ids.add(column.id);
    }
  }
  return problems;
}

/** What streamed into the sink is what the session has: every index once, same path and sizes. */
export function checkSink(session: Session, record: SinkRecord): string[] {
  const problems = [...record.badCalls.map((call) => `sink called with ${call}`)];
  if (record.duplicates.length > 0) {
    problems.push(`sink told of nodes ${record.duplicates.slice(0, 5).join(', ')} more than once`);
  }
  // An archive's table streams as rows, a document's nodes as objects (model.ts OpenSink).
  const wrongWay = session.layout === 'archive' ? record.viaNodes : record.viaRange;
  if (wrongWay > 0) {
    const way = session.layout === 'archive' ? 'nodes()' : 'nodeRange()';
    problems.push(
      `${wrongWay} nodes of a${session.layout === 'archive' ? 'n' : ''} ${session.layout} came through ${way}`,
    );
  }
  const count = session.nodeCount();
  if (record.nodes.size !== count) {
    problems.push(`sink received ${record.nodes.size} nodes, nodeCount() is ${count}`);
  }
  const table = session.nodeTable();
  for (const [index, node] of record.nodes) {
    if (!(isCount(index) && index < count)) {
      problems.push(`sink received node ${index}, outside [0, ${count})`);
      continue;
    }
    const path = table.path(index);
    if (node.path !== path)
      problems.push(`node ${index}: sink path ${node.path}, table path ${path}`);
    if (node.size !== table.size(index) || node.storedSize !== table.storedSize(index)) {
      problems.push(`node ${index}: sink sizes differ from the table's`);
    }
  }
  return problems;
}

/** The table's optional hints agree with its paths (the tree trusts them). */
function tableHintProblems(
  session: Session,
  index: number,
  path: string,
  previous: string | null,
): string[] {
  const table = session.nodeTable();
  const problems: string[] = [];
  const lastSlash = table.lastSlash?.(index);
  if (lastSlash !== undefined && lastSlash !== -2 && lastSlash !== path.lastIndexOf('/')) {
    problems.push(`node ${index}: lastSlash ${lastSlash} for ${path}`);
  }
  if (previous === null) return problems;
  if (table.sharesFolderWithPrevious?.(index) && folderOf(path) !== folderOf(previous)) {
    problems.push(`node ${index}: shares no folder with the previous node (${previous} / ${path})`);
  }
  // -1: not known (NodeTable.commonWithPrevious).
  const common = table.commonWithPrevious?.(index);
  if (common !== undefined && common !== -1) {
    let actual = 0;
    while (actual < path.length && path[actual] === previous[actual]) actual++;
    if (!isCount(common) || common > actual) {
      problems.push(`node ${index}: commonWithPrevious ${common}, the paths share ${actual}`);
    }
  }
  return problems;
}

/** The path `writePath` writes, when the table has it and the path is ASCII; else null. */
function writtenPath(table: NodeTable, index: number): string | null {
  if (!table.writePath) return null;
  let target = new Uint8Array(64);
  let end = table.writePath(index, target, 1);
  while (end < 0 && target.length < 1 << 20) {
    target = new Uint8Array(target.length * 4);
    end = table.writePath(index, target, 1);
  }
  const bytes = target.subarray(1, end);
  return end >= 0 && bytes.every((byte) => byte < 0x80) ? new TextDecoder().decode(bytes) : null;
}

/** What the table tells of a node (kind, compression, checksum, offset, path) is what its details say. */
function tableDetailProblems(session: Session, index: number, details: NodeDetails): string[] {
  const table = session.nodeTable();
  const problems: string[] = [];
  const kind = table.kind?.(index) ?? (session.layout === 'archive' ? 'entry' : 'section');
  if (kind !== details.kind)
    problems.push(`node ${index}: the table's kind ${kind}, details ${details.kind}`);
  const isCompressed = table.isCompressed?.(index);
  if (isCompressed !== undefined && isCompressed !== details.isCompressed) {
    problems.push(
      `node ${index}: the table's isCompressed ${isCompressed}, details ${details.isCompressed}`,
    );
  }
  const checksum = table.checksum?.(index);
  if (checksum !== undefined && checksum !== details.checksum) {
    problems.push(`node ${index}: the table's checksum ${checksum}, details ${details.checksum}`);
  }
  const written = writtenPath(table, index);
  if (written !== null && written !== details.path) {
    problems.push(`node ${index}: the table writes the path ${written}, details ${details.path}`);
  }
  const offset = table.offset?.(index);
  if (offset !== undefined && offset !== details.span.offset) {
    problems.push(`node ${index}: the table's offset ${offset}, details ${details.span.offset}`);
  }
  return problems;
}

function cellProblems(session: Session, index: number, columns: readonly ColumnDef[]): string[] {
  const problems: string[] = [];
  if (!session.cell) return problems;
  for (const column of columns) {
    if (!OWN_COLUMN_KINDS.includes(column.kind)) continue;
    const value: unknown = session.cell(index, column.id);
    const isCell =
      value === null ||
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!isCell) problems.push(`node ${index}: cell ${column.id} is ${String(value)}`);
  }
  return problems;
}

/**
 * Every node's details: its path, a valid kind, a span inside the file (or the logical
 * bytes, or the source it names), its record inside the file (or the source it names), a checksum that is a u32, fields as text, and the
 * cells of its format's own columns.
 */
export async function checkNodes({ session, sources, isValid }: CheckContext): Promise<string[]> {
  const problems: string[] = [];
  const count = session.nodeCount();
  const table = session.nodeTable();
  const fileSize = sources[0]!.size;
  // A damaged file's nodes may point anywhere; a session that reports no fatal error may not.
  const checkSpans = isValid || session.fatal === null;
  const expected = table.expectedCount?.();
  if (expected !== undefined && !isCount(expected)) problems.push(`expectedCount() is ${expected}`);
  let previous: string | null = null;
  for (let index = 0; index < count; index++) {
    // A node below nodeCount() is there: its row may not fail, whatever the file.
    const row = await attempt(() => table.path(index));
    if ('error' in row) {
      problems.push(`node ${index}: the table has no row: ${row.error.message}`);
      continue;
    }
    const path = row.value;
    if (typeof path !== 'string') problems.push(`node ${index}: path ${String(path)}`);
    if (!isCount(table.size(index)) || !isCount(table.storedSize(index))) {
      problems.push(`node ${index}: table sizes ${table.size(index)}, ${table.storedSize(index)}`);
    }
    problems.push(...tableHintProblems(session, index, path, previous));
    previous = path;

    const setName = session.columnSetOf?.(index) ?? DEFAULT_COLUMNS;
    const columns = session.columnSets[setName];
    if (!columns) problems.push(`node ${index}: column set ${setName} is not declared`);
    else problems.push(...cellProblems(session, index, columns));

    const outcome = await attempt(() => session.details(index));
    if ('error' in outcome) {
      if (isValid) problems.push(`node ${index}: details threw ${outcome.error.message}`);
      continue;
    }
    const details = outcome.value;
    if (details.index !== index) problems.push(`node ${index}: details.index ${details.index}`);
    if (details.path !== path)
      problems.push(`node ${index}: details path ${details.path}, table ${path}`);
    if (!NODE_KINDS.includes(details.kind)) problems.push(`node ${index}: kind ${details.kind}`);
    problems.push(...tableDetailProblems(session, index, details));
    if (details.size !== table.size(index) || details.storedSize !== table.storedSize(index)) {
      problems.push(
        `node ${index}: details sizes ${details.size}/${details.storedSize}, table ${table.size(index)}/${table.storedSize(index)}`,
      );
    }
    if (
      details.checksum !== null &&
      !(isCount(details.checksum) && details.checksum <= 0xffffffff)
    ) {
      problems.push(`node ${index}: checksum ${details.checksum} is not a u32`);
    }
    if (typeof details.isCompressed !== 'boolean') problems.push(`node ${index}: isCompressed`);
    for (const field of details.fields) {
      if (field.length !== 2 || field.some((part) => typeof part !== 'string')) {
        problems.push(`node ${index}: field ${JSON.stringify(field)} is not a pair of strings`);
      }
    }
    if (!checkSpans) continue;
    // A span or record in another source (a volume, another index) is checked against it.
    const sizeOf = (name: string | undefined) =>
      name === undefined ? fileSize : sources.find((source) => source.name === name)?.size;
    for (const [what, name] of [
      ['span', details.spanSource],
      ['record', details.recordSource],
    ] as const) {
      if (name !== undefined && sizeOf(name) === undefined && isValid) {
        problems.push(`node ${index}: its ${what} is in ${name}, which is none of its sources`);
      }
    }
    if (details.spanBase === 'file') {
      const limit = sizeOf(details.spanSource);
      const problem =
        limit === undefined ? null : spanProblem(`node ${index}`, details.span, limit, 'file');
      if (problem) problems.push(problem);
    } else if (details.spanBase === 'logical') {
      if (!session.logical) problems.push(`node ${index}: a logical span, but no logical bytes`);
      else {
        const problem = spanProblem(
          `node ${index}`,
          details.span,
          session.logical.length,
          'logical bytes',
        );
        if (problem) problems.push(problem);
      }
    } else problems.push(`node ${index}: spanBase ${String(details.spanBase)}`);
    const recordLimit = sizeOf(details.recordSource);
    if (details.record && recordLimit !== undefined) {
      const problem = spanProblem(`node ${index} record`, details.record, recordLimit, 'file');
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** Every check of a session, in order. */
export async function checkAll(
  context: CheckContext,
  formatId: string,
  record: SinkRecord,
): Promise<string[]> {
  return [
    ...checkSessionShape(context.session, formatId, context.isValid),
    ...checkSink(context.session, record),
    ...(await checkNodes(context)),
    ...(await checkContent(context)),
    ...(await checkVerify(context)),
    ...(await checkView(context)),
  ];
}
