/**
 * DML tables as document nodes, in file order, each parent before its children:
 *
 *   <table>                          section: record count, template and records
 *   <table>/template                 section: the template's header and fields
 *   <table>/template/<field>         value: one per field, `_TargetTable` included
 *   <table>/<n> <label>              record: n counts from 0 in file order
 *
 * A table goes by its `_TargetTable` name, a field by its name; a `/` in either becomes `∕`
 * (U+2215) so the tree does not split it, an empty name becomes `#<index>`, and a name met
 * before in its folder gets ` #<index>` (the table's or field's index) until it is unique.
 * A record goes by its index, then, when its table has a `SrcFileName` field (else a first
 * STR or WSTR field) that holds text, a space and that text: `Base/0 Bin∕BugReporter.bat`.
 * The index keeps it unique and stable (file order); the text makes it readable. A
 * comparison of two lists matches a labelled record by its table and label alone
 * (`diffPath`): a file added to a table does not shift the records after it.
 */
import { hex, hexOffset } from '../../binary/hex.ts';
import type { Fact, NodeKind, Span } from '../model.ts';
import { counted, valueText } from './display.ts';
import { DmlTag, tagName } from './tags.ts';
import type { DmlField, DmlTable } from './types.ts';

/** What a node is of its table. */
const NodeRole = { TABLE: 0, TEMPLATE: 1, FIELD: 2, RECORD: 3 } as const;
type NodeRole = (typeof NodeRole)[keyof typeof NodeRole];

const KINDS: Record<NodeRole, NodeKind> = ['section', 'section', 'value', 'record'];
const counts = new Intl.NumberFormat('en-US');

/** The field whose text labels a table's records; -1 when it has none. */
function labelColumn(table: DmlTable): number {
  const source = table.columns.findIndex((field) => field.name === 'SrcFileName');
  if (source >= 0) return source;
  return table.columns.findIndex((field) => field.tag === DmlTag.STR || field.tag === DmlTag.WSTR);
}

/** A name as one path segment: `/` kept out, never empty, unique among `used`. */
export function segment(name: string, index: number, used: Set<string>): string {
  let text = name === '' ? `#${index}` : name.replaceAll('/', '\u2215');
  while (used.has(text)) text = `${text} #${index}`;
  used.add(text);
  return text;
}

const fieldType = (field: DmlField) =>
  `${tagName(field.tag)} (tag ${field.tag}, flags ${hex(field.flags, 2)})`;

/**
 * The nodes of a file's tables: spans, kinds and fields by node index, and names and paths
 * made when asked. A list has as many nodes as its tables have fields and records (a million
 * in a list of 200,000 records): typed arrays say what each is, and the tree places them by
 * parent and name (`parentOf`, `nameOf`), so no path is made for a node no one looks at.
 */
export class DmlNodes {
  /** Nodes so far: `grow` adds those of the tables and records read since. */
  count = 0;
  /** Per node: its table, its role, and which field or record it is (its index). */
  private tableOf = new Int32Array(0);
  private roleOf = new Uint8Array(0);
  private itemOf = new Int32Array(0);
  /** Per table: its path segment, and its fields' (made when first asked). */
  private readonly tableNames: string[] = [];
  private readonly fieldNames: (string[] | undefined)[] = [];
  /** Per table: the field whose text labels its records (-1: none). */
  private readonly labels: number[] = [];
  /** Per table: its node, and its first record's (records follow each other). */
  readonly tableNode: number[] = [];
  readonly firstRecordNode: number[] = [];
  /** Table names met, so each table's segment is unique. */
  private readonly usedNames = new Set<string>();
  /** Records of the last table met that have nodes. */
  private lastTableRecords = 0;

  /** The nodes of `tables`, as far as they are read; `grow` adds more as they are. */
  constructor(readonly tables: readonly DmlTable[]) {
    this.grow();
  }

  /**
   * Adds the nodes of what was read since the last call: more records of the last table,
   * then the tables after it. Only the last table may have grown (tables are read in order).
   */
  grow(): void {
    const { tables } = this;
    const met = this.tableNode.length;
    let needed = this.count;
    if (met > 0) needed += tables[met - 1]!.records.length - this.lastTableRecords;
    for (let index = met; index < tables.length; index++) {
      needed += 2 + tables[index]!.fieldCount + tables[index]!.records.length;
    }
    this.reserve(needed);
    if (met > 0) this.addRecords(met - 1, this.lastTableRecords);
    for (let index = met; index < tables.length; index++) {
      const table = tables[index]!;
      this.tableNode.push(this.count);
      this.tableNames.push(segment(table.name, index, this.usedNames));
      this.fieldNames.push(undefined);
      this.labels.push(labelColumn(table));
      this.add(index, NodeRole.TABLE, 0);
      this.add(index, NodeRole.TEMPLATE, 0);
      for (let at = 0; at < table.fieldCount; at++) this.add(index, NodeRole.FIELD, at);
      this.firstRecordNode.push(this.count);
      this.addRecords(index, 0);
    }
  }

  private addRecords(table: number, from: number): void {
    const read = this.tables[table]!.records.length;
    for (let at = from; at < read; at++) this.add(table, NodeRole.RECORD, at);
    this.lastTableRecords = read;
  }

  private add(table: number, role: NodeRole, item: number): void {
    const node = this.count++;
    this.tableOf[node] = table;
    this.roleOf[node] = role;
    this.itemOf[node] = item;
  }

  /** Room for `needed` nodes, at least twice the last room so growing costs little. */
  private reserve(needed: number): void {
    if (needed <= this.tableOf.length) return;
    const size = Math.max(needed, this.tableOf.length * 2);
    const grown = <T extends Int32Array | Uint8Array>(old: T, made: T): T => {
      made.set(old);
      return made;
    };
    this.tableOf = grown(this.tableOf, new Int32Array(size));
    this.roleOf = grown(this.roleOf, new Uint8Array(size));
    this.itemOf = grown(this.itemOf, new Int32Array(size));
  }

  /** The node's parent: -1 for a table, the table for its template and records. */
  parentOf(node: number): number {
    const table = this.tableNode[this.tableOf[node]!]!;
    switch (this.roleOf[node] as NodeRole) {
      case NodeRole.TABLE:
        return -1;
      case NodeRole.FIELD:
        return table + 1;
      default:
        return table;
    }
  }

  /** The node's own name, the last segment of its path. */
  nameOf(node: number): string {
    const index = this.tableOf[node]!;
    const item = this.itemOf[node]!;
    switch (this.roleOf[node] as NodeRole) {
      case NodeRole.TABLE:
        return this.tableNames[index]!;
      case NodeRole.TEMPLATE:
        return 'template';
      case NodeRole.FIELD:
        return this.fieldsOf(index)[item]!;
      case NodeRole.RECORD: {
        const text = this.labelOf(index, item);
        return text === null ? `${item}` : `${item} ${text}`;
      }
    }
  }

  /** A record's label (its `SrcFileName`, or first text) as a path segment; null: none. */
  private labelOf(table: number, record: number): string | null {
    const label = this.labels[table]!;
    const text = label >= 0 ? this.tables[table]!.records[record]!.values[label] : null;
    return typeof text === 'string' && text !== '' ? text.replaceAll('/', '\u2215') : null;
  }

  /** A table's fields' path segments, made once. */
  private fieldsOf(index: number): string[] {
    const made = this.fieldNames[index];
    if (made) return made;
    const used = new Set<string>();
    const names = this.tables[index]!.fields.map((field, at) => segment(field.name, at, used));
    this.fieldNames[index] = names;
    return names;
  }

  path(node: number): string {
    const parent = this.parentOf(node);
    return parent < 0 ? this.nameOf(node) : `${this.path(parent)}/${this.nameOf(node)}`;
  }

  /**
   * A labelled record goes by its table and label alone (`Base/Bin∕BugReporter.bat`), so a
   * comparison of two lists matches a file's record in both when records were added or
   * removed before it; every other node by its path.
   */
  diffPath(node: number): string {
    if (this.roleOf[node] !== NodeRole.RECORD) return this.path(node);
    const table = this.tableOf[node]!;
    const item = this.itemOf[node]!;
    const text = this.labelOf(table, item);
    return `${this.tableNames[table]!}/${text ?? item}`;
  }

  kind(node: number): NodeKind {
    return KINDS[this.roleOf[node] as NodeRole];
  }

  span(node: number): Span {
    const table = this.tables[this.tableOf[node]!]!;
    const item = this.itemOf[node]!;
    switch (this.roleOf[node] as NodeRole) {
      case NodeRole.TABLE:
        return table.span;
      case NodeRole.TEMPLATE:
        return table.template.span;
      case NodeRole.FIELD:
        return table.fields[item]!.span;
      case NodeRole.RECORD:
        return table.records[item]!.span;
    }
  }

  fields(node: number): Fact[] {
    const table = this.tables[this.tableOf[node]!]!;
    const item = this.itemOf[node]!;
    switch (this.roleOf[node] as NodeRole) {
      case NodeRole.TABLE: {
        const read = table.records.length;
        const records =
          read === table.declaredCount
            ? counts.format(read)
            : `${counts.format(table.declaredCount)} declared, ${counts.format(read)} read`;
        return [
          ['Name', table.name],
          ['Records', records],
          ...table.columns.map((field): Fact => [field.name, tagName(field.tag)]),
        ];
      }
      case NodeRole.TEMPLATE:
        return [
          ['Declared size', `${counts.format(table.template.declaredSize)} bytes`],
          ['Fields', counts.format(table.fieldCount)],
          ['Table', table.name],
        ];
      case NodeRole.FIELD: {
        const field = table.fields[item]!;
        const fields: Fact[] = [
          ['Name', field.name],
          ['Type', fieldType(field)],
          ['Offset', hexOffset(field.span.offset)],
        ];
        if (field.target !== null) fields.push(['Table', field.target]);
        return fields;
      }
      case NodeRole.RECORD: {
        const record = table.records[item]!;
        return table.columns.map((field, at): Fact => [
          field.name,
          valueText(field, record.values[at] ?? null),
        ]);
      }
    }
  }

  /** The Value column: what a node holds, in a line of at most `limit` characters. */
  summary(node: number, limit: number): string {
    const table = this.tables[this.tableOf[node]!]!;
    const item = this.itemOf[node]!;
    switch (this.roleOf[node] as NodeRole) {
      case NodeRole.TABLE:
        return counted(table.records.length, 'record');
      case NodeRole.TEMPLATE:
        return counted(table.fieldCount, 'field');
      case NodeRole.FIELD:
        return tagName(table.fields[item]!.tag);
      case NodeRole.RECORD: {
        const record = table.records[item]!;
        const label = this.labels[this.tableOf[node]!]!;
        // The label is the row's name already; an empty string says nothing (a LatestFileList's
        // TarFileName is mostly empty), so the fields that do come first.
        const parts = table.columns.flatMap((field, at) => {
          const value = record.values[at] ?? null;
          return at === label || value === '' ? [] : [`${field.name} ${valueText(field, value)}`];
        });
        const text = parts.join(', ');
        return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
      }
    }
  }

  /** The deepest node whose bytes hold `offset` (a field before its template); -1: none. */
  nodeAt(offset: number): number {
    const tables = this.tables;
    const table = lastAtOrBefore(tables.length, (at) => tables[at]!.span.offset, offset);
    if (table < 0) return -1;
    const { template, fields, records, span } = tables[table]!;
    if (!within(span, offset)) return -1;
    if (within(template.span, offset)) {
      const field = fields.findIndex((each) => within(each.span, offset));
      return field >= 0 ? this.tableNode[table]! + 2 + field : this.tableNode[table]! + 1;
    }
    const record = lastAtOrBefore(records.length, (at) => records[at]!.span.offset, offset);
    if (record >= 0 && within(records[record]!.span, offset)) {
      return this.firstRecordNode[table]! + record;
    }
    return this.tableNode[table]!;
  }
}

function within(span: Span, offset: number): boolean {
  return offset >= span.offset && offset < span.offset + span.length;
}

/** The last index whose start is at or before `offset` (starts ascend); -1 when none is. */
function lastAtOrBefore(count: number, start: (index: number) => number, offset: number): number {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (start(middle) <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
