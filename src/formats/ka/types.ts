/**
 * The model of a DAVA KeyedArchive ("KA"), as read.ts decodes it and write.ts writes it
 * (spec.md). All integers and floats in the file are little-endian. Floats are kept as
 * their raw IEEE bits, so every value is written back byte for byte (NaN payloads too);
 * `f32FromBits` gives the number. 64-bit integers are bigints.
 *
 * The UI may `import type` from this file: the view's queries and answers are at the end.
 */
import type { Span } from '../model.ts';

/** Value type ids (spec §3). Ids above 30 are unknown and stop the read. */
export const KaType = {
  NONE: 0,
  BOOLEAN: 1,
  INT32: 2,
  FLOAT: 3,
  STRING: 4,
  WIDE_STRING: 5,
  BYTE_ARRAY: 6,
  UINT32: 7,
  KEYED_ARCHIVE: 8,
  INT64: 9,
  UINT64: 10,
  VECTOR2: 11,
  VECTOR3: 12,
  VECTOR4: 13,
  MATRIX2: 14,
  MATRIX3: 15,
  MATRIX4: 16,
  COLOR: 17,
  FASTNAME: 18,
  AABBOX3: 19,
  FILEPATH: 20,
  FLOAT64: 21,
  INT8: 22,
  UINT8: 23,
  INT16: 24,
  UINT16: 25,
  RECT: 26,
  ARRAY: 27,
  QUATERNION: 28,
  TRANSFORM: 29,
  AABBOX2: 30,
} as const;

export type KaTypeId = (typeof KaType)[keyof typeof KaType];

/** The highest type id the reader knows. */
export const KA_LAST_TYPE = 30;

/**
 * DAVA's own type names (VariantType::TYPENAME_*, as its YAML files write them), by id.
 * Rect, variantVector, Quaternion, Transform and AABBox2 are later additions of the Blitz fork.
 */
export const KA_TYPE_NAMES: readonly string[] = [
  'none',
  'bool',
  'int32',
  'float',
  'string',
  'wideString',
  'byteArray',
  'uint32',
  'keyedArchive',
  'int64',
  'uint64',
  'Vector2',
  'Vector3',
  'Vector4',
  'Matrix2',
  'Matrix3',
  'Matrix4',
  'Color',
  'FastName',
  'AABBox3',
  'FilePath',
  'float64',
  'int8',
  'uint8',
  'int16',
  'uint16',
  'Rect',
  'variantVector',
  'Quaternion',
  'Transform',
  'AABBox2',
];

/** Integer types kept as numbers, with their byte width and signedness. */
export type KaIntType = 2 | 7 | 22 | 23 | 24 | 25;
/** Types made of f32 components: the count of each is `KA_FLOAT_COUNTS[type]`. */
export type KaFloatType = 3 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 19 | 26 | 28 | 29 | 30;
/** Types whose body is text: a length-prefixed string, or a u32 id in registry mode. */
export type KaTextType = 4 | 18 | 20;

/** How many f32 components each float type has (spec §3 table). */
export const KA_FLOAT_COUNTS: Readonly<Record<KaFloatType, number>> = {
  3: 1,
  11: 2,
  12: 3,
  13: 4,
  14: 4,
  15: 9,
  16: 16,
  17: 4,
  19: 6,
  26: 4,
  28: 4,
  29: 10,
  30: 4,
};

/**
 * One value. Registry mode (inside a v2 archive) replaces the bodies of STRING,
 * WIDE_STRING, FASTNAME and FILEPATH with a u32 id into the top archive's string table:
 * those are `stringId` values.
 */
export type KaValue =
  | { kind: 'none'; type: 0 }
  /** `byte` is the stored u8; any non-zero byte is true. */
  | { kind: 'bool'; type: 1; byte: number }
  | { kind: 'int'; type: KaIntType; value: number }
  | { kind: 'int64'; type: 9 | 10; value: bigint }
  /** `bits` are the raw u32 of each f32 component, in file order (matrices row-major). */
  | { kind: 'floats'; type: KaFloatType; bits: number[] }
  /** The raw u64 bits of an f64. */
  | { kind: 'float64'; type: 21; bits: bigint }
  /** Plain-mode text: the bytes as stored (UTF-8 when valid), `text` decoded from them. */
  | { kind: 'text'; type: KaTextType; bytes: Uint8Array; text: string }
  | { kind: 'stringId'; type: KaTextType | 5; id: number }
  /**
   * Plain-mode wide string: `units` are the stored wchar units (UTF-32 code points for
   * width 4, UTF-16 code units for width 2); the width is guessed per value (spec §5) and
   * `isAmbiguous` says both widths fit.
   */
  | { kind: 'wideString'; type: 5; width: 2 | 4; units: number[]; isAmbiguous: boolean }
  | { kind: 'bytes'; type: 6; bytes: Uint8Array }
  | { kind: 'archive'; type: 8; archive: KaArchive }
  | { kind: 'array'; type: 27; items: KaItem[] };

/** Which archive a header names (spec §1): `4B 41 01 00`, `02 00`, `02 01`, `02 FF`. */
export type KaArchiveKind = 'v1' | 'top' | 'sub' | 'empty';

/** The version and tag bytes of each kind. */
export const KA_HEADER_BYTES: Readonly<Record<KaArchiveKind, readonly [number, number]>> = {
  v1: [1, 0],
  top: [2, 0],
  sub: [2, 1],
  empty: [2, 0xff],
};

/** A v2 top archive's string: its UTF-8 bytes (u16 length) and the u32 id naming it. */
export interface KaTableString {
  id: number;
  bytes: Uint8Array;
  text: string;
}

/** A key: a plain-mode STRING (v1) or a u32 id (v2). */
export type KaKey = { kind: 'text'; bytes: Uint8Array; text: string } | { kind: 'id'; id: number };

export interface KaEntry {
  key: KaKey;
  value: KaValue;
  /** Key and value, from the key's first byte. */
  span?: Span;
  keySpan?: Span;
  /** From the value's type byte to its end. */
  valueSpan?: Span;
}

/** An ARRAY element. */
export interface KaItem {
  value: KaValue;
  span?: Span;
}

export interface KaArchive {
  kind: KaArchiveKind;
  /** A top archive's string table, in file order; empty for other kinds. */
  strings: KaTableString[];
  entries: KaEntry[];
  /**
   * Bytes after the archive and before the end of its KEYED_ARCHIVE length (a nested
   * archive must use all of them; kept so the writer reproduces a file that does not).
   */
  trailing?: Uint8Array;
  /** From the magic to the end of its body (without trailing bytes). */
  span?: Span;
}

/** A whole file: the root archive and any bytes after it. */
export interface KaDocument {
  root: KaArchive;
  trailing?: Uint8Array;
}

/** Options of the reader. */
export interface KaReadOptions {
  /** Forces the width of plain-mode wide strings instead of guessing it (spec §5). */
  wideStringWidth?: 2 | 4;
}

const floatBits = new DataView(new ArrayBuffer(8));

/** The f32 of raw bits. */
export function f32FromBits(bits: number): number {
  floatBits.setUint32(0, bits >>> 0, true);
  return floatBits.getFloat32(0, true);
}

/** The raw bits of a number stored as f32 (rounded to f32 as DAVA's float32 would be). */
export function bitsOfF32(value: number): number {
  floatBits.setFloat32(0, value, true);
  return floatBits.getUint32(0, true);
}

export function f64FromBits(bits: bigint): number {
  floatBits.setBigUint64(0, BigInt.asUintN(64, bits), true);
  return floatBits.getFloat64(0, true);
}

export function bitsOfF64(value: number): bigint {
  floatBits.setFloat64(0, value, true);
  return floatBits.getBigUint64(0, true);
}

// The view's data and questions (session.ts `view`, kind `ka-tree`).

/** The view kind of a keyed archive. */
export const KA_TREE_VIEW = 'ka-tree';

/** What `view.data()` gives: small facts, never the tree. */
export interface KaViewSummary {
  /** What the file is called in the view's heading: `Keyed archive`, `DAVA scene`. */
  title: string;
  /** `v1`, `v2 top`, `v2 sub`, `v2 empty`. */
  version: string;
  nodeCount: number;
  /** Values per type name (a container's own parts, such as a scene's header, are no values). */
  typeCounts: Record<string, number>;
  /** Strings in the root's string table (0 unless a v2 top archive). */
  stringTableSize: number;
  /** Archives (the root and every nested one). */
  archiveCount: number;
  issueCount: number;
}

export type KaViewQuery =
  | { kind: 'value'; index: number }
  | { kind: 'search'; text: string; limit: number }
  /** One node's subtree, or the whole archive, as `info --json` shapes it. */
  | { kind: 'json'; index?: number }
  /** The whole archive as DAVA's YAML. */
  | { kind: 'yaml' };

/** A node's value shaped for display. */
export type KaDisplayValue =
  | { kind: 'none' }
  | { kind: 'bool'; value: boolean; byte: number }
  | { kind: 'number'; value: number }
  /** 64-bit integers as exact decimal and hex text. */
  | { kind: 'bigint'; decimal: string; hex: string }
  /** Vectors, rect, quaternion: numbers; matrices and boxes: rows. */
  | { kind: 'numbers'; values: number[] }
  | { kind: 'rows'; rows: number[][] }
  | { kind: 'color'; r: number; g: number; b: number; a: number }
  | { kind: 'transform'; translation: number[]; scale: number[]; rotation: number[] }
  | { kind: 'text'; text: string }
  | { kind: 'stringId'; id: number; text: string | null }
  | { kind: 'wideString'; text: string; width: 2 | 4; isAmbiguous: boolean }
  /** At most 4 KiB of hex; `span` is where all of them are. */
  | { kind: 'bytes'; hex: string; length: number; span: Span; isTruncated: boolean }
  | { kind: 'archive'; archiveKind: KaArchiveKind; count: number }
  | { kind: 'array'; count: number };

export interface KaValueAnswer {
  kind: 'value';
  index: number;
  typeName: string;
  typeId: number;
  value: KaDisplayValue;
}

export interface KaSearchAnswer {
  kind: 'search';
  indexes: number[];
  total: number;
}

export interface KaTextAnswer {
  kind: 'json' | 'yaml';
  text: string;
}

export type KaViewAnswer = KaValueAnswer | KaSearchAnswer | KaTextAnswer;
