/**
 * The model of KingsIsle DML tables (`LatestFileList.bin`, spec.md): tables back to back,
 * each a template (its fields' names and types) and records (one value per field). Integers
 * little-endian. Also the types of DML network messages (messages/types.ts). The UI may
 * `import type` from here.
 */
import type { GridSummary, Span } from '../model.ts';

export type {
  DmlFrame,
  DmlFrameHeader,
  DmlMessage,
  DmlMessageField,
  DmlMessageFieldDef,
  DmlMessageDef,
  DmlProtocol,
} from './messages/types.ts';
export type {
  DmlFieldResult,
  DmlFrameDecode,
  DmlFrameResult,
  DmlMessageResult,
  DmlMessageSummary,
  DmlMessagesQuery,
  DmlMessagesSummary,
} from './messages/types.ts';

/** The name of a DML value type, as `*Messages.xml` files write it (`TYPE="UINT"`). */
export type DmlTypeName =
  'GID' | 'INT' | 'UINT' | 'FLT' | 'BYT' | 'UBYT' | 'USHRT' | 'DBL' | 'STR' | 'WSTR';

/**
 * One value: GID (u64) as a bigint; INT, UINT, FLT, BYT, UBYT, USHRT and DBL as numbers;
 * STR (UTF-8, latin-1 when not valid UTF-8) and WSTR (UTF-16LE, lone surrogates kept) as
 * strings.
 */
export type DmlValue = number | bigint | string;

/** The field whose template entry names the table instead of holding a value. */
export const TARGET_TABLE_FIELD = '_TargetTable';

/** What a template says of a field, as a writer takes it. */
export interface DmlFieldDraft {
  name: string;
  /** u8 type tag, 1 (GID) to 10 (WSTR); others are kept and reported. */
  tag: number;
  /** u8 DML flags; 0x28 in every field of real files. */
  flags: number;
  /** For `_TargetTable`: the table's name written after it; null for any other field. */
  target: string | null;
}

/** A record as a writer takes it: a value per value field, in template order. */
export interface DmlRecordDraft {
  values: readonly (DmlValue | null)[];
  /** The u16 size to write; absent: the bytes the record takes (header included). */
  declaredSize?: number;
  /**
   * Its bytes from the first field of a type DML does not define to its end, kept as they
   * are (values stop there); absent in tables whose types are all known.
   */
  unread?: Uint8Array | undefined;
}

/** A table as a writer takes it. */
export interface DmlTableDraft {
  /** Every template field in file order, `_TargetTable` included. */
  fields: readonly DmlFieldDraft[];
  records: readonly DmlRecordDraft[];
  /** The template's u16 size to write; absent: the bytes it takes (header included). */
  declaredTemplateSize?: number;
}

/** What records of a table hold a value for: a template field but `_TargetTable`. */
export interface DmlColumn {
  name: string;
  tag: number;
  flags: number;
}

/** A template field as read, with its bytes (name length to flags, and the target name). */
export interface DmlField extends DmlFieldDraft {
  span: Span;
}

export interface DmlTemplate {
  /** From its protocol byte to the end of its last field. */
  span: Span;
  /** The u16 size it declares, its 4-byte header included. */
  declaredSize: number;
  fields: DmlField[];
}

export interface DmlRecord extends DmlRecordDraft {
  /** From its protocol byte to the end of its last value read. */
  span: Span;
  declaredSize: number;
  /** A value per value field; null past a field of a type DML does not define. */
  values: (DmlValue | null)[];
}

export interface DmlTable extends DmlTableDraft {
  /** The `_TargetTable` name; empty when the template has none. */
  name: string;
  /** From the record count to the end of its last record read. */
  span: Span;
  /** The u32 record count (the template not counted). */
  declaredCount: number;
  template: DmlTemplate;
  fields: DmlField[];
  /** `fields.length`, known without making the fields. */
  readonly fieldCount: number;
  /**
   * The fields records hold a value for: all but `_TargetTable`, in template order. Tables of
   * the same fields share one array.
   */
  columns: readonly DmlColumn[];
  /** The records read (fewer than declared when reading stopped inside the table). */
  records: DmlRecord[];
  /** Index in `columns` of the first field of an unknown type (values stop there); -1: none. */
  unknownColumn: number;
}

/** What a DML table file holds: its tables, in file order. */
export interface DmlTableFile {
  tables: DmlTable[];
}

/** Codes of the issues the table reader reports (each with the span it concerns). */
export const DmlIssueCode = {
  /** A record's u16 size is not the bytes its values took (one real sample is off by one). */
  RECORD_SIZE_MISMATCH: 'RECORD_SIZE_MISMATCH',
  /** The template's fields did not end where its u16 size says. */
  TEMPLATE_SIZE_MISMATCH: 'TEMPLATE_SIZE_MISMATCH',
  /** A field's type tag is none of 1–10: the table's records are skipped by their sizes. */
  UNKNOWN_TYPE: 'UNKNOWN_TYPE',
  /** A template without `_TargetTable`: the table has no name. */
  NO_TARGET_TABLE: 'NO_TARGET_TABLE',
  /** Two tables share a name. */
  DUPLICATE_TABLE: 'DUPLICATE_TABLE',
  /** `_TableList` does not name the tables that follow it, in order. */
  TABLE_LIST_MISMATCH: 'TABLE_LIST_MISMATCH',
  /** A STR value is not UTF-8: shown as latin-1. */
  STRING_NOT_UTF8: 'STRING_NOT_UTF8',
} as const;

/** The view kind of DML tables: a grid (model.ts GridQuery) over their records. */
export const DML_TABLES_VIEW = 'dml-tables';

/** What the `dml-tables` view is given: every table with its columns and record count. */
export type DmlTablesSummary = GridSummary;
