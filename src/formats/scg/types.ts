/**
 * The model of a DAVA scene geometry file (`.scg`, magic `SCPG`), as read.ts decodes it and
 * write.ts writes it (spec.md). All integers are little-endian. Every polygon group in it is
 * a bare keyed archive (../ka/types.ts); this file adds the 16-byte header and what a
 * polygon group's keys mean: DAVA's vertex format bits, index formats, packings and
 * primitive types, as its PolygonGroup and RenderBase sources define them.
 *
 * The UI may `import type` from this file.
 */
import type { KaArchive } from '../ka/types.ts';

/** `SCPG`. */
export const SCG_MAGIC = [0x53, 0x43, 0x50, 0x47] as const;
/** The only version known (u32 at 0x4). */
export const SCG_VERSION = 1;
/** Magic, version and the node count twice. */
export const SCG_HEADER_SIZE = 16;

export interface ScgFile {
  /** u32 at 0x4: 1. */
  version: number;
  /**
   * The polygon groups in file order: bare v1 archives with no length before them. Their
   * number is the node count, stored twice (0x8 and 0xC).
   */
  groups: KaArchive[];
  /** Bytes after the last group (an issue; kept for the writer). */
  trailing?: Uint8Array;
}

/**
 * One bit of DAVA's vertex format (`eVertexFormat`, RenderBase.h) and the bytes it adds to
 * each vertex (`GetVertexSize`): a vertex is the attributes of its set bits, back to back.
 */
export interface VertexAttribute {
  bit: number;
  name: string;
  /** Bytes per vertex. */
  size: number;
}

export const VERTEX_ATTRIBUTES: readonly VertexAttribute[] = [
  { bit: 1 << 0, name: 'VERTEX', size: 12 },
  { bit: 1 << 1, name: 'NORMAL', size: 12 },
  // Four bytes of RGBA, not floats.
  { bit: 1 << 2, name: 'COLOR', size: 4 },
  { bit: 1 << 3, name: 'TEXCOORD0', size: 8 },
  { bit: 1 << 4, name: 'TEXCOORD1', size: 8 },
  { bit: 1 << 5, name: 'TEXCOORD2', size: 8 },
  { bit: 1 << 6, name: 'TEXCOORD3', size: 8 },
  { bit: 1 << 7, name: 'TANGENT', size: 12 },
  { bit: 1 << 8, name: 'BINORMAL', size: 12 },
  // One float: a single joint for hard skinning.
  { bit: 1 << 9, name: 'HARD_JOINTINDEX', size: 4 },
  { bit: 1 << 10, name: 'PIVOT4', size: 16 },
  // Older content; DAVA turns it into PIVOT4 on load.
  { bit: 1 << 11, name: 'PIVOT_DEPRECATED', size: 12 },
  { bit: 1 << 12, name: 'FLEXIBILITY', size: 4 },
  { bit: 1 << 13, name: 'ANGLE_SIN_COS', size: 8 },
  // Four joints per vertex, as floats.
  { bit: 1 << 14, name: 'JOINTINDEX', size: 16 },
  { bit: 1 << 15, name: 'JOINTWEIGHT', size: 16 },
  { bit: 1 << 16, name: 'CUBETEXCOORD0', size: 12 },
  { bit: 1 << 17, name: 'CUBETEXCOORD1', size: 12 },
  { bit: 1 << 18, name: 'CUBETEXCOORD2', size: 12 },
  { bit: 1 << 19, name: 'CUBETEXCOORD3', size: 12 },
];

/** `indexFormat` (`eIndexFormat`): bytes per index. */
export const INDEX_SIZES: Readonly<Record<number, 2 | 4>> = { 0: 2, 1: 4 };

/** `packing`: 0 stores vertices as the format says; DAVA checks their size only then. */
export const PACKING_NAMES: Readonly<Record<number, string>> = { 0: 'none', 1: 'default' };

/** `rhi_primitiveType` (rhi::PrimitiveType). */
export const PRIMITIVE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'triangle list',
  2: 'triangle strip',
  10: 'line list',
};

/** What a polygon group's keys say, as the session, `info` and the export show it. */
export interface ScgPolygonGroupInfo {
  index: number;
  /** `##name` (PolygonGroup); empty when missing. */
  name: string;
  /** `#id` (an 8-byte array holding a u64) as decimal; null when missing or not 8 bytes. */
  id: string | null;
  vertexCount: number | null;
  indexCount: number | null;
  vertexFormat: number | null;
  /** Names of the set bits DAVA defines, then any other set bits in hex. */
  vertexFormatNames: string[];
  /** Bytes per vertex; null when the format is missing or has bits DAVA does not define. */
  vertexStride: number | null;
  indexFormat: number | null;
  /** Bytes per index; null when the format is missing or unknown. */
  indexSize: 2 | 4 | null;
  packing: number | null;
  primitiveType: number | null;
  primitiveCount: number | null;
  /** Bytes of the `vertices` and `indices` arrays; null when missing. */
  verticesLength: number | null;
  indicesLength: number | null;
}
