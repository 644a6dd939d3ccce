/**
 * The ObjectProperty model (spec.md): serializer configurations, type lists (classes,
 * properties, enums) merged into one index, and decoded objects — typed by a type list, or
 * walked generically without one. Every decoded part carries its bit range in the stream it
 * was read from (`BitRange`); `bitsToSpan` maps it to bytes for the hex view. The UI may
 * `import type` from here.
 */
import type { ErrorInfo } from '../../binary/format-error.ts';
import type { ObjectNodeTable } from './node-table.ts';

/** Serializer flags (spec.md "Stream header layers"). */
export const SerializerFlag = {
  STATEFUL_FLAGS: 1 << 0,
  COMPACT_LENGTH_PREFIXES: 1 << 1,
  HUMAN_READABLE_ENUMS: 1 << 2,
  WITH_COMPRESSION: 1 << 3,
  FORBID_DELTA_ENCODE: 1 << 4,
} as const;

/** Property flags that change how a value is read. */
export const PropertyFlag = {
  DEPRECATED: 1 << 6,
  DELTA_ENCODE: 1 << 8,
  BLOB: 1 << 9,
  BITS: 1 << 20,
  ENUM: 1 << 21,
} as const;

/** How a blob was serialized: what the reader must be told (nothing in the data says it). */
export interface SerializerConfig {
  /** Shallow (properties by id, no sizes) or deep (hashes and sizes: every BINd file). */
  isShallow: boolean;
  /** The configured serializer flags; with STATEFUL_FLAGS the stream's own replace them. */
  flags: number;
  /** Shallow mode: a property is written when `(flags & mask) === mask`. */
  mask: number;
  /** Whether a `u32 size` + zlib wrapper comes first (nothing in the data signals it). */
  isManuallyCompressed: boolean;
}

/** A range of bits in the decoded stream: `[start, end)`. */
export interface BitRange {
  start: number;
  end: number;
}

/** One option of an enum: its name and value (u32). */
export interface EnumOption {
  name: string;
  value: number;
}

export interface TypeProperty {
  name: string;
  /** The property's type name, e.g. `unsigned int`, `class SharedPointer<class Foo>`. */
  type: string;
  id: number;
  flags: number;
  /** `Static`, `Vector`, `List`, … */
  container: string;
  isDynamic: boolean;
  isPointer: boolean;
  /** The property hash as the list gives it (computed for XML lists). */
  hash: number;
  /** Options without `__DEFAULT` and `__BASECLASS`; empty for non-enums. */
  enumOptions: EnumOption[];
}

export interface TypeClass {
  name: string;
  hash: number;
  bases: string[];
  /** In ascending property id: the shallow order. */
  properties: TypeProperty[];
  propertiesByHash: Map<number, TypeProperty>;
}

/** Classes by hash: a Map, or one whose classes are made when first read (type-image.ts). */
export interface ClassesByHash {
  readonly size: number;
  get(hash: number): TypeClass | undefined;
  has(hash: number): boolean;
  values(): IterableIterator<TypeClass>;
}

/** One or more type lists merged (later lists win for the same class hash). */
export interface TypeIndex {
  classes: ClassesByHash;
  /** The names of the lists merged, in order. */
  sources: string[];
  /** Property hash → the classes declaring it, for reverse lookups (made when first read). */
  readonly propertyOwners: ReadonlyMap<number, TypeClass[]>;
}

/** A decoded value, typed by its property's type name. */
export type ObjectValue =
  | { kind: 'bool'; value: boolean }
  | { kind: 'int'; value: number }
  /** 64-bit integers, exact. */
  | { kind: 'int64'; value: bigint }
  | { kind: 'float'; value: number }
  | { kind: 'string'; value: string }
  /** A BLOB string, or one that is not UTF-8. */
  | { kind: 'bytes'; value: Uint8Array }
  | { kind: 'wstring'; value: string }
  /** `names` is the option's name (bit enums: `A|B`), null where the list names none. */
  | { kind: 'enum'; value: number; names: string | null }
  /** Color, Vector3D, Quaternion, Euler, Point, Size, Rect: named numbers in JSON order. */
  | { kind: 'composite'; type: string; fields: [name: string, value: number][] }
  | { kind: 'matrix'; values: number[] }
  | { kind: 'object'; object: DecodedObject | null }
  | { kind: 'list'; items: DecodedItem[] };

/** A value with where it is. */
export interface DecodedItem {
  bits: BitRange;
  value: ObjectValue;
}

export interface DecodedProperty {
  /** Null for a property the type list lacks (deep mode: skipped by its size). */
  name: string | null;
  hash: number;
  type: string | null;
  /** The property's bits: deep mode from before its padding, with its size and hash. */
  bits: BitRange;
  /** Deep mode: the declared size in bits. */
  sizeBits: number | null;
  /** Null when skipped (unknown) or absent (a delta-encoded property not written). */
  value: DecodedItem | null;
}

export interface DecodedObject {
  hash: number;
  /** Null when the type list lacks the class (deep mode: skipped by its size). */
  className: string | null;
  bits: BitRange;
  /** Deep mode: the declared object size in bits (counting the size field). */
  sizeBits: number | null;
  properties: DecodedProperty[];
}

/** What the generic walk guesses a value is (spec.md "Generic walk"). */
export type GenericGuess =
  | { kind: 'object'; object: GenericObject }
  | { kind: 'string'; value: string }
  | {
      kind: 'number';
      bits: 8 | 16 | 32 | 64;
      unsigned: string;
      signed: string;
      float: number | null;
    }
  | { kind: 'bits'; hex: string };

export interface GenericProperty {
  hash: number;
  bits: BitRange;
  sizeBits: number;
  /** The value's bits (after padding, size and hash). */
  valueBits: BitRange;
  guess: GenericGuess;
}

export interface GenericObject {
  hash: number;
  bits: BitRange;
  sizeBits: number;
  properties: GenericProperty[];
}

/** The stream's header as read: the layers in order. */
export interface StreamHeader {
  /** Whether the file starts with `BINd`. */
  isBind: boolean;
  /** The flags in force (the stream's own with STATEFUL_FLAGS). */
  flags: number;
  /** Whether the object was zlib-inflated (the compression marker or a manual wrapper). */
  isInflated: boolean;
}

/** A whole decode: the header, the stream the bit ranges point into, and the root. */
export interface ObjectDecode {
  config: SerializerConfig;
  header: StreamHeader;
  /** The bytes the root's bits count in: the file itself, or the inflated object. */
  stream: Uint8Array;
  /** Where `stream` starts in the file; null when it was inflated. */
  streamOffset: number | null;
  /** `typed` with a type list; `generic` (deep) or `hashOnly` (shallow) without one. */
  root:
    | { kind: 'typed'; object: DecodedObject }
    | { kind: 'generic'; object: GenericObject }
    | { kind: 'hashOnly'; hash: number; bits: BitRange };
  /** Bits read of `stream`. */
  endBit: number;
  /** The nodes, as the one walk filled them (the typed tree above is built from it). */
  table: ObjectNodeTable;
}

/** Bits `[start, end)` as the bytes that hold them. */
export function bitsToSpan(bits: BitRange): { offset: number; length: number } {
  const offset = Math.floor(bits.start / 8);
  const end = Math.ceil(bits.end / 8);
  return { offset, length: Math.max(0, end - offset) };
}

// ---------------------------------------------------------------------------------------
// The `objectproperty-tree` view (view.ts) as the UI sees it: its summary and its questions.

/** What the view's summary says of a decode. */
export interface ObjectPropertyViewSummary {
  kind: 'typed' | 'generic' | 'hashOnly';
  mode: 'deep' | 'shallow';
  flags: number;
  isBind: boolean;
  /** The root's class name, or its hash in hex where no list names it. */
  rootName: string;
  /** The names of the type lists it was read with (none: `[]`). */
  typeLists: string[];
  nodeCount: number;
}

/** One row of the object tree (a session node). */
export interface ObjectPropertyRow {
  path: string;
  depth: number;
  name: string;
  value: string;
  kind: 'section' | 'value' | 'record' | 'entry' | 'folder';
}

/** A hash's or name's meaning in the type lists loaded. */
export interface ObjectPropertyNames {
  classes: { name: string; hash: number }[];
  properties: { className: string; name: string; type: string; hash: number }[];
}

export interface ObjectPropertyHashes {
  stringId: number;
  djb2: number;
  /** With a type name: `string_id(type) + djb2(text)`. */
  propertyHash: number | null;
  /** What the text (a name, or a number read as a hash) is in the type lists; null without any. */
  names: ObjectPropertyNames | null;
}

export type ObjectPropertyQuery =
  /** The object tree's rows whose name or value holds `text` (all when empty), `limit` at most. */
  | { kind: 'rows'; text: string; limit: number }
  /** The whole tree as JSON or (typed only) KingsIsle XML. */
  | { kind: 'export'; as: 'json' | 'xml' }
  /** The hashes of a text, and what it names in the type lists. */
  | { kind: 'hashes'; text: string; typeName: string }
  /**
   * Whether pasted bytes decode with these settings (the CLI's option names) and the file's
   * type lists, as a file of them would: asked before they are opened as one.
   */
  | { kind: 'check-blob'; bytes: Uint8Array; settings: Record<string, string> };

/** The answer to `check-blob`. */
export interface ObjectPropertyBlobCheck {
  /** Null when the bytes decode; else what stopped them, at its byte (its message names the bit). */
  error: ErrorInfo | null;
  /** Nodes the decode read (0 when it failed). */
  nodeCount: number;
}

export interface ObjectPropertyRows {
  rows: ObjectPropertyRow[];
  /** Rows matching in all (more than `rows` when cut at the limit). */
  matchCount: number;
}
