/**
 * Two-part writer, the mirror of two-part-read.ts field by field: header, volume names,
 * entry records; each volume is its entries' contents end to end.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { crc32Ieee } from '../../binary/crc32.ts';
import { TWO_PART_MAGIC } from './two-part-read.ts';

export interface TwoPartWriteVolume {
  name: string;
  files: { name: string; data: Uint8Array }[];
}

export interface TwoPartFiles {
  index: Uint8Array;
  volumes: { name: string; bytes: Uint8Array }[];
}

const utf8 = new TextEncoder();

function writeName(writer: ByteWriter, name: string): void {
  const bytes = utf8.encode(name);
  writer.u16le(bytes.length);
  writer.bytes(bytes);
}

/** An index naming the volumes, and the volumes. */
export function writeTwoPart(volumes: readonly TwoPartWriteVolume[]): TwoPartFiles {
  const entryCount = volumes.reduce((sum, volume) => sum + volume.files.length, 0);
  const writer = new ByteWriter();
  // Header
  writer.ascii(TWO_PART_MAGIC);
  writer.u32le(volumes.length);
  writer.u32le(entryCount);
  // Volumes
  for (const volume of volumes) writeName(writer, volume.name);
  // Entries
  const written = volumes.map((volume, volumeIndex) => {
    const data = new ByteWriter();
    for (const file of volume.files) {
      writer.u32le(volumeIndex);
      writer.u32le(data.offset);
      writer.u32le(file.data.length);
      writer.u32le(crc32Ieee(file.data));
      writeName(writer, file.name);
      data.bytes(file.data);
    }
    return { name: volume.name, bytes: data.finish() };
  });
  return { index: writer.finish(), volumes: written };
}
