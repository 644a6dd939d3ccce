/**
 * The opened KIWAD's entries, kept in columns (typed arrays plus one array of names)
 * instead of one object per entry: a KiwadEntry object with its span and boxed numbers
 * costs ~150 bytes of JS heap, a row here ~34 bytes of typed arrays outside it. Objects are
 * rebuilt on demand for the few entries being looked at (details, content, preview).
 */
import type { KiwadEntry } from '../../formats/kiwad/types.ts';

const FLAG_COMPRESSED = 1;

export class KiwadEntryTable {
  private names: string[] = [];
  private capacity = 0;
  private count = 0;
  private dataOffsets = new Float64Array(0);
  private recordOffsets = new Float64Array(0);
  private uncompressedSizes = new Uint32Array(0);
  private compressedSizes = new Uint32Array(0);
  private crcs = new Uint32Array(0);
  private nameLengths = new Uint32Array(0);
  private recordLengths = new Uint32Array(0);
  private flags = new Uint8Array(0);

  get length(): number {
    return this.count;
  }

  private grow(needed: number): void {
    if (needed <= this.capacity) return;
    const capacity = Math.max(needed, this.capacity * 2, 1024);
    const grown = <T extends Float64Array | Uint32Array | Uint8Array>(
      old: T,
      make: (size: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.dataOffsets = grown(this.dataOffsets, (size) => new Float64Array(size));
    this.recordOffsets = grown(this.recordOffsets, (size) => new Float64Array(size));
    this.uncompressedSizes = grown(this.uncompressedSizes, (size) => new Uint32Array(size));
    this.compressedSizes = grown(this.compressedSizes, (size) => new Uint32Array(size));
    this.crcs = grown(this.crcs, (size) => new Uint32Array(size));
    this.nameLengths = grown(this.nameLengths, (size) => new Uint32Array(size));
    this.recordLengths = grown(this.recordLengths, (size) => new Uint32Array(size));
    this.flags = grown(this.flags, (size) => new Uint8Array(size));
    this.capacity = capacity;
  }

  /** Appends entries; each must have the next index (the journal order). */
  push(entries: readonly KiwadEntry[]): void {
    this.grow(this.count + entries.length);
    for (const entry of entries) {
      const at = this.count;
      if (entry.index !== at) throw new RangeError(`entry ${entry.index} arrived as row ${at}`);
      this.names.push(entry.name);
      this.dataOffsets[at] = entry.dataOffset;
      this.recordOffsets[at] = entry.recordSpan.offset;
      this.uncompressedSizes[at] = entry.uncompressedSize;
      this.compressedSizes[at] = entry.compressedSize;
      this.crcs[at] = entry.crc;
      this.nameLengths[at] = entry.nameLength;
      this.recordLengths[at] = entry.recordSpan.length;
      this.flags[at] = entry.isCompressed ? FLAG_COMPRESSED : 0;
      this.count++;
    }
  }

  has(index: number): boolean {
    return Number.isInteger(index) && index >= 0 && index < this.count;
  }

  name(index: number): string {
    return this.names[index]!;
  }
  dataOffset(index: number): number {
    return this.dataOffsets[index]!;
  }
  uncompressedSize(index: number): number {
    return this.uncompressedSizes[index]!;
  }
  isCompressed(index: number): boolean {
    return (this.flags[index]! & FLAG_COMPRESSED) !== 0;
  }
  storedSize(index: number): number {
    return this.isCompressed(index) ? this.compressedSizes[index]! : this.uncompressedSizes[index]!;
  }
  crc(index: number): number {
    return this.crcs[index]!;
  }

  /** The entry as the reader gave it (a new object each call). */
  entry(index: number): KiwadEntry {
    return {
      index,
      name: this.names[index]!,
      dataOffset: this.dataOffsets[index]!,
      uncompressedSize: this.uncompressedSizes[index]!,
      compressedSize: this.compressedSizes[index]!,
      isCompressed: this.isCompressed(index),
      crc: this.crcs[index]!,
      storedSize: this.storedSize(index),
      nameLength: this.nameLengths[index]!,
      recordSpan: { offset: this.recordOffsets[index]!, length: this.recordLengths[index]! },
    };
  }
}
