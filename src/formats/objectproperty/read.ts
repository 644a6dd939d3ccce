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
import { Unzlib } from 'fflate';
import {
  hasNativeInflate,
  inflate,
  maxInflatedSize,
  type InflateOptions,
} from '../../binary/inflate.ts';
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

/** `u32 size` + zlib at `at` of `bytes`: its data and declared size, checked against each other. */
function zlibLayer(bytes: Uint8Array, at: number, what: string) {
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
  return { data, size, dataAt: at + 4 };
}

/** `u32 size` + zlib at `at` of `bytes`, inflated to exactly `size` bytes. */
async function inflateLayer(bytes: Uint8Array, at: number, what: string): Promise<Uint8Array> {
  const { data, size, dataAt } = zlibLayer(bytes, at, what);
  return inflate(data, { container: 'zlib', expectedSize: size, offset: dataAt });
}

/** Compressed bytes fed at a time while only the head of a stream is wanted. */
const HEAD_CHUNK = 4096;
/** Inflated bytes the root object's head takes at most (aligned class hash and size). */
export const ROOT_HEAD_BYTES = 16;

/**
 * The first `wanted` bytes (or all, when fewer) of a zlib stream, inflated into `into`
 * without inflating the rest: fflate's streaming inflate, fed a few KiB at a time. The
 * count inflated, 0 when the head cannot be read (the whole inflate then says why).
 */
export function inflateHead(data: Uint8Array, into: Uint8Array, wanted: number): number {
  let filled = 0;
  const stream = new Unzlib((chunk) => {
    const take = Math.min(chunk.length, into.length - filled);
    into.set(chunk.subarray(0, take), filled);
    filled += take;
  });
  try {
    for (let at = 0; at < data.length && filled < Math.min(wanted, into.length);) {
      const end = Math.min(data.length, at + HEAD_CHUNK);
      stream.push(data.subarray(at, end), end === data.length);
      at = end;
    }
  } catch {
    return 0;
  }
  return filled;
}

/**
 * The compressed object's layer, its whole inflate left to `complete`: `stream` is the
 * buffer it fills (the declared size), of which the first `headBytes` are inflated already.
 */
interface PendingStream {
  stream: Uint8Array;
  headBytes: number;
  complete(): Promise<void>;
}

function pendingLayer(
  bytes: Uint8Array,
  at: number,
  what: string,
  pause: (() => Promise<void>) | undefined,
): PendingStream {
  const { data, size, dataAt } = zlibLayer(bytes, at, what);
  const stream = new Uint8Array(size);
  const headBytes = inflateHead(data, stream, ROOT_HEAD_BYTES);
  const options: InflateOptions = {
    container: 'zlib',
    expectedSize: size,
    offset: dataAt,
    into: stream,
    // The platform's streaming inflate, fed a piece at a time with a pause after each, so the
    // host answers for the root's row (and the page's first requests) while it runs.
    ...(hasNativeInflate() ? { engine: 'native' as const } : {}),
    ...(pause ? { pause } : {}),
  };
  return {
    stream,
    headBytes,
    // The whole inflate writes the head again, the same bytes, with every check it makes.
    async complete() {
      try {
        await inflate(data, options).catch((error: unknown) => {
          // The platform's engine names no offset in the data: the default engine's error does.
          if (options.engine === undefined) throw error;
          const { engine: _native, ...byDefault } = options;
          return inflate(data, byDefault);
        });
      } catch (error) {
        if (typeof error === 'object' && error !== null) layerErrors.add(error);
        throw error;
      }
    },
  };
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
  /**
   * The root's node is in the table and the rest of the stream still to inflate (a
   * compressed typed deep stream, whose first rows need not wait for the whole inflate).
   */
  root?(): Promise<void>;
  /** Lets the host answer other calls while the rest of the stream inflates after the root. */
  pause?(): Promise<void>;
}

/** Errors of the compressed layer: their offsets are the file's, not the inflated stream's. */
const layerErrors = new WeakSet<object>();

/**
 * The stream's layers read: the bytes the root's bits count in, and where the root starts.
 * With `hooks` (early root), a compressed object's layer is left `pending`: its head inflated,
 * the rest when `pending.complete()` is awaited.
 */
async function openStream(bytes: Uint8Array, config: SerializerConfig, hooks: DecodeHooks | null) {
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
  let pending: PendingStream | null = null;
  if (flags & SerializerFlag.WITH_COMPRESSION) {
    const marker = reader.u8('the compression marker');
    if (marker !== 0) {
      const layerAt = reader.position >>> 3;
      if (hooks) {
        pending = pendingLayer(stream, layerAt, 'the compressed object', hooks.pause);
        stream = pending.stream;
      } else stream = await inflateLayer(stream, layerAt, 'the compressed object');
      streamOffset = null;
      isInflated = true;
      reader = new BitReader(stream);
    }
  }
  const header: StreamHeader = { isBind, flags, isInflated };
  return { reader, stream, streamOffset, header, pending };
}

/**
 * The table filled by the typed walk, in batches when `hooks` pause between them. With a
 * `pending` inflate whose head holds the root's head, the root is read and handed over
 * (`hooks.root`) before the rest is inflated; else the whole stream is inflated first.
 */
async function walkTyped(
  table: ObjectNodeTable,
  reader: BitReader,
  config: SerializerConfig,
  types: TypeIndex,
  hooks: DecodeHooks,
  pending: PendingStream | null,
): Promise<void> {
  const walk = new TableWalk(table, reader, table.source.flags, config, types);
  hooks.onTable?.(table, walk);
  // The root's head is all `start` reads: whole in the inflated head, or the stream is whole first.
  const isHeadEnough =
    pending !== null &&
    (pending.headBytes >= ROOT_HEAD_BYTES || pending.headBytes === pending.stream.length);
  if (pending && !isHeadEnough) await pending.complete();
  walk.start();
  if (pending && isHeadEnough) {
    await hooks.root?.();
    await pending.complete();
  }
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
  const types = options.types ?? null;
  // Only the typed deep walk reads the root's head alone (its size says where it ends).
  const isRootEarly = types !== null && !config.isShallow && hooks.root !== undefined;
  const { reader, stream, streamOffset, header, pending } = await openStream(
    bytes,
    config,
    isRootEarly ? hooks : null,
  );
  const table = new ObjectNodeTable({
    stream,
    base: streamOffset ?? 0,
    flags: header.flags,
    isShallow: config.isShallow,
    types,
  });
  try {
    if (types) await walkTyped(table, reader, config, types, hooks, pending);
    else {
      hooks.onTable?.(table, { closedCount: 0 });
      walkUntyped(table, reader, config);
    }
  } catch (error) {
    throw layerErrors.has(error as object) ? error : inStreamError(error, header.isInflated);
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
