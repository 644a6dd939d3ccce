/**
 * A decode as the tree's nodes, in stream order: objects (sections), their properties and
 * container items (values), each with its path, the bytes its bits lie in (for the hex
 * view's highlight) and the fields the details pane shows. Spans are in the file where the
 * stream is the file, else in the inflated stream (the session's `logical` bytes).
 */
import { hex32 } from '../../binary/hex.ts';
import { quotedText } from '../../binary/quoted-text.ts';
import type { DocumentNode } from '../document-session.ts';
import type { Fact, NodeKind } from '../model.ts';
import { valueJson } from './export.ts';
import {
  bitsToSpan,
  type BitRange,
  type DecodedItem,
  type DecodedObject,
  type GenericObject,
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
/** A name as one path segment: no `/`. */
const segment = (name: string) => name.replaceAll('/', '\u2215');

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

class NodeBuilder {
  readonly nodes: ObjectNode[] = [];
  private readonly used = new Set<string>();
  constructor(private readonly base: number) {}

  /** Adds a node; returns its path, made unique (a hostile stream may repeat a hash). */
  add(wanted: string, kind: NodeKind, bits: BitRange, summary: string, fields: Fact[]): string {
    let path = wanted;
    while (this.used.has(path)) path = `${wanted} #${this.nodes.length}`;
    this.used.add(path);
    const span = bitsToSpan(bits);
    this.nodes.push({
      path,
      kind,
      bits,
      summary,
      fields,
      span: { offset: span.offset + this.base, length: span.length },
    });
    return path;
  }

  object(object: DecodedObject, parent: string | null): void {
    const name = segment(object.className ?? `#${hex32(object.hash)}`);
    const fields: Fact[] = [
      ['Class', object.className ?? '(not in the type list)'],
      ['Hash', hashText(object.hash)],
      ['Bits', bitsText(object.bits)],
    ];
    if (object.sizeBits !== null) fields.push(['Declared size', `${object.sizeBits} bits`]);
    const path = this.add(
      parent === null ? name : `${parent}/${name}`,
      'section',
      object.bits,
      object.className ?? hex32(object.hash),
      fields,
    );
    for (const property of object.properties) {
      const facts: Fact[] = [
        ['Property', property.name ?? '(not in the type list: skipped by its size)'],
        ['Type', property.type ?? '(unknown)'],
        ['Hash', hashText(property.hash)],
        ['Bits', bitsText(property.bits)],
      ];
      if (property.sizeBits !== null) facts.push(['Declared size', `${property.sizeBits} bits`]);
      const summary = property.value
        ? valueText(property.value.value)
        : property.name === null
          ? '(skipped)'
          : '(not written)';
      facts.push(['Value', summary]);
      const propertyPath = this.add(
        `${path}/${segment(property.name ?? `#${hex32(property.hash)}`)}`,
        'value',
        property.bits,
        summary,
        facts,
      );
      if (property.value) this.children(property.value, propertyPath);
    }
  }

  children(item: DecodedItem, path: string): void {
    const { value } = item;
    if (value.kind === 'object' && value.object) this.object(value.object, path);
    if (value.kind !== 'list') return;
    value.items.forEach((each, index) => {
      const summary = valueText(each.value);
      const itemPath = this.add(`${path}/[${index}]`, 'value', each.bits, summary, [
        ['Item', String(index)],
        ['Bits', bitsText(each.bits)],
        ['Value', summary],
      ]);
      this.children(each, itemPath);
    });
  }

  generic(object: GenericObject, parent: string | null): void {
    const name = `#${hex32(object.hash)}`;
    const path = this.add(
      parent === null ? name : `${parent}/${name}`,
      'section',
      object.bits,
      hex32(object.hash),
      [
        ['Class hash', hashText(object.hash)],
        ['Bits', bitsText(object.bits)],
        ['Declared size', `${object.sizeBits} bits`],
      ],
    );
    for (const property of object.properties) {
      const { guess } = property;
      const summary =
        guess.kind === 'object'
          ? hex32(guess.object.hash)
          : guess.kind === 'string'
            ? quotedText(guess.value)
            : guess.kind === 'number'
              ? `${guess.unsigned}${guess.float === null ? '' : ` / ${guess.float}`}`
              : guess.hex;
      const propertyPath = this.add(
        `${path}/#${hex32(property.hash)}`,
        'value',
        property.bits,
        summary,
        [
          ['Property hash', hashText(property.hash)],
          ['Bits', bitsText(property.bits)],
          ['Declared size', `${property.sizeBits} bits`],
          ['Value bits', bitsText(property.valueBits)],
          ['Guess', `${guess.kind}: ${summary}`],
        ],
      );
      if (guess.kind === 'object') this.generic(guess.object, propertyPath);
    }
  }
}

/** The nodes of a decode, in stream order. */
export function objectNodes(decode: ObjectDecode): ObjectNode[] {
  const builder = new NodeBuilder(decode.streamOffset ?? 0);
  const { root } = decode;
  if (root.kind === 'typed') builder.object(root.object, null);
  else if (root.kind === 'generic') builder.generic(root.object, null);
  else
    builder.add(`#${hex32(root.hash)}`, 'section', root.bits, hex32(root.hash), [
      ['Class hash', hashText(root.hash)],
      ['Bits', bitsText(root.bits)],
      ['Note', 'a shallow blob needs a type list to be read past its class hash'],
    ]);
  return builder.nodes;
}
