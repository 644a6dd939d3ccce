/**
 * DAVA KeyedArchive ("KA"): a typed key → value map, the save format of DAVA engine games
 * (World of Tanks Blitz). spec.md has the facts. A file is one archive:
 *
 *   "KA" u8 version u8 tag            01 00 v1 · 02 00 v2 top · 02 01 v2 sub · 02 FF v2 empty
 *   v2 top: u32 n, n × {u16 len, bytes}, n × u32 id      the string table
 *   u32 count, count × {key, value}                      (none for v2 empty)
 *
 * A v1 key is a STRING value (type byte 4, u32 length, bytes); a v2 key is a u32 id into
 * the nearest top archive's table. A value is a type byte and a body (read-value.ts);
 * KEYED_ARCHIVE nests a whole archive behind a u32 byte length, ARRAY a count of values.
 *
 * The walk is a generator that reports to a `KaWalkSink`: `parseKa` builds the object
 * model from it, the session a table of typed arrays, and it yields between batches so a
 * session can pause. Every count and length is checked against the bytes left in its
 * archive before anything is allocated or looped over; nesting stops at 64 levels.
 */
import { ByteReader, decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import { KaModelBuilder } from './model-builder.ts';
import { hex32 } from '../../binary/hex.ts';
import { ErrorCode, FormatError, toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import type { Issue, ParseResult } from '../model.ts';
import {
  KA_FORMAT,
  KaFollow,
  readLeafValue,
  readLength,
  type KaMode,
  type KaStringTable,
} from './read-value.ts';
import {
  KA_LAST_TYPE,
  KaType,
  type KaArchiveKind,
  type KaDocument,
  type KaReadOptions,
  type KaTableString,
  type KaValue,
} from './types.ts';

export { KA_FORMAT } from './read-value.ts';

/** Nested archives and arrays deeper than this stop the read (spec §9). */
export const KA_MAX_DEPTH = 64;
/** Least bytes of a pair (spec §9): v1 key type + u32 length + value type; registry id + type. */
export const KA_MIN_V1_PAIR = 6;
export const KA_MIN_REGISTRY_PAIR = 5;
/** Least bytes of a string table entry: u16 length and its u32 id. */
export const KA_MIN_TABLE_STRING = 6;

/** Where the node being opened sits: a key of an archive, or an array element (no key). */
export interface KaSlot {
  /** Position among its siblings. */
  ordinal: number;
  /** 0: array element; 1: a v1 key (`keyOffset`, `keyLength`); 2: a v2 key id (`keyId`). */
  keyKind: 0 | 1 | 2;
  keyOffset: number;
  keyLength: number;
  keyId: number;
  /** Where the key (or the element) starts, and where its value's type byte is. */
  start: number;
  valueStart: number;
  type: number;
}

/** What the walk reports, in file order. Node indexes are the sink's own. */
export interface KaWalkSink {
  /** An archive's header was read; `owner` is its KEYED_ARCHIVE node, -1 for the root. */
  archive(owner: number, kind: KaArchiveKind, strings: KaTableString[], start: number): void;
  /** An archive ended at `end`; `trailing` are the bytes left of its length (or of the file). */
  archiveEnd(owner: number, end: number, trailing: Uint8Array | null): void;
  /** A node begins (the walker reuses `slot`: read it now); returns the node's index. */
  open(parent: number, slot: Readonly<KaSlot>, mode: KaMode): number;
  /** An ARRAY value's element count. */
  array(node: number, count: number): void;
  leaf(node: number, value: KaValue): void;
  close(node: number, end: number): void;
  issue(issue: Issue): void;
  /** Asked after each node: true to have the walk yield (a session pauses there). */
  wantsPause(): boolean;
}

interface WalkState {
  sink: KaWalkSink;
  slot: KaSlot;
  options: KaReadOptions;
}

function fail(code: ErrorCode, offset: number, detail: string): FormatError {
  return new FormatError({ code, offset, detail, format: KA_FORMAT });
}

/** The archive kind of a header's version and tag bytes, or null when unknown. */
export function kaArchiveKind(version: number, tag: number): KaArchiveKind | null {
  if (version === 1 && tag === 0) return 'v1';
  if (version !== 2) return null;
  return tag === 0 ? 'top' : tag === 1 ? 'sub' : tag === 0xff ? 'empty' : null;
}

function readStringTable(reader: ByteReader): KaStringTable {
  const countAt = reader.offset;
  const count = reader.u32le('string count');
  if (count * KA_MIN_TABLE_STRING > reader.remaining) {
    throw fail(
      ErrorCode.BAD_COUNT,
      countAt,
      `${count} strings need more than the ${reader.remaining} bytes left`,
    );
  }
  const texts: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    texts.push(reader.bytesView(reader.u16le('string length'), 'table string'));
  }
  const ids = reader.u32leArray(count, 'string ids');
  const strings: KaTableString[] = texts.map((bytes, index) => ({
    id: ids[index]!,
    bytes,
    text: decodeUtf8OrLatin1(bytes).text,
  }));
  const byId = new Map<number, string>();
  // The first string of an id wins, as a map filled in order keeps it.
  for (const { id, text } of strings) if (!byId.has(id)) byId.set(id, text);
  return { strings, byId };
}

function unresolvedIssue(id: number, at: number, node: number, what: string): Issue {
  return {
    severity: 'error',
    code: 'UNRESOLVED_ID',
    message: `${what} id ${hex32(id)} is not in the string table`,
    span: { offset: at, length: 4 },
    entryIndex: node,
  };
}

function readType(reader: ByteReader): number {
  const at = reader.offset;
  const type = reader.u8('value type');
  if (type > KA_LAST_TYPE) throw fail(ErrorCode.BAD_VALUE, at, `unknown value type ${type}`);
  return type;
}

function* walkValue(
  state: WalkState,
  reader: ByteReader,
  node: number,
  type: number,
  mode: KaMode,
  follow: KaFollow,
  depth: number,
): Generator<void, void, void> {
  const { sink } = state;
  if (type === KaType.KEYED_ARCHIVE || type === KaType.ARRAY) {
    if (depth >= KA_MAX_DEPTH) {
      throw fail(ErrorCode.TOO_LARGE, reader.offset - 1, `nesting deeper than ${KA_MAX_DEPTH}`);
    }
  }
  if (type === KaType.KEYED_ARCHIVE) {
    const length = readLength(reader, 'archive length');
    const nestedStart = reader.offset;
    const nested = new ByteReader(reader.bytesView(length), nestedStart, KA_FORMAT);
    yield* walkArchive(state, nested, node, depth + 1, mode.table);
    let trailing: Uint8Array | null = null;
    if (nested.remaining > 0) {
      const at = nested.offset;
      trailing = nested.bytesView(nested.remaining);
      sink.issue({
        severity: 'warning',
        code: 'TRAILING_BYTES',
        message: `${trailing.length} bytes after the nested archive, inside its length`,
        span: { offset: at, length: trailing.length },
        entryIndex: node,
      });
    }
    sink.archiveEnd(node, nested.offset - (trailing?.length ?? 0), trailing);
    return;
  }
  if (type === KaType.ARRAY) {
    const countAt = reader.offset;
    const count = reader.u32le('element count');
    if (count > reader.remaining) {
      throw fail(ErrorCode.BAD_COUNT, countAt, `${count} elements, ${reader.remaining} bytes left`);
    }
    sink.array(node, count);
    const { slot } = state;
    for (let index = 0; index < count; index++) {
      const start = reader.offset;
      const elementType = readType(reader);
      slot.ordinal = index;
      slot.keyKind = 0;
      slot.start = start;
      slot.valueStart = start;
      slot.type = elementType;
      const child = sink.open(node, slot, mode);
      const next = index + 1 < count ? KaFollow.Value : KaFollow.Any;
      yield* walkValue(state, reader, child, elementType, mode, next, depth + 1);
      sink.close(child, reader.offset);
      if (sink.wantsPause()) yield;
    }
    return;
  }
  const at = reader.offset;
  const value = readLeafValue(reader, type, mode, follow, state.options.wideStringWidth);
  if (value.kind === 'stringId' && !mode.table?.byId.has(value.id)) {
    sink.issue(unresolvedIssue(value.id, at, node, 'string'));
  }
  sink.leaf(node, value);
}

function* walkArchive(
  state: WalkState,
  reader: ByteReader,
  owner: number,
  depth: number,
  inherited: KaStringTable | null,
): Generator<void, void, void> {
  const { sink, slot } = state;
  const start = reader.offset;
  reader.need(4, 'archive header');
  if (reader.u8() !== 0x4b || reader.u8() !== 0x41) {
    throw fail(ErrorCode.BAD_MAGIC, start, 'not a keyed archive (no "KA")');
  }
  const version = reader.u8();
  const tag = reader.u8();
  const kind = kaArchiveKind(version, tag);
  if (!kind)
    throw fail(
      ErrorCode.UNSUPPORTED_VERSION,
      start + 2,
      `unsupported KA version ${version}.${tag}`,
    );
  const table = kind === 'top' ? readStringTable(reader) : inherited;
  // A v1 archive inside a v2 one is read in plain mode, as DAVA's fork does (spec §6.3);
  // the table still goes down to any v2 archive below it.
  const mode: KaMode = { isRegistry: kind !== 'v1', table };
  sink.archive(owner, kind, kind === 'top' ? table!.strings : [], start);
  if (kind === 'empty') return;
  const countAt = reader.offset;
  const count = reader.u32le('pair count');
  const minPair = mode.isRegistry ? KA_MIN_REGISTRY_PAIR : KA_MIN_V1_PAIR;
  if (count * minPair > reader.remaining) {
    throw fail(
      ErrorCode.BAD_COUNT,
      countAt,
      `${count} pairs need more than the ${reader.remaining} bytes left`,
    );
  }
  for (let index = 0; index < count; index++) {
    const entryStart = reader.offset;
    slot.ordinal = index;
    slot.start = entryStart;
    if (mode.isRegistry) {
      slot.keyKind = 2;
      slot.keyId = reader.u32le('key id');
    } else {
      const typeAt = reader.offset;
      const keyType = reader.u8('key type');
      if (keyType !== KaType.STRING)
        throw fail(ErrorCode.BAD_VALUE, typeAt, `key of type ${keyType}, not a string`);
      slot.keyKind = 1;
      slot.keyLength = readLength(reader, 'key length');
      slot.keyOffset = reader.offset;
      reader.skip(slot.keyLength, 'key');
    }
    slot.valueStart = reader.offset;
    slot.type = readType(reader);
    const type = slot.type;
    const keyId = slot.keyId;
    const node = sink.open(owner, slot, mode);
    if (mode.isRegistry && !table?.byId.has(keyId)) {
      sink.issue(unresolvedIssue(keyId, entryStart, node, 'key'));
    }
    const follow =
      index + 1 < count ? (mode.isRegistry ? KaFollow.Any : KaFollow.Key) : KaFollow.End;
    yield* walkValue(state, reader, node, type, mode, follow, depth);
    sink.close(node, reader.offset);
    if (sink.wantsPause()) yield;
  }
}

/**
 * The whole walk of a file: its root archive, then any bytes after it (an issue; kept).
 * Throws FormatError where the bytes stop making sense; `runKaWalk` turns that into `fatal`.
 */
export function* walkKa(
  bytes: Uint8Array,
  sink: KaWalkSink,
  options: KaReadOptions = {},
): Generator<void, void, void> {
  const reader = new ByteReader(bytes, 0, KA_FORMAT);
  const slot: KaSlot = {
    ordinal: 0,
    keyKind: 0,
    keyOffset: 0,
    keyLength: 0,
    keyId: 0,
    start: 0,
    valueStart: 0,
    type: 0,
  };
  yield* walkArchive({ sink, slot, options }, reader, -1, 0, null);
  const end = reader.offset;
  let trailing: Uint8Array | null = null;
  if (reader.remaining > 0) {
    trailing = reader.bytesView(reader.remaining);
    sink.issue({
      severity: 'warning',
      code: 'TRAILING_BYTES',
      message: `${trailing.length} bytes after the archive`,
      span: { offset: end, length: trailing.length },
    });
  }
  sink.archiveEnd(-1, end, trailing);
}

/**
 * One archive at the reader's offset, walked to its end and no further: a bare archive
 * inside a container file (SFV2 scenes and SCPG geometry store them back to back with no
 * length). Its keys become children of `owner` (-1: roots of the sink). Throws FormatError.
 */
export function* walkKaArchive(
  reader: ByteReader,
  sink: KaWalkSink,
  owner = -1,
  options: KaReadOptions = {},
): Generator<void, void, void> {
  const slot: KaSlot = {
    ordinal: 0,
    keyKind: 0,
    keyOffset: 0,
    keyLength: 0,
    keyId: 0,
    start: reader.offset,
    valueStart: reader.offset,
    type: 0,
  };
  yield* walkArchive({ sink, slot, options }, reader, owner, 0, null);
  sink.archiveEnd(owner, reader.offset, null);
}

/** Drives a walk to its end; the FormatError that stopped it, as data, or null. */
export function runKaWalk(walk: Generator<void, void, void>): ErrorInfo | null {
  try {
    for (let step = walk.next(); !step.done; step = walk.next());
    return null;
  } catch (error) {
    if (error instanceof FormatError) return toErrorInfo(error);
    throw error;
  }
}

/** Reads a whole file into the object model: what was read, its issues, and why it stopped. */
export function parseKa(bytes: Uint8Array, options: KaReadOptions = {}): ParseResult<KaDocument> {
  const builder = new KaModelBuilder(bytes);
  const fatal = runKaWalk(walkKa(bytes, builder, options));
  const document: KaDocument = { root: builder.root };
  if (builder.trailing) document.trailing = builder.trailing;
  return { value: document, issues: builder.issues, fatal };
}

/**
 * One value of a file read again, whole (a node's subtree for an export): its type byte is
 * at `valueStart`, read in `mode`; `forcedWidth` keeps the wide-string width the first
 * read chose. Throws FormatError.
 */
export function parseKaValueAt(
  bytes: Uint8Array,
  valueStart: number,
  mode: KaMode,
  forcedWidth?: 2 | 4,
): KaValue {
  const builder = new KaModelBuilder(bytes);
  const reader = new ByteReader(bytes, 0, KA_FORMAT);
  reader.seek(valueStart);
  const type = readType(reader);
  const slot: KaSlot = {
    ordinal: 0,
    keyKind: 0,
    keyOffset: 0,
    keyLength: 0,
    keyId: 0,
    start: valueStart,
    valueStart,
    type,
  };
  const node = builder.open(-1, slot);
  const options: KaReadOptions = forcedWidth ? { wideStringWidth: forcedWidth } : {};
  const walk = walkValue(
    { sink: builder, slot, options },
    reader,
    node,
    type,
    mode,
    KaFollow.Any,
    0,
  );
  for (let step = walk.next(); !step.done; step = walk.next());
  return builder.valueOf(node)!;
}
