/**
 * KingsIsle ObjectProperty state (spec.md): `BINd` files (`.xml` entries of KIWAD archives,
 * `ObjectData/**`, `TemplateManifest.xml`) and blobs inside network messages.
 *
 * The stream is read in layers, in this order: an optional manual `u32 size` + zlib wrapper
 * (a reader option), the stream's own `u32 flags` when the configuration is STATEFUL, a
 * compression marker (`u8`, then `u32 size` + zlib) when the flags say WITH_COMPRESSION, then
 * the root object. Objects are shallow (properties in id order, no sizes: a type list is
 * needed) or deep (every object and property with its size in bits and its hash: checked
 * against the bits consumed, and skippable). With a type list one walk fills the node table
 * (table-walk.ts), and the typed tree is built from it where one is wanted; without a list a
 * deep stream is walked generically (generic.ts).
 *
 * Bit positions count in the stream: the file itself, or the inflated bytes once a layer
 * inflates them (then error offsets are in the inflated bytes, and say so).
 */
import { inflate, maxInflatedSize } from '../../binary/inflate.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { Issue } from '../model.ts';
import { BitReader } from './bit-reader.ts';
import { ErrorCode, OBJECT_PROPERTY_FORMAT, errorAtBit } from './errors.ts';
import { walkGenericObject } from './generic.ts';
import { looksLikeBind } from './module.ts';
import { ObjectNodeTable } from './node-table.ts';
import { TableWalk } from './table-walk.ts';
import { typedObjectAt } from './table-values.ts';
import {
  SerializerFlag,
  type ObjectDecode,
  type SerializerConfig,
  type GenericObject,
  type StreamHeader,
  type TypeIndex,
} from './types.ts';

export { BIND_MAGIC } from './module.ts';
export { MAX_DEPTH } from './table-walk.ts';

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

export interface DecodeOptions {
  /** How the blob was serialized; ignored for a `BINd` file (always BIND_CONFIG). */
  config?: SerializerConfig;
  /** The type list; without one a deep stream is walked generically. */
  types?: TypeIndex | null;
}

/** A decode as its node table: everything an ObjectDecode holds but the typed tree. */
export interface TableDecode extends Omit<ObjectDecode, 'root' | 'table'> {
  /** `typed` with a type list; `generic` (deep) or `hashOnly` (shallow) without one. */
  kind: ObjectDecode['root']['kind'];
  table: ObjectNodeTable;
}

/** A decode and what it found besides (trailing bytes). */
export interface DecodeResult {
  decode: ObjectDecode;
  issues: Issue[];
}

export interface TableDecodeResult {
  decode: TableDecode;
  issues: Issue[];
}

/** How a long decode is followed: its table as soon as it exists, a pause between batches. */
export interface DecodeHooks {
  /** The table, before the walk fills it (nodes before `closedCount` are complete). */
  onTable?(table: ObjectNodeTable, walk: { readonly closedCount: number }): void;
  /** Nodes the walk adds between two batches, at first (each batch after: doubled). */
  firstBatch?: number;
  largestBatch?: number;
  /** After each batch but the last: `closedCount` nodes are complete. */
  batch?(closedCount: number): Promise<void>;
}

/** The stream's layers read: the bytes the root's bits count in, and where the root starts. */
async function openStream(bytes: Uint8Array, config: SerializerConfig) {
  const isBind = hasBindMagic(bytes);
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
  return { reader, stream, streamOffset, header };
}

/** The table filled by the typed walk, in batches when `hooks` pause between them. */
async function walkTyped(
  table: ObjectNodeTable,
  reader: BitReader,
  config: SerializerConfig,
  types: TypeIndex,
  hooks: DecodeHooks,
): Promise<void> {
  const walk = new TableWalk(table, reader, table.source.flags, config, types);
  hooks.onTable?.(table, walk);
  walk.start();
  const largest = hooks.largestBatch ?? Infinity;
  let batch = hooks.firstBatch ?? Infinity;
  for (;;) {
    walk.run(walk.closedCount + batch);
    if (walk.isDone) return;
    batch = Math.min(largest, batch * 2);
    await hooks.batch?.(walk.closedCount);
  }
}

/** Without a list: a deep stream's generic walk, or a shallow root's class hash alone. */
function walkUntyped(table: ObjectNodeTable, reader: BitReader, config: SerializerConfig): void {
  const rootAt = reader.position;
  if (config.isShallow) {
    reader.align();
    const start = reader.position;
    const hash = reader.u32('the root class hash');
    if (hash === 0) throw errorAtBit(ErrorCode.BAD_VALUE, start, 'the root object is null');
    table.addHashOnly({ hash, bits: { start, end: reader.position } });
    return;
  }
  const object = walkGenericObject(reader, 0);
  if (!object) throw errorAtBit(ErrorCode.BAD_VALUE, rootAt, 'the root object is null');
  table.addGeneric(object, -1);
}

/**
 * Decodes a `BINd` file (by its magic) or a blob (with `options.config`) into its node
 * table, in one walk. Throws FormatError for anything that cannot be read, at the byte
 * (and, in the detail, the bit) it concerns.
 */
export async function decodeObjectTable(
  bytes: Uint8Array,
  options: DecodeOptions = {},
  hooks: DecodeHooks = {},
): Promise<TableDecodeResult> {
  const config = hasBindMagic(bytes) ? BIND_CONFIG : (options.config ?? NETWORK_CONFIG);
  const { reader, stream, streamOffset, header } = await openStream(bytes, config);
  const types = options.types ?? null;
  const table = new ObjectNodeTable({
    stream,
    base: streamOffset ?? 0,
    flags: header.flags,
    isShallow: config.isShallow,
    types,
  });
  try {
    if (types) await walkTyped(table, reader, config, types, hooks);
    else {
      hooks.onTable?.(table, { closedCount: 0 });
      walkUntyped(table, reader, config);
    }
  } catch (error) {
    throw inStreamError(error, header.isInflated);
  }
  const kind = types ? 'typed' : config.isShallow ? 'hashOnly' : 'generic';
  const issues: Issue[] = [];
  const usedBytes = Math.ceil(reader.position / 8);
  if (kind !== 'hashOnly' && usedBytes < stream.length) {
    const offset = (streamOffset ?? 0) + usedBytes;
    const { isInflated } = header;
    issues.push({
      severity: 'warning',
      code: 'TRAILING_BYTES',
      message: `${stream.length - usedBytes} bytes after the root object${isInflated ? ' (in the inflated stream)' : ''}`,
      ...(isInflated ? {} : { span: { offset, length: stream.length - usedBytes } }),
    });
  }
  const decode: TableDecode = {
    config,
    header,
    stream,
    streamOffset,
    kind,
    table,
    endBit: reader.position,
  };
  return { decode, issues };
}

/** A table decode's root as the typed tree (built from the table), the generic walk or a hash. */
export function rootOf({ kind, table }: TableDecode): ObjectDecode['root'] {
  if (kind === 'typed') return { kind, object: typedObjectAt(table, 0) };
  const part = table.part(0);
  if (kind === 'generic') return { kind, object: part as GenericObject };
  return { kind, hash: part.hash, bits: part.bits };
}

/**
 * Decodes a `BINd` file or a blob whole: the table's walk, then the typed tree built from
 * it (what exports and the CLI's JSON read). Throws FormatError as decodeObjectTable does.
 */
export async function decodeObjectProperty(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodeResult> {
  const { decode, issues } = await decodeObjectTable(bytes, options);
  return { decode: { ...decode, root: rootOf(decode) }, issues };
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
