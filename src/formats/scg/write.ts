/**
 * Writes scene geometry: the mirror of read.ts, field by field in file order. Groups go
 * out through the keyed-archive writer (v1 pairs sorted by key bytes, as DAVA writes them,
 * unless `keepOrder`), so a parsed file is written back byte for byte.
 *
 * The builder at the end makes polygon groups for tests, samples and fuzz seeds, with the
 * keys DAVA's PolygonGroup::Save writes, all int32 as it writes them.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { KaType, type KaArchive, type KaValue } from '../ka/types.ts';
import { intValue, textValue, v1Archive, writeKa, type KaWriteOptions } from '../ka/write.ts';
import { expectedPrimitives, POLYGON_GROUP_NAME, vertexStride } from './geometry.ts';
import { INDEX_SIZES, SCG_MAGIC, type ScgFile } from './types.ts';

export function writeScg(file: ScgFile, options: KaWriteOptions = {}): Uint8Array {
  const out = new ByteWriter();
  out.bytes(Uint8Array.from(SCG_MAGIC));
  out.u32le(file.version);
  // The node count, twice: the reader refuses a file whose two disagree.
  out.u32le(file.groups.length);
  out.u32le(file.groups.length);
  for (const group of file.groups) out.bytes(writeKa(group, options));
  if (file.trailing) out.bytes(file.trailing);
  return out.finish();
}

// Builders for files made in code.

/** `#id` as DAVA stores it: an 8-byte array holding a u64. */
export function idValue(id: bigint): KaValue {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, id), true);
  return { kind: 'bytes', type: KaType.BYTE_ARRAY, bytes };
}

function bytesValue(bytes: Uint8Array): KaValue {
  return { kind: 'bytes', type: KaType.BYTE_ARRAY, bytes };
}

export interface PolygonGroupSpec {
  id: bigint;
  /** DAVA's vertex format bits (types.ts VERTEX_ATTRIBUTES). */
  vertexFormat: number;
  vertexCount: number;
  indices: readonly number[];
  /** 0: 16-bit indices, 1: 32-bit. */
  indexFormat: number;
  /** 0 unless given. */
  packing?: number;
  /** 1 (triangle list) unless given. */
  primitiveType?: number;
  /** The vertex bytes as stored; made from the format and count unless given. */
  vertices?: Uint8Array;
  /** The index bytes as stored; made from `indices` unless given. */
  indexBytes?: Uint8Array;
}

/** Vertex bytes of the right size: float components counting up, so no two vertices agree. */
function madeVertices(format: number, count: number): Uint8Array {
  const stride = vertexStride(format) ?? 0;
  const bytes = new Uint8Array(stride * count);
  const view = new DataView(bytes.buffer);
  for (let at = 0; at + 4 <= bytes.length; at += 4) view.setFloat32(at, at / 8, true);
  return bytes;
}

function madeIndices(indices: readonly number[], format: number): Uint8Array {
  const size = INDEX_SIZES[format] ?? 2;
  const bytes = new Uint8Array(indices.length * size);
  const view = new DataView(bytes.buffer);
  indices.forEach((index, at) => {
    if (size === 4) view.setUint32(at * 4, index, true);
    else view.setUint16(at * 2, index, true);
  });
  return bytes;
}

/** A PolygonGroup archive: every key DAVA writes, counts and sizes agreeing unless forced. */
export function polygonGroupArchive(spec: PolygonGroupSpec): KaArchive {
  const primitiveType = spec.primitiveType ?? 1;
  const textureCoords = [3, 4, 5, 6].filter((bit) => spec.vertexFormat & (1 << bit)).length;
  const cubeCoords = [16, 17, 18, 19].filter((bit) => spec.vertexFormat & (1 << bit)).length;
  const int = (value: number) => intValue(KaType.INT32, value);
  return v1Archive([
    ['##name', textValue(POLYGON_GROUP_NAME)],
    ['#id', idValue(spec.id)],
    ['cubeTextureCoordCount', int(cubeCoords)],
    ['indexCount', int(spec.indices.length)],
    ['indexFormat', int(spec.indexFormat)],
    ['indices', bytesValue(spec.indexBytes ?? madeIndices(spec.indices, spec.indexFormat))],
    ['packing', int(spec.packing ?? 0)],
    ['primitiveCount', int(expectedPrimitives(primitiveType, spec.indices.length) ?? 0)],
    ['rhi_primitiveType', int(primitiveType)],
    ['textureCoordCount', int(textureCoords)],
    ['vertexCount', int(spec.vertexCount)],
    ['vertexFormat', int(spec.vertexFormat)],
    ['vertices', bytesValue(spec.vertices ?? madeVertices(spec.vertexFormat, spec.vertexCount))],
  ]);
}
