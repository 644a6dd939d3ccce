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
import { NodeTag, type HashOnlyRoot, type ObjectNodeTable } from './node-table.ts';
import { valueJson } from './export.ts';
import { shallowValueOf, type ShallowValue } from './table-values.ts';
import type {
  BitRange,
  GenericObject,
  GenericProperty,
  ObjectDecode,
  ObjectValue,
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

/** An object as a value (what a property or item holds): its class, or its hash unnamed. */
function objectText(table: ObjectNodeTable, index: number): string {
  return table.classNameOf(index) ?? hex32(table.hashOf(index));
}

/**
 * An object's own row: how many properties it has. Its class is the row's name already, so
 * repeating it as the value would say nothing new.
 */
function objectRowText(table: ObjectNodeTable, index: number): string {
  const count = table.childCount(index);
  return count === 1 ? '1 property' : `${count === 0 ? 'no' : count} properties`;
}

/** A value without its nested parts, as a line: an object's class, a list's length. */
function shallowText(table: ObjectNodeTable, value: ShallowValue): string {
  if (value.kind === 'objectRef') return value.node < 0 ? 'null' : objectText(table, value.node);
  if (value.kind === 'items') return `${value.count} items`;
  return valueText(value);
}

/** A property's value text, or why it has none. */
function propertySummary(table: ObjectNodeTable, index: number): string {
  const value = shallowValueOf(table, index);
  if (value) return shallowText(table, value);
  return table.propertyOf(index) === null ? '(skipped)' : '(not written)';
}

function genericSummary(property: GenericProperty): string {
  const { guess } = property;
  if (guess.kind === 'object') return hex32(guess.object.hash);
  if (guess.kind === 'string') return quotedText(guess.value);
  if (guess.kind === 'number')
    return `${guess.unsigned}${guess.float === null ? '' : ` / ${floatText(guess.float, guess.bits)}`}`;
  return guess.hex;
}

/**
 * A float read from 32 bits, with the 7 significant digits it holds (`1.144374e-28`), not
 * the 17 of its exact value as a double; a 64-bit one as the engine writes it.
 */
export function floatText(value: number, bits: number): string {
  return bits === 32 && Number.isFinite(value)
    ? String(Number(value.toPrecision(7)))
    : String(value);
}

/** A shallow root's value without a type list (its class hash is its name). */
export const HASH_ONLY_TEXT = '(needs a type list)';

/**
 * A node's Value column: a property's or item's value (an object held: its class); an
 * object's count of properties, since its name is its class already.
 */
export function nodeSummary(table: ObjectNodeTable, index: number): string {
  switch (table.tag(index)) {
    case NodeTag.OBJECT:
    case NodeTag.GENERIC_OBJECT:
      return objectRowText(table, index);
    case NodeTag.PROPERTY:
      return propertySummary(table, index);
    case NodeTag.ITEM:
      return shallowText(table, shallowValueOf(table, index)!);
    case NodeTag.GENERIC_PROPERTY:
      return genericSummary(table.part(index) as GenericProperty);
    default:
      // A shallow root without a type list: its hash is its name, and nothing else was read.
      return HASH_ONLY_TEXT;
  }
}

/** Whether a node's row is an object's, whose value (its count of properties) a search skips. */
export function isObjectRow(table: ObjectNodeTable, index: number): boolean {
  return table.kind(index) === 'section';
}

/** What the details pane shows of a node. */
export function nodeFields(table: ObjectNodeTable, index: number): Fact[] {
  const bits = table.bits(index);
  const sizeBits = table.sizeBitsOf(index);
  const declared: Fact[] = sizeBits === null ? [] : [['Declared size', `${sizeBits} bits`]];
  switch (table.tag(index)) {
    case NodeTag.OBJECT:
      return [
        ['Class', table.classNameOf(index) ?? '(not in the type list)'],
        ['Hash', hashText(table.hashOf(index))],
        ['Bits', bitsText(bits)],
        ...declared,
      ];
    case NodeTag.PROPERTY: {
      const property = table.propertyOf(index);
      return [
        ['Property', property?.name ?? '(not in the type list: skipped by its size)'],
        ['Type', property?.type ?? '(unknown)'],
        ['Hash', hashText(table.hashOf(index))],
        ['Bits', bitsText(bits)],
        ...declared,
        ['Value', propertySummary(table, index)],
      ];
    }
    case NodeTag.ITEM:
      return [
        ['Item', String(table.ordinal(index))],
        ['Bits', bitsText(bits)],
        ['Value', nodeSummary(table, index)],
      ];
    case NodeTag.GENERIC_OBJECT: {
      const object = table.part(index) as GenericObject;
      return [
        ['Class hash', hashText(object.hash)],
        ['Bits', bitsText(object.bits)],
        ['Declared size', `${object.sizeBits} bits`],
      ];
    }
    case NodeTag.GENERIC_PROPERTY: {
      const property = table.part(index) as GenericProperty;
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
      const root = table.part(index) as HashOnlyRoot;
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
export function objectNodes(decode: Pick<ObjectDecode, 'table'>): ObjectNode[] {
  const table = objectNodeTable(decode);
  return Array.from({ length: table.count }, (_, index) => new TableNode(table, index));
}

/** The nodes of a decode as a table: no object or string per node until asked. */
export function objectNodeTable(decode: Pick<ObjectDecode, 'table'>): ObjectNodeTable {
  return decode.table;
}
