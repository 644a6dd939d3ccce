/**
 * What a polygon group's keys mean (types.ts has DAVA's tables): its vertex format's bits
 * by name and the stride they make, its index size, and whether the `vertices` and
 * `indices` byte arrays hold what the counts and formats say — the checks DAVA's
 * PolygonGroup::Load makes before it uses them (it refuses a group that fails). Pure: the
 * keys come through a lookup, so the object model (read.ts) and the session's node table
 * (session.ts) describe a group the same way.
 */
import { hex } from '../../binary/hex.ts';
import type { KaStringTable } from '../ka/read-value.ts';
import type { KaArchiveKind, KaValue } from '../ka/types.ts';
import type { Issue, Span } from '../model.ts';
import {
  INDEX_SIZES,
  PACKING_NAMES,
  PRIMITIVE_TYPE_NAMES,
  VERTEX_ATTRIBUTES,
  type ScgPolygonGroupInfo,
} from './types.ts';

/**
 * A key of a group: its value, the bytes from its type byte to its end, and the string
 * table its string ids resolve through (a v2 group's; null for v1).
 */
export interface GroupField {
  value: KaValue;
  span: Span;
  table: KaStringTable | null;
}

/** The first pair of a group with this key, or null. */
export type GroupLookup = (key: string) => GroupField | null;

/** The `##name` every archive of an `.scg` has. */
export const POLYGON_GROUP_NAME = 'PolygonGroup';

/** Keys a group needs for its geometry to be read at all. */
const REQUIRED_KEYS = [
  'vertexFormat',
  'vertexCount',
  'vertices',
  'indexFormat',
  'indexCount',
  'indices',
] as const;

const KNOWN_BITS = VERTEX_ATTRIBUTES.reduce((bits, { bit }) => bits | bit, 0);

/** `0x18B`: the format as DAVA's int32, read unsigned. */
export function vertexFormatHex(format: number): string {
  return hex(format >>> 0);
}

/** Names of the set bits DAVA defines, in bit order, then the others together in hex. */
export function vertexFormatNames(format: number): string[] {
  const names = VERTEX_ATTRIBUTES.filter(({ bit }) => (format & bit) !== 0).map(({ name }) => name);
  const unknown = (format & ~KNOWN_BITS) >>> 0;
  if (unknown !== 0) names.push(hex(unknown));
  return names;
}

/** Bytes per vertex, or null when a set bit is one DAVA does not define (its size is unknown). */
export function vertexStride(format: number): number | null {
  if ((format & ~KNOWN_BITS) >>> 0 !== 0) return null;
  return VERTEX_ATTRIBUTES.reduce((sum, { bit, size }) => sum + (format & bit ? size : 0), 0);
}

/** `0x18B (VERTEX | NORMAL | TEXCOORD0 | TANGENT | BINORMAL)`. */
export function vertexFormatText(format: number): string {
  const names = vertexFormatNames(format);
  return `${vertexFormatHex(format)} (${names.length > 0 ? names.join(' | ') : 'no attributes'})`;
}

export function indexFormatText(format: number): string {
  const size = INDEX_SIZES[format];
  return size ? `${format} (${size * 8}-bit)` : `${format} (unknown)`;
}

export function packingText(packing: number): string {
  return `${packing} (${PACKING_NAMES[packing] ?? 'unknown'})`;
}

export function primitiveTypeText(type: number): string {
  return `${type} (${PRIMITIVE_TYPE_NAMES[type] ?? 'unknown'})`;
}

/** The primitives `indexCount` indices make (DAVA's CalculatePrimitiveCount), or null. */
export function expectedPrimitives(type: number, indexCount: number): number | null {
  if (type === 1) return Math.floor(indexCount / 3);
  if (type === 2) return Math.max(0, indexCount - 2);
  if (type === 10) return Math.floor(indexCount / 2);
  return null;
}

/** An integer value (DAVA writes these keys as int32; any integer type is taken). */
function intOf(field: GroupField | null): number | null {
  return field?.value.kind === 'int' ? field.value.value : null;
}

function textOf(field: GroupField | null): string | null {
  if (field?.value.kind === 'text') return field.value.text;
  if (field?.value.kind === 'stringId') return field.table?.byId.get(field.value.id) ?? null;
  return null;
}

function bytesOf(field: GroupField | null): Uint8Array | null {
  return field?.value.kind === 'bytes' ? field.value.bytes : null;
}

/** `#id`: DAVA stores the u64 in an 8-byte array. */
export function idOf(field: GroupField | null): string | null {
  const bytes = bytesOf(field);
  if (!bytes || bytes.length !== 8) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true).toString();
}

function sizeIssue(
  code: string,
  field: GroupField,
  actual: number,
  expected: number,
  why: string,
): Issue {
  return {
    severity: 'warning',
    code,
    message: `${actual} bytes, but ${why} make ${expected}`,
    span: field.span,
  };
}

/**
 * A group's info and the issues its keys raise, each with the span of the value at fault
 * (the session adds the node). `kind` is the group archive's header: `.scg` stores v1.
 */
export function describeGroup(
  index: number,
  kind: KaArchiveKind | null,
  lookup: GroupLookup,
  groupSpan: Span,
): { info: ScgPolygonGroupInfo; issues: Issue[] } {
  const vertexFormat = intOf(lookup('vertexFormat'));
  const indexFormat = intOf(lookup('indexFormat'));
  const info: ScgPolygonGroupInfo = {
    index,
    name: textOf(lookup('##name')) ?? '',
    id: idOf(lookup('#id')),
    vertexCount: intOf(lookup('vertexCount')),
    indexCount: intOf(lookup('indexCount')),
    vertexFormat,
    vertexFormatNames: vertexFormat === null ? [] : vertexFormatNames(vertexFormat),
    vertexStride: vertexFormat === null ? null : vertexStride(vertexFormat),
    indexFormat,
    indexSize: indexFormat === null ? null : (INDEX_SIZES[indexFormat] ?? null),
    packing: intOf(lookup('packing')),
    primitiveType: intOf(lookup('rhi_primitiveType')),
    primitiveCount: intOf(lookup('primitiveCount')),
    verticesLength: bytesOf(lookup('vertices'))?.length ?? null,
    indicesLength: bytesOf(lookup('indices'))?.length ?? null,
  };
  const issues: Issue[] = [];
  const where = `polygon group ${index}`;
  if (kind !== null && kind !== 'v1') {
    issues.push({
      severity: 'warning',
      code: 'NOT_V1',
      message: `${where} is a v2 archive; .scg files store v1 archives`,
      span: { offset: groupSpan.offset, length: 4 },
    });
  }
  if (info.name !== POLYGON_GROUP_NAME) {
    issues.push({
      severity: 'warning',
      code: 'NOT_A_POLYGON_GROUP',
      message: `${where} is named ${JSON.stringify(info.name)}, not ${POLYGON_GROUP_NAME}: its keys are not checked`,
      span: lookup('##name')?.span ?? groupSpan,
    });
    return { info, issues };
  }
  const missing = REQUIRED_KEYS.filter((key) => {
    const field = lookup(key);
    return key === 'vertices' || key === 'indices' ? !bytesOf(field) : intOf(field) === null;
  });
  if (missing.length > 0) {
    issues.push({
      severity: 'warning',
      code: 'MISSING_FIELD',
      message: `${where} has no ${missing.join(', ')} (or not of the type DAVA writes)`,
      span: groupSpan,
    });
  }
  const vertices = lookup('vertices');
  // DAVA checks the vertex bytes only when they are not packed.
  if (
    vertices &&
    info.verticesLength !== null &&
    info.vertexCount !== null &&
    info.vertexStride !== null &&
    info.packing === 0
  ) {
    const expected = info.vertexCount * info.vertexStride;
    if (expected !== info.verticesLength) {
      issues.push(
        sizeIssue(
          'VERTICES_SIZE',
          vertices,
          info.verticesLength,
          expected,
          `${info.vertexCount} vertices of ${info.vertexStride} bytes (${vertexFormatHex(info.vertexFormat!)})`,
        ),
      );
    }
  }
  const indices = lookup('indices');
  if (indexFormat !== null && info.indexSize === null) {
    issues.push({
      severity: 'warning',
      code: 'UNKNOWN_INDEX_FORMAT',
      message: `${where}: index format ${indexFormat} is neither 0 (16-bit) nor 1 (32-bit)`,
      span: lookup('indexFormat')!.span,
    });
  } else if (
    indices &&
    info.indicesLength !== null &&
    info.indexCount !== null &&
    info.indexSize !== null
  ) {
    const expected = info.indexCount * info.indexSize;
    if (expected !== info.indicesLength) {
      issues.push(
        sizeIssue(
          'INDICES_SIZE',
          indices,
          info.indicesLength,
          expected,
          `${info.indexCount} indices of ${info.indexSize} bytes`,
        ),
      );
    }
  }
  return { info, issues };
}
