/**
 * Table templates read once per kind of table. A list has tens of thousands of tables whose
 * templates hold the same fields but for the `_TargetTable` name; parsing each whole made (and
 * dropped) a template, its fields and their spans per table, most of a list's read time. Here
 * a template is compared, field by field, with the bytes of the one before it; when they match
 * the table shares its parsed shape, and its fields with their spans are made only when asked
 * (the tree, a rewrite), from the shape and the table's own bytes. Records likewise make their
 * spans only when asked.
 */
import type { ByteReader } from '../../binary/byte-reader.ts';
import type { Span } from '../model.ts';
import { typeOfTag } from './tags.ts';
import type { DmlColumn, DmlField, DmlRecord, DmlTable, DmlTemplate, DmlValue } from './types.ts';
import { decodeStrAt } from './values.ts';

/** A template field as the shape keeps it: what its bytes say, and those bytes. */
interface FieldShape extends DmlColumn {
  /** Whether a table name follows it (`_TargetTable`). */
  isTarget: boolean;
  /** Its bytes from the name length to the flags (the table name after it not included). */
  bytes: Uint8Array;
}

/** What tables whose templates hold the same fields share. */
export interface TemplateShape {
  fields: readonly FieldShape[];
  /** The fields records hold a value for, in template order (the same array for every table). */
  columns: readonly DmlColumn[];
  /** Per column, its index in `fields`. */
  columnFields: readonly number[];
  /** Index in `fields` of the first `_TargetTable`; -1: none. */
  targetField: number;
  /** Index in `columns` of the first field of an unknown type; -1: none. */
  unknownColumn: number;
  /** `field "<name>"` per column, for the errors of its values. */
  labels: readonly string[];
}

/** A u16-length name at `at` in `bytes`; the caller has checked it lies before `end`. */
const nameAt = (bytes: Uint8Array, at: number) =>
  decodeStrAt(bytes, at + 2, bytes[at]! | (bytes[at + 1]! << 8)).text;

/** The shape of fields read in full (`read` gives each field's name, tag, flags and target). */
export function shapeOf(
  fields: readonly (DmlColumn & { target: string | null; bytes: Uint8Array })[],
  labelOf: (name: string) => string,
): TemplateShape {
  const shaped = fields.map(({ name, tag, flags, target, bytes }): FieldShape => ({
    name,
    tag,
    flags,
    isTarget: target !== null,
    bytes,
  }));
  const columnFields: number[] = [];
  shaped.forEach((field, at) => {
    if (!field.isTarget) columnFields.push(at);
  });
  const columns = columnFields.map((at): DmlColumn => {
    const { name, tag, flags } = shaped[at]!;
    return { name, tag, flags };
  });
  return {
    fields: shaped,
    columns,
    columnFields,
    targetField: shaped.findIndex((field) => field.isTarget),
    unknownColumn: columns.findIndex((field) => typeOfTag(field.tag) === null),
    labels: columns.map((field) => labelOf(field.name)),
  };
}

/**
 * Whether the template fields from the reader's position to `end` are exactly `shape`'s (its
 * bytes equal field by field, a target name of any length after each `_TargetTable`, ending at
 * `end`). On a match the reader is moved to `end` and the first table name is answered ('' when
 * none); otherwise null, the reader unmoved, and the template is read in full.
 */
export function matchShape(reader: ByteReader, shape: TemplateShape, end: number): string | null {
  const bytes = reader.bytes;
  const base = reader.offset - reader.relative;
  let at = reader.relative;
  const stop = end - base;
  let name = '';
  for (let index = 0; index < shape.fields.length; index++) {
    const field = shape.fields[index]!;
    const length = field.bytes.length;
    if (at + length > stop) return null;
    for (let byte = 0; byte < length; byte++) {
      if (bytes[at + byte] !== field.bytes[byte]) return null;
    }
    at += length;
    if (field.isTarget) {
      if (at + 2 > stop) return null;
      const nameLength = bytes[at]! | (bytes[at + 1]! << 8);
      if (at + 2 + nameLength > stop) return null;
      if (index === shape.targetField) name = nameAt(bytes, at);
      at += 2 + nameLength;
    }
  }
  if (at !== stop) return null;
  reader.seek(end);
  return name;
}

/**
 * A table as read: its records, and its template by shape; `template` and `fields` (with their
 * spans) are made from the file's bytes when first asked.
 */
export class ReadDmlTable implements DmlTable {
  readonly records: DmlRecord[] = [];
  private made: DmlField[] | null = null;

  constructor(
    /** The bytes the reader was given; `templateOffset` counts from `base`. */
    private readonly bytes: Uint8Array,
    private readonly base: number,
    readonly shape: TemplateShape,
    readonly name: string,
    readonly span: Span,
    readonly declaredCount: number,
    readonly declaredTemplateSize: number,
    private readonly templateSpan: Span,
  ) {}

  get columns(): readonly DmlColumn[] {
    return this.shape.columns;
  }

  get fieldCount(): number {
    return this.shape.fields.length;
  }

  get unknownColumn(): number {
    return this.shape.unknownColumn;
  }

  get template(): DmlTemplate {
    return {
      span: { ...this.templateSpan },
      declaredSize: this.declaredTemplateSize,
      fields: this.fields,
    };
  }

  /** Every template field with its bytes, `_TargetTable` included, in file order. */
  get fields(): DmlField[] {
    if (this.made) return this.made;
    const { bytes, base } = this;
    // The fields follow the template's 4-byte header.
    let at = this.templateSpan.offset + 4 - base;
    this.made = this.shape.fields.map(({ name, tag, flags, isTarget, bytes: own }): DmlField => {
      const start = at;
      at += own.length;
      let target: string | null = null;
      if (isTarget) {
        target = nameAt(bytes, at);
        at += 2 + (bytes[at]! | (bytes[at + 1]! << 8));
      }
      return { name, tag, flags, target, span: { offset: start + base, length: at - start } };
    });
    return this.made;
  }
}

/**
 * A record as read: its span made when asked (a list has hundreds of thousands of records, and
 * most spans are never looked at).
 */
export class ReadDmlRecord implements DmlRecord {
  constructor(
    private readonly offset: number,
    private readonly length: number,
    readonly declaredSize: number,
    readonly values: (DmlValue | null)[],
    readonly unread: Uint8Array | undefined,
  ) {}

  get span(): Span {
    return { offset: this.offset, length: this.length };
  }
}
