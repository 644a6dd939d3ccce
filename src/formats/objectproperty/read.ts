/**
 * KingsIsle ObjectProperty state (spec.md): `BINd` files (`.xml` entries of KIWAD archives,
 * `ObjectData/**`, `TemplateManifest.xml`) and blobs inside network messages.
 *
 * The stream is read in layers, in this order: an optional manual `u32 size` + zlib wrapper
 * (a reader option), the stream's own `u32 flags` when the configuration is STATEFUL, a
 * compression marker (`u8`, then `u32 size` + zlib) when the flags say WITH_COMPRESSION, then
 * the root object. Objects are shallow (properties in id order, no sizes: a type list is
 * needed) or deep (every object and property with its size in bits and its hash: checked
 * against the bits consumed, and skippable). With a type list the root decodes into a typed
 * tree; without one a deep stream is walked generically (generic.ts).
 *
 * Bit positions count in the stream: the file itself, or the inflated bytes once a layer
 * inflates them (then error offsets are in the inflated bytes, and say so).
 */
import { inflate, maxInflatedSize } from '../../binary/inflate.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { Issue } from '../model.ts';
import { BitReader } from './bit-reader.ts';
import { ErrorCode, OBJECT_PROPERTY_FORMAT, errorAtBit } from './errors.ts';
import { hasMoreProperties, readObjectSize, readPropertyHeaderInto } from './deep.ts';
import { walkGenericObject } from './generic.ts';
import { looksLikeBind } from './module.ts';
import { readValue, type ValueContext } from './read-values.ts';
import {
  PropertyFlag,
  SerializerFlag,
  type DecodedItem,
  type DecodedObject,
  type DecodedProperty,
  type ObjectDecode,
  type SerializerConfig,
  type StreamHeader,
  type TypeIndex,
  type TypeProperty,
} from './types.ts';

export { BIND_MAGIC } from './module.ts';

/** Objects nested deeper than this are refused (a hostile file cannot exhaust the stack). */
export const MAX_DEPTH = 128;

/** `BINd` files: always deep, with STATEFUL flags (the stream gives its own). */
export const BIND_CONFIG: SerializerConfig = {
  isShallow: false,
  flags: SerializerFlag.STATEFUL_FLAGS,
  mask: 0,
  isManuallyCompressed: false,
};

/** Network blobs' usual configuration: deep, flags 0, mask TRANSMIT | PRIVILEGED_TRANSMIT. */
export const NETWORK_CONFIG: SerializerConfig = {
  isShallow: false,
  flags: 0,
  mask: 0x18,
  isManuallyCompressed: false,
};

/** Whether bytes start with `BINd` (module.ts detects by it). */
export const hasBindMagic = looksLikeBind;

/** `u32 size` + zlib at `at` of `bytes`, inflated to exactly `size` bytes. */
async function inflateLayer(bytes: Uint8Array, at: number, what: string): Promise<Uint8Array> {
  const reader = new BitReader(bytes);
  reader.position = at * 8;
  const size = reader.u32(`${what}'s size`);
  const data = bytes.subarray(at + 4);
  if (size > maxInflatedSize(data.length)) {
    throw errorAtBit(
      ErrorCode.SIZE_MISMATCH,
      at * 8,
      `${what} declares ${size} bytes, more than ${data.length} bytes of zlib can hold`,
    );
  }
  return inflate(data, { container: 'zlib', expectedSize: size, offset: at + 4 });
}

/** Reads objects in one mode, typed by `types`. */
class TypedObjectReader {
  readonly context: ValueContext;
  /** The property header being read (one, reused). */
  private readonly header = { start: 0, end: 0, sizeBits: 0, hash: 0 };

  constructor(
    readonly reader: BitReader,
    readonly flags: number,
    readonly config: SerializerConfig,
    readonly types: TypeIndex,
  ) {
    this.context = { reader, flags, readObject: (depth) => this.readObject(depth) };
  }

  readObject(depth: number): DecodedObject | null {
    const { reader } = this;
    reader.align();
    const start = reader.position;
    const hash = reader.u32('a class hash');
    if (hash === 0) return null;
    if (depth > MAX_DEPTH) {
      throw errorAtBit(ErrorCode.TOO_LARGE, start, `objects nest deeper than ${MAX_DEPTH}`);
    }
    return this.config.isShallow
      ? this.readShallow(hash, start, depth)
      : this.readDeep(hash, start, depth);
  }

  private readShallow(hash: number, start: number, depth: number): DecodedObject {
    const type = this.types.classes.get(hash);
    if (!type) {
      throw errorAtBit(
        ErrorCode.BAD_VALUE,
        start,
        `class hash ${hash} is not in the type list (shallow objects cannot be skipped)`,
      );
    }
    const properties: DecodedProperty[] = [];
    const { mask } = this.config;
    for (const property of type.properties) {
      if ((property.flags & mask) !== mask) continue;
      const at = this.reader.position;
      let value: DecodedItem | null = null;
      if (property.flags & PropertyFlag.DELTA_ENCODE) {
        const isPresent = this.reader.bits(1, 'a presence bit') === 1;
        if (!isPresent && this.flags & SerializerFlag.FORBID_DELTA_ENCODE) {
          throw errorAtBit(
            ErrorCode.BAD_VALUE,
            at,
            `${property.name} is left out, but delta encoding is forbidden`,
          );
        }
        if (isPresent) value = readValue(this.context, property, depth);
      } else {
        value = readValue(this.context, property, depth);
      }
      properties.push({
        name: property.name,
        hash: property.hash,
        type: property.type,
        bits: { start: at, end: this.reader.position },
        sizeBits: null,
        value,
      });
    }
    return {
      hash,
      className: type.name,
      bits: { start, end: this.reader.position },
      sizeBits: null,
      properties,
    };
  }

  private readDeep(hash: number, start: number, depth: number): DecodedObject {
    const { reader } = this;
    const frame = readObjectSize(reader);
    const type = this.types.classes.get(hash);
    const properties: DecodedProperty[] = [];
    while (hasMoreProperties(reader, frame)) {
      properties.push(this.readDeepProperty(type?.propertiesByHash, frame.end, depth));
    }
    return {
      hash,
      className: type?.name ?? null,
      bits: { start, end: frame.end },
      sizeBits: frame.sizeBits,
      properties,
    };
  }

  private readDeepProperty(
    known: Map<number, TypeProperty> | undefined,
    objectEnd: number,
    depth: number,
  ): DecodedProperty {
    const { reader } = this;
    const { start, end, sizeBits, hash } = readPropertyHeaderInto(reader, objectEnd, this.header);
    const property = known?.get(hash);
    if (!property) {
      // A property the list lacks is skipped by its size.
      reader.position = end;
      return { name: null, hash, type: null, bits: { start, end }, sizeBits, value: null };
    }
    const value = readValue(this.context, property, depth);
    if (reader.position !== end) {
      throw errorAtBit(
        ErrorCode.SIZE_MISMATCH,
        start,
        `property ${property.name} declares ${sizeBits} bits, it took ${reader.position - start}`,
      );
    }
    return {
      name: property.name,
      hash,
      type: property.type,
      bits: { start, end },
      sizeBits,
      value,
    };
  }
}

/** The root: typed with a list; without one, generic (deep) or its class hash alone (shallow). */
function readRoot(
  reader: BitReader,
  flags: number,
  config: SerializerConfig,
  types: TypeIndex | null,
): ObjectDecode['root'] {
  const rootAt = reader.position;
  if (types) {
    const object = new TypedObjectReader(reader, flags, config, types).readObject(0);
    if (!object) throw errorAtBit(ErrorCode.BAD_VALUE, rootAt, 'the root object is null');
    return { kind: 'typed', object };
  }
  if (config.isShallow) {
    reader.align();
    const start = reader.position;
    const hash = reader.u32('the root class hash');
    if (hash === 0) throw errorAtBit(ErrorCode.BAD_VALUE, start, 'the root object is null');
    return { kind: 'hashOnly', hash, bits: { start, end: reader.position } };
  }
  const object = walkGenericObject(reader, 0);
  if (!object) throw errorAtBit(ErrorCode.BAD_VALUE, rootAt, 'the root object is null');
  return { kind: 'generic', object };
}

export interface DecodeOptions {
  /** How the blob was serialized; ignored for a `BINd` file (always BIND_CONFIG). */
  config?: SerializerConfig;
  /** The type list; without one a deep stream is walked generically. */
  types?: TypeIndex | null;
}

/** A decode and what it found besides (trailing bytes). */
export interface DecodeResult {
  decode: ObjectDecode;
  issues: Issue[];
}

/**
 * Decodes a `BINd` file (by its magic) or a blob (with `options.config`). Throws FormatError
 * for anything that cannot be read, at the byte (and, in the detail, the bit) it concerns.
 */
export async function decodeObjectProperty(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodeResult> {
  const isBind = hasBindMagic(bytes);
  const config = isBind ? BIND_CONFIG : (options.config ?? NETWORK_CONFIG);
  let stream = bytes;
  let streamOffset: number | null = 0;
  let at = isBind ? 4 : 0;
  if (config.isManuallyCompressed) {
    stream = await inflateLayer(bytes, at, 'the compressed blob');
    streamOffset = null;
    at = 0;
  }
  let reader = new BitReader(stream);
  reader.position = at * 8;
  let flags = config.flags;
  if (flags & SerializerFlag.STATEFUL_FLAGS) flags = reader.u32('the stream flags');
  let isInflated = streamOffset === null;
  if (flags & SerializerFlag.WITH_COMPRESSION) {
    const marker = reader.u8('the compression marker');
    if (marker !== 0) {
      stream = await inflateLayer(stream, reader.position >>> 3, 'the compressed object');
      streamOffset = null;
      isInflated = true;
      reader = new BitReader(stream);
    }
  }
  const header: StreamHeader = { isBind, flags, isInflated };
  let root: ObjectDecode['root'];
  try {
    root = readRoot(reader, flags, config, options.types ?? null);
  } catch (error) {
    throw inStreamError(error, isInflated);
  }
  const issues: Issue[] = [];
  const usedBytes = Math.ceil(reader.position / 8);
  if (root.kind !== 'hashOnly' && usedBytes < stream.length) {
    const offset = (streamOffset ?? 0) + usedBytes;
    issues.push({
      severity: 'warning',
      code: 'TRAILING_BYTES',
      message: `${stream.length - usedBytes} bytes after the root object${isInflated ? ' (in the inflated stream)' : ''}`,
      ...(isInflated ? {} : { span: { offset, length: stream.length - usedBytes } }),
    });
  }
  const decode: ObjectDecode = {
    config,
    header,
    stream,
    streamOffset,
    root,
    endBit: reader.position,
  };
  return { decode, issues };
}

/** Marks an error of the inflated stream as such (its offset is not the file's). */
export function inStreamError(error: unknown, isInflated: boolean): unknown {
  if (!(error instanceof FormatError) || !isInflated) return error;
  return new FormatError({
    code: error.code,
    offset: error.offset,
    detail: `${error.detail}, in the inflated stream`,
    format: OBJECT_PROPERTY_FORMAT,
  });
}
