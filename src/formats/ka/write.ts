/**
 * Writes keyed archives: the mirror of read.ts and read-value.ts, field by field in file
 * order. Floats are written from their raw bits, strings from their stored bytes, so a
 * parsed file is written back byte for byte. v1 pairs go out sorted by key bytes, as DAVA
 * writes them (its map is ordered), unless `keepOrder` is set.
 *
 * The small builders at the end make models for tests, samples and fuzz seeds.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import {
  KA_FLOAT_COUNTS,
  KA_HEADER_BYTES,
  KaType,
  bitsOfF32,
  bitsOfF64,
  type KaArchive,
  type KaDocument,
  type KaEntry,
  type KaFloatType,
  type KaIntType,
  type KaKey,
  type KaTextType,
  type KaValue,
} from './types.ts';

export interface KaWriteOptions {
  /** Writes v1 pairs in model order instead of sorting them by key bytes. */
  keepOrder?: boolean;
}

/** A model the format cannot hold (a text key in a v2 archive, ...): a bug of the caller. */
function refuse(detail: string): never {
  throw new Error(`cannot write this keyed archive: ${detail}`);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const common = Math.min(a.length, b.length);
  for (let index = 0; index < common; index++) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

function keyBytes(entry: KaEntry): Uint8Array {
  return entry.key.kind === 'text' ? entry.key.bytes : new Uint8Array(0);
}

function writeKey(out: ByteWriter, key: KaKey, isRegistry: boolean): void {
  if (isRegistry) {
    if (key.kind !== 'id') refuse('a text key in a v2 archive');
    out.u32le(key.id);
    return;
  }
  if (key.kind !== 'text') refuse('an id key in a v1 archive');
  out.u8(KaType.STRING).u32le(key.bytes.length).bytes(key.bytes);
}

function writeValue(
  out: ByteWriter,
  value: KaValue,
  isRegistry: boolean,
  options: KaWriteOptions,
): void {
  out.u8(value.type);
  switch (value.kind) {
    case 'none':
      return;
    case 'bool':
      out.u8(value.byte);
      return;
    case 'int':
      if (value.type === KaType.INT8 || value.type === KaType.UINT8) out.u8(value.value & 0xff);
      else if (value.type === KaType.INT16 || value.type === KaType.UINT16)
        out.u16le(value.value & 0xffff);
      else out.u32le(value.value >>> 0);
      return;
    case 'int64':
      out.u64le(BigInt.asUintN(64, value.value));
      return;
    case 'floats':
      if (value.bits.length !== KA_FLOAT_COUNTS[value.type])
        refuse(`type ${value.type} with ${value.bits.length} floats`);
      for (const bits of value.bits) out.u32le(bits >>> 0);
      return;
    case 'float64':
      out.u64le(BigInt.asUintN(64, value.bits));
      return;
    case 'stringId':
      if (!isRegistry) refuse('a string id outside a v2 archive');
      out.u32le(value.id);
      return;
    case 'text':
      if (isRegistry) refuse('a plain string in a v2 archive');
      out.u32le(value.bytes.length).bytes(value.bytes);
      return;
    case 'wideString':
      if (isRegistry) refuse('a plain wide string in a v2 archive');
      out.u32le(value.units.length);
      for (const unit of value.units) {
        if (value.width === 4) out.u32le(unit);
        else out.u16le(unit);
      }
      return;
    case 'bytes':
      out.u32le(value.bytes.length).bytes(value.bytes);
      return;
    case 'archive': {
      const nested = new ByteWriter();
      writeArchive(nested, value.archive, options);
      if (value.archive.trailing) nested.bytes(value.archive.trailing);
      const bytes = nested.finish();
      out.u32le(bytes.length).bytes(bytes);
      return;
    }
    case 'array':
      out.u32le(value.items.length);
      for (const item of value.items) writeValue(out, item.value, isRegistry, options);
      return;
  }
}

function writeArchive(out: ByteWriter, archive: KaArchive, options: KaWriteOptions): void {
  const [version, tag] = KA_HEADER_BYTES[archive.kind];
  out.u8(0x4b).u8(0x41).u8(version).u8(tag);
  if (archive.kind === 'top') {
    out.u32le(archive.strings.length);
    for (const { bytes } of archive.strings) out.u16le(bytes.length).bytes(bytes);
    for (const { id } of archive.strings) out.u32le(id);
  } else if (archive.strings.length > 0) refuse(`a string table in a ${archive.kind} archive`);
  if (archive.kind === 'empty') {
    if (archive.entries.length > 0) refuse('pairs in an empty archive');
    return;
  }
  const isRegistry = archive.kind !== 'v1';
  const entries =
    isRegistry || options.keepOrder
      ? archive.entries
      : [...archive.entries].sort((a, b) => compareBytes(keyBytes(a), keyBytes(b)));
  out.u32le(entries.length);
  for (const entry of entries) {
    writeKey(out, entry.key, isRegistry);
    writeValue(out, entry.value, isRegistry, options);
  }
}

/** The bytes of a whole file (a document, with its trailing bytes) or of one archive. */
export function writeKa(model: KaDocument | KaArchive, options: KaWriteOptions = {}): Uint8Array {
  const out = new ByteWriter();
  const root = 'root' in model ? model.root : model;
  writeArchive(out, root, options);
  if ('root' in model && model.trailing) out.bytes(model.trailing);
  return out.finish();
}

// Builders for models made in code.

const utf8 = new TextEncoder();

export function textKey(text: string): KaKey {
  return { kind: 'text', bytes: utf8.encode(text), text };
}

export function idKey(id: number): KaKey {
  return { kind: 'id', id };
}

export function textValue(text: string, type: KaTextType = KaType.STRING): KaValue {
  return { kind: 'text', type, bytes: utf8.encode(text), text };
}

export function intValue(type: KaIntType, value: number): KaValue {
  return { kind: 'int', type, value };
}

export function floatsValue(type: KaFloatType, values: readonly number[]): KaValue {
  return { kind: 'floats', type, bits: values.map(bitsOfF32) };
}

export function float64Value(value: number): KaValue {
  return { kind: 'float64', type: KaType.FLOAT64, bits: bitsOfF64(value) };
}

/** A wide string of `text` in units of `width` bytes (UTF-32 code points or UTF-16 units). */
export function wideValue(text: string, width: 2 | 4 = 4): KaValue {
  const units =
    width === 4
      ? Array.from(text, (char) => char.codePointAt(0)!)
      : Array.from({ length: text.length }, (_, index) => text.charCodeAt(index));
  return { kind: 'wideString', type: KaType.WIDE_STRING, width, units, isAmbiguous: false };
}

export function archiveValue(archive: KaArchive): KaValue {
  return { kind: 'archive', type: KaType.KEYED_ARCHIVE, archive };
}

export function arrayValue(values: readonly KaValue[]): KaValue {
  return { kind: 'array', type: KaType.ARRAY, items: values.map((value) => ({ value })) };
}

/** A v1 archive of text keys. */
export function v1Archive(pairs: ReadonlyArray<readonly [string, KaValue]>): KaArchive {
  return {
    kind: 'v1',
    strings: [],
    entries: pairs.map(([key, value]) => ({ key: textKey(key), value })),
  };
}
