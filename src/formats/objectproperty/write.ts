/**
 * The mirror of read.ts and read-values.ts, field by field: the stream's layers (manual
 * wrapper, stateful flags, compression marker), then the root object, shallow or deep, its
 * values by their property types. Tests, the fuzz seeds and the bench generator use it; what
 * it writes, the reader reads back to the same tree.
 */
import { zlibSync } from 'fflate';
import { BitWriter } from './bit-writer.ts';
import { BIND_MAGIC } from './read.ts';
import {
  COMPOSITES,
  MATRIX_TYPE,
  SCALARS,
  STRING_TYPE,
  WIDE_STRING_TYPE,
  bitFieldOf,
  isEnumProperty,
  type ScalarKind,
} from './value-types.ts';
import {
  PropertyFlag,
  SerializerFlag,
  type DecodedItem,
  type DecodedObject,
  type ObjectValue,
  type SerializerConfig,
  type TypeIndex,
  type TypeProperty,
} from './types.ts';

export interface WriteOptions {
  config: SerializerConfig;
  /** The flags the stream carries (with STATEFUL_FLAGS in the config); the config's otherwise. */
  streamFlags?: number;
  /** Whether to start with `BINd` (then the config must be deep and STATEFUL). */
  isBind?: boolean;
  /** With WITH_COMPRESSION in the stream's flags: write the object zlib-compressed (marker 1). */
  compressObject?: boolean;
}

const encoder = new TextEncoder();

class ObjectWriter {
  constructor(
    readonly out: BitWriter,
    readonly flags: number,
    readonly config: SerializerConfig,
    readonly types: TypeIndex,
  ) {}

  length(count: number, isContainer: boolean): void {
    if (this.flags & SerializerFlag.COMPACT_LENGTH_PREFIXES) {
      const isLarge = count >= 0x80;
      this.out.bits(isLarge ? 1 : 0, 1);
      this.out.bits(count, isLarge ? 31 : 7);
    } else if (isContainer) this.out.u32(count);
    else this.out.u16(count);
  }

  stringBytes(bytes: Uint8Array, units: number): void {
    this.length(units, false);
    if (units > 0) this.out.byteRun(bytes);
  }

  scalar(kind: ScalarKind, value: number | bigint): void {
    const out = this.out;
    if (kind === 'u64') return out.u64(BigInt(value));
    if (kind === 'i64') return out.i64(BigInt(value));
    const number = Number(value);
    ({
      i8: () => out.i8(number),
      u8: () => out.u8(number),
      i16: () => out.i16(number),
      u16: () => out.u16(number),
      i32: () => out.i32(number),
      u32: () => out.u32(number),
      f32: () => out.f32(number),
      f64: () => out.f64(number),
    })[kind]();
  }

  single(property: TypeProperty, value: ObjectValue): void {
    const { type } = property;
    if (isEnumProperty(property) && value.kind === 'enum') {
      if (this.flags & SerializerFlag.HUMAN_READABLE_ENUMS) {
        const text = value.names ?? String(value.value);
        const bytes = encoder.encode(text);
        return this.stringBytes(bytes, bytes.length);
      }
      return this.out.u32(value.value);
    }
    if (value.kind === 'bool') return this.out.bits(value.value ? 1 : 0, 1);
    const scalar = SCALARS[type];
    if (scalar && (value.kind === 'int' || value.kind === 'float' || value.kind === 'int64')) {
      return this.scalar(scalar, value.value);
    }
    const field = bitFieldOf(type);
    if (field && value.kind === 'int') return this.out.bits(value.value, field.width);
    if (type === STRING_TYPE && (value.kind === 'string' || value.kind === 'bytes')) {
      const bytes = value.kind === 'string' ? encoder.encode(value.value) : value.value;
      return this.stringBytes(bytes, bytes.length);
    }
    if (type === WIDE_STRING_TYPE && value.kind === 'wstring') {
      const units = Uint16Array.from(value.value, (char) => char.charCodeAt(0));
      const bytes = new Uint8Array(units.length * 2);
      units.forEach((unit, at) => {
        bytes[at * 2] = unit & 0xff;
        bytes[at * 2 + 1] = unit >>> 8;
      });
      return this.stringBytes(bytes, units.length);
    }
    const composite = COMPOSITES[type];
    if (composite && value.kind === 'composite') {
      const byName = new Map(value.fields);
      for (const [name, kind] of composite.fields) this.scalar(kind, byName.get(name) ?? 0);
      return;
    }
    if (type === MATRIX_TYPE && value.kind === 'matrix') {
      for (const number of value.values) this.out.f32(number);
      return;
    }
    if (value.kind === 'object') return this.object(value.object);
    throw new Error(`a ${value.kind} value does not fit ${property.name} (${type})`);
  }

  value(property: TypeProperty, item: DecodedItem): void {
    if (!property.isDynamic) return this.single(property, item.value);
    if (item.value.kind !== 'list') throw new Error(`${property.name} takes a list`);
    this.length(item.value.items.length, true);
    for (const each of item.value.items) this.single(property, each.value);
  }

  object(object: DecodedObject | null): void {
    this.out.align();
    if (object === null) return this.out.u32(0);
    this.out.u32(object.hash);
    const type = this.types.classes.get(object.hash);
    if (!type) throw new Error(`class ${object.hash} is not in the type list`);
    const given = new Map(object.properties.map((property) => [property.hash, property]));
    if (this.config.isShallow) {
      for (const property of type.properties) {
        if ((property.flags & this.config.mask) !== this.config.mask) continue;
        const value = given.get(property.hash)?.value ?? null;
        if (property.flags & PropertyFlag.DELTA_ENCODE) this.out.bits(value ? 1 : 0, 1);
        else if (!value) throw new Error(`${property.name} has no value`);
        if (value) this.value(property, value);
      }
      return;
    }
    const sizeAt = this.out.position;
    this.out.u32(0);
    for (const each of object.properties) {
      const property = type.propertiesByHash.get(each.hash);
      if (!property || !each.value) continue;
      const start = this.out.position;
      this.out.align();
      const propertySizeAt = this.out.position;
      this.out.u32(0);
      this.out.u32(property.hash);
      this.value(property, each.value);
      this.out.patchU32(propertySizeAt, this.out.position - start);
    }
    this.out.patchU32(sizeAt, this.out.position - sizeAt);
  }
}

/** A root object as a stream of `options.config`: the layers, then the object. */
export function writeObjectProperty(
  root: DecodedObject,
  types: TypeIndex,
  options: WriteOptions,
): Uint8Array {
  const { config } = options;
  const isStateful = (config.flags & SerializerFlag.STATEFUL_FLAGS) !== 0;
  const flags = isStateful ? (options.streamFlags ?? config.flags) : config.flags;
  const body = new BitWriter();
  new ObjectWriter(body, flags, config, types).object(root);
  const object = body.finish();
  const stream = new BitWriter();
  if (isStateful) stream.u32(flags);
  if (flags & SerializerFlag.WITH_COMPRESSION) {
    const isCompressed = options.compressObject === true;
    stream.u8(isCompressed ? 1 : 0);
    if (isCompressed) stream.u32(object.length);
    stream.byteRun(isCompressed ? zlibSync(object) : object);
  } else stream.byteRun(object);
  const file = new BitWriter();
  if (options.isBind) file.byteRun(BIND_MAGIC);
  if (config.isManuallyCompressed) {
    const inner = stream.finish();
    file.u32(inner.length);
    file.byteRun(zlibSync(inner));
  } else file.byteRun(stream.finish());
  return file.finish();
}
