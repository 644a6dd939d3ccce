/**
 * A decode as the tree's nodes, in stream order: objects (sections), their properties and
 * container items (values), each with its path, the bytes its bits lie in (for the hex
 * view's highlight) and the fields the details pane shows. Spans are in the file where the
 * stream is the file, else in the inflated stream (the session's `logical` bytes).
 */
import { hex32 } from '../../binary/hex.ts';
import { quotedText } from '../../binary/quoted-text.ts';
import type { DocumentNode } from '../document-session.ts';
import type { Fact, NodeKind, Span } from '../model.ts';
import { NodeTag, ObjectNodeTable, type HashOnlyRoot } from './node-table.ts';
import { valueJson } from './export.ts';
import {
  type BitRange,
  type DecodedItem,
  type DecodedObject,
  type DecodedProperty,
  type GenericObject,
  type GenericProperty,
  type ObjectDecode,
  type ObjectValue,
} from './types.ts';

export interface ObjectNode extends DocumentNode {
  kind: NodeKind;
  /** The bits it covers in the stream. */
  bits: BitRange;
  /** A short text of its value (the Value column). */
  summary: string;
}

/** Characters of a value's text in a node's summary, at most. */
const SUMMARY_LIMIT = 120;

const hashText = (hash: number) => `${hex32(hash)} (${hash})`;
const bitsText = ({ start, end }: BitRange) => `${start}–${end} (${end - start} bits)`;

/** A value in a line: JSON for composites and lists, text otherwise. */
export function valueText(value: ObjectValue): string {
  if (value.kind === 'object')
    return value.object ? (value.object.className ?? hex32(value.object.hash)) : 'null';
  if (value.kind === 'list') return `${value.items.length} items`;
  const json = valueJson(value);
  const text =
    typeof json === 'string' &&
    value.kind !== 'bytes' &&
    value.kind !== 'int64' &&
    value.kind !== 'enum'
      ? quotedText(json)
      : typeof json === 'object'
        ? JSON.stringify(json)
        : String(json);
  return text.length > SUMMARY_LIMIT ? `${text.slice(0, SUMMARY_LIMIT)}…` : text;
}

/** A property's value text, or why it has none. */
function propertySummary(property: DecodedProperty): string {
  if (property.value) return valueText(property.value.value);
  return property.name === null ? '(skipped)' : '(not written)';
}

function genericSummary(property: GenericProperty): string {
  const { guess } = property;
  if (guess.kind === 'object') return hex32(guess.object.hash);
  if (guess.kind === 'string') return quotedText(guess.value);
  if (guess.kind === 'number')
    return `${guess.unsigned}${guess.float === null ? '' : ` / ${guess.float}`}`;
  return guess.hex;
}

/** A node's Value column: its value's text, an object's class. */
export function nodeSummary(table: ObjectNodeTable, index: number): string {
  const part = table.part(index);
  switch (table.tag(index)) {
    case NodeTag.OBJECT: {
      const object = part as DecodedObject;
      return object.className ?? hex32(object.hash);
    }
    case NodeTag.PROPERTY:
      return propertySummary(part as DecodedProperty);
    case NodeTag.ITEM:
      return valueText((part as DecodedItem).value);
    case NodeTag.GENERIC_PROPERTY:
      return genericSummary(part as GenericProperty);
    default:
      return hex32((part as GenericObject | HashOnlyRoot).hash);
  }
}

/** What the details pane shows of a node. */
export function nodeFields(table: ObjectNodeTable, index: number): Fact[] {
  const part = table.part(index);
  switch (table.tag(index)) {
    case NodeTag.OBJECT: {
      const object = part as DecodedObject;
      const fields: Fact[] = [
        ['Class', object.className ?? '(not in the type list)'],
        ['Hash', hashText(object.hash)],
        ['Bits', bitsText(object.bits)],
      ];
      if (object.sizeBits !== null) fields.push(['Declared size', `${object.sizeBits} bits`]);
      return fields;
    }
    case NodeTag.PROPERTY: {
      const property = part as DecodedProperty;
      const facts: Fact[] = [
        ['Property', property.name ?? '(not in the type list: skipped by its size)'],
        ['Type', property.type ?? '(unknown)'],
        ['Hash', hashText(property.hash)],
        ['Bits', bitsText(property.bits)],
      ];
      if (property.sizeBits !== null) facts.push(['Declared size', `${property.sizeBits} bits`]);
      facts.push(['Value', propertySummary(property)]);
      return facts;
    }
    case NodeTag.ITEM: {
      const item = part as DecodedItem;
      return [
        ['Item', String(table.ordinal(index))],
        ['Bits', bitsText(item.bits)],
        ['Value', valueText(item.value)],
      ];
    }
    case NodeTag.GENERIC_OBJECT: {
      const object = part as GenericObject;
      return [
        ['Class hash', hashText(object.hash)],
        ['Bits', bitsText(object.bits)],
        ['Declared size', `${object.sizeBits} bits`],
      ];
    }
    case NodeTag.GENERIC_PROPERTY: {
      const property = part as GenericProperty;
      const summary = genericSummary(property);
      return [
        ['Property hash', hashText(property.hash)],
        ['Bits', bitsText(property.bits)],
        ['Declared size', `${property.sizeBits} bits`],
        ['Value bits', bitsText(property.valueBits)],
        ['Guess', `${property.guess.kind}: ${summary}`],
      ];
    }
    default: {
      const root = part as HashOnlyRoot;
      return [
        ['Class hash', hashText(root.hash)],
        ['Bits', bitsText(root.bits)],
        ['Note', 'a shallow blob needs a type list to be read past its class hash'],
      ];
    }
  }
}

/** One node of the table as an object: everything but its place is made when read. */
class TableNode implements ObjectNode {
  constructor(
    private readonly table: ObjectNodeTable,
    readonly index: number,
  ) {}
  get path(): string {
    return this.table.path(this.index);
  }
  get kind(): NodeKind {
    return this.table.kind(this.index);
  }
  get bits(): BitRange {
    return this.table.bits(this.index);
  }
  get span(): Span {
    return this.table.span(this.index);
  }
  get summary(): string {
    return nodeSummary(this.table, this.index);
  }
  get fields(): Fact[] {
    return nodeFields(this.table, this.index);
  }
}

/** The nodes of a decode, in stream order, as objects (the table underneath: objectNodeTable). */
export function objectNodes(decode: ObjectDecode): ObjectNode[] {
  const table = objectNodeTable(decode);
  return Array.from({ length: table.count }, (_, index) => new TableNode(table, index));
}

/** The nodes of a decode as a table: no object or string per node until asked. */
export function objectNodeTable(decode: ObjectDecode): ObjectNodeTable {
  return new ObjectNodeTable(decode);
}
