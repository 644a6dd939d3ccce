/**
 * DML's value types: the type tag a table's template gives each field (1-based, spec §1 —
 * the seed's table is off by one), the name `*Messages.xml` files give the same type, and
 * how many bytes a value takes (strings: a u16 length, then that many bytes or UTF-16 units).
 */
import type { DmlTypeName } from './types.ts';

export interface DmlTypeInfo {
  tag: number;
  name: DmlTypeName;
  /** Bytes of a value; for STR and WSTR, of the length before it. */
  width: number;
  /** How grids compare and show it. */
  kind: 'number' | 'integer64' | 'text';
}

/** Every type, by tag (index 0 is unused: tags are 1-based). */
export const DML_TYPES: readonly DmlTypeInfo[] = [
  { tag: 1, name: 'GID', width: 8, kind: 'integer64' },
  { tag: 2, name: 'INT', width: 4, kind: 'number' },
  { tag: 3, name: 'UINT', width: 4, kind: 'number' },
  { tag: 4, name: 'FLT', width: 4, kind: 'number' },
  { tag: 5, name: 'BYT', width: 1, kind: 'number' },
  { tag: 6, name: 'UBYT', width: 1, kind: 'number' },
  { tag: 7, name: 'USHRT', width: 2, kind: 'number' },
  { tag: 8, name: 'DBL', width: 8, kind: 'number' },
  { tag: 9, name: 'STR', width: 2, kind: 'text' },
  { tag: 10, name: 'WSTR', width: 2, kind: 'text' },
];

/** Tags by type, for writers and tests: `DmlTag.STR` is 9. */
export const DmlTag = {
  GID: 1,
  INT: 2,
  UINT: 3,
  FLT: 4,
  BYT: 5,
  UBYT: 6,
  USHRT: 7,
  DBL: 8,
  STR: 9,
  WSTR: 10,
} as const satisfies Record<DmlTypeName, number>;

const BY_NAME = new Map(DML_TYPES.map((info) => [info.name as string, info]));

/** The type of a tag; null for a tag DML does not define. */
export function typeOfTag(tag: number): DmlTypeInfo | null {
  return DML_TYPES[tag - 1] ?? null;
}

/** The type of a `TYPE="…"` name (case as written in `*Messages.xml`); null when unknown. */
export function typeOfName(name: string): DmlTypeInfo | null {
  return BY_NAME.get(name) ?? null;
}

/** A tag's type name, or `tag N` for one DML does not define. */
export function tagName(tag: number): string {
  return typeOfTag(tag)?.name ?? `tag ${tag}`;
}
