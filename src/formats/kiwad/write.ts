/**
 * KIWAD writer, the mirror of read.ts field by field in file order: header, journal,
 * data. Used by tests (round trips, forged fields), the sample generator and `delve pack`.
 *
 * Two levels:
 *   - `writeKiwad(entries, options)`: a valid archive the way KI/wizwad write them
 *     (spec §10): v1 by default, names sorted by byte order, zlib level 9, `.mp3`/`.ogg`
 *     stored with compressed size 0xFFFFFFFF, CRC over the stored bytes, name length
 *     counting the NUL, data right after the journal in journal order.
 *   - `planKiwad` + `writeKiwadRaw`: the same archive as plain field values that a test
 *     can change before writing (any offset, size, flag byte, CRC, name bytes, count).
 */
import { zlibSync } from 'fflate';
import { ByteWriter } from '../../binary/byte-writer.ts';
import { kiCrc } from '../../binary/crc32.ts';
import { KIWAD_MAGIC, KIWAD_RECORD_FIXED_LENGTH, KIWAD_STORED_MARKER } from './layout.ts';
import type { KiwadWriteEntry, KiwadWriteOptions } from './types.ts';

/** Header fields as written. The flags byte is written when `flags` is not null. */
export interface KiwadRawHeader {
  /** Normally `KIWAD`; written as latin-1 bytes. */
  magic: string;
  version: number;
  entryCount: number;
  /** null: no flags byte (v1). A v2 header without it is the Imcodec bug. */
  flags: number | null;
}

/** One journal record as written; every field is free so tests can forge any value. */
export interface KiwadRawRecord {
  dataOffset: number;
  uncompressedSize: number;
  compressedSize: number;
  /** The u8 bool as written; readers treat any non-zero value as compressed. */
  compressedFlag: number;
  crc: number;
  /** Name-length field; defaults to `nameBytes.length`. */
  nameLength?: number;
  /** Name bytes as written, normally UTF-8 plus one NUL. */
  nameBytes: Uint8Array;
}

export interface KiwadRawArchive {
  header: KiwadRawHeader;
  records: KiwadRawRecord[];
  /** Bytes written right after the journal (the data region). */
  data: Uint8Array;
}

/** Extensions KI stores uncompressed. */
const STORED_EXTENSIONS = /\.(mp3|ogg)$/i;
const utf8 = new TextEncoder();

/** UTF-8 name plus the trailing NUL that the name length counts. */
export function encodeKiwadName(name: string): Uint8Array {
  const text = utf8.encode(name);
  const out = new Uint8Array(text.length + 1);
  out.set(text);
  return out;
}

/** Byte-order comparison, the sort order of names in KI archives. */
export function compareBytes(left: Uint8Array, right: Uint8Array): number {
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const difference = left[i]! - right[i]!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** Header length as written: 13 bytes, plus one for the flags byte. */
export function kiwadHeaderLength(header: KiwadRawHeader): number {
  return header.magic.length + 8 + (header.flags === null ? 0 : 1);
}

/** Absolute offset of each record, and of the journal end as the last element. */
export function kiwadRecordOffsets(archive: KiwadRawArchive): number[] {
  const offsets = [kiwadHeaderLength(archive.header)];
  let at = offsets[0]!;
  for (const record of archive.records) {
    at += KIWAD_RECORD_FIXED_LENGTH + record.nameBytes.length;
    offsets.push(at);
  }
  return offsets;
}

/** Lays out entries as a valid archive, without writing it. */
export function planKiwad(
  entries: KiwadWriteEntry[],
  options: KiwadWriteOptions = {},
): KiwadRawArchive {
  const version = options.version ?? 1;
  const header: KiwadRawHeader = {
    magic: KIWAD_MAGIC,
    version,
    entryCount: entries.length,
    flags: version >= 2 ? (options.flags ?? 0) : null,
  };
  const named = entries.map((entry) => ({ entry, nameBytes: encodeKiwadName(entry.name) }));
  if (!options.keepOrder) named.sort((a, b) => compareBytes(a.nameBytes, b.nameBytes));

  const stored = named.map(({ entry }) => {
    const isCompressed = entry.compress ?? !STORED_EXTENSIONS.test(entry.name);
    return { isCompressed, bytes: isCompressed ? zlibSync(entry.data, { level: 9 }) : entry.data };
  });
  const journalEnd =
    kiwadHeaderLength(header) +
    named.reduce((sum, { nameBytes }) => sum + KIWAD_RECORD_FIXED_LENGTH + nameBytes.length, 0);

  const data = new Uint8Array(stored.reduce((sum, { bytes }) => sum + bytes.length, 0));
  const records: KiwadRawRecord[] = [];
  let dataAt = 0;
  named.forEach(({ entry, nameBytes }, index) => {
    const { isCompressed, bytes } = stored[index]!;
    data.set(bytes, dataAt);
    records.push({
      dataOffset: journalEnd + dataAt,
      uncompressedSize: entry.data.length,
      compressedSize: isCompressed ? bytes.length : KIWAD_STORED_MARKER,
      compressedFlag: isCompressed ? 1 : 0,
      crc: kiCrc(bytes),
      nameBytes,
    });
    dataAt += bytes.length;
  });
  return { header, records, data };
}

/**
 * Replaces one record's name bytes and moves every data offset by the change in journal
 * length, so a forged name leaves the rest of the archive valid.
 */
export function setKiwadNameBytes(
  archive: KiwadRawArchive,
  index: number,
  nameBytes: Uint8Array,
): void {
  const record = archive.records[index];
  if (!record) throw new RangeError(`no record ${index}`);
  const shift = nameBytes.length - record.nameBytes.length;
  record.nameBytes = nameBytes;
  for (const each of archive.records) each.dataOffset += shift;
}

/** Writes the fields exactly as given: header, journal records, data region. */
export function writeKiwadRaw(archive: KiwadRawArchive): Uint8Array {
  const { header, records, data } = archive;
  const journalEnd = kiwadRecordOffsets(archive).at(-1) ?? 0;
  const writer = new ByteWriter(journalEnd + data.length);
  // Header
  writer.ascii(header.magic);
  writer.u32le(header.version);
  writer.u32le(header.entryCount);
  if (header.flags !== null) writer.u8(header.flags);
  // Journal
  for (const record of records) {
    writer.u32le(record.dataOffset);
    writer.u32le(record.uncompressedSize);
    writer.u32le(record.compressedSize);
    writer.u8(record.compressedFlag);
    writer.u32le(record.crc);
    writer.u32le(record.nameLength ?? record.nameBytes.length);
    writer.bytes(record.nameBytes);
  }
  // Data
  writer.bytes(data);
  return writer.finish();
}

/** A valid KIWAD archive of the given files (spec §10 defaults). */
export function writeKiwad(
  entries: KiwadWriteEntry[],
  options: KiwadWriteOptions = {},
): Uint8Array {
  return writeKiwadRaw(planKiwad(entries, options));
}
