/**
 * PID writer, the mirror of read.ts: the header, the pixel stream in the runs the flags
 * choose, and the palette when the flags say it is embedded.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { PALETTE_SIZE, PID_FLAGS, type PidHeader } from './types.ts';

export interface PidInput {
  header: PidHeader;
  /** width × height palette indexes, rows top to bottom. */
  indexes: Uint8Array;
  /** 768 RGB bytes; written when the flags embed a palette. */
  palette?: Uint8Array;
  /** With skip runs: the index whose pixels are skipped (transparent). */
  skipIndex?: number;
}

/** Skip runs: `128 + n` skips n transparent pixels (n ≤ 127); `n` copies n literals (n ≤ 128). */
function skipRunStream(out: ByteWriter, indexes: Uint8Array, skip: number): void {
  let at = 0;
  while (at < indexes.length) {
    let count = 0;
    if (indexes[at] === skip) {
      while (at + count < indexes.length && indexes[at + count] === skip && count < 127) count++;
      out.u8(128 + count);
    } else {
      while (at + count < indexes.length && indexes[at + count] !== skip && count < 128) count++;
      out.u8(count).bytes(indexes.subarray(at, at + count));
    }
    at += count;
  }
}

/** Repeat runs: `192 + n` repeats the next byte n times (n ≤ 63); other bytes are one pixel each. */
function repeatRunStream(out: ByteWriter, indexes: Uint8Array): void {
  let at = 0;
  while (at < indexes.length) {
    const value = indexes[at]!;
    let count = 1;
    while (at + count < indexes.length && indexes[at + count] === value && count < 63) count++;
    // A value of 0xC0 or more cannot stand alone: it is always written as a run.
    if (count > 1 || value >= 192) out.u8(192 + count).u8(value);
    else out.u8(value);
    at += count;
  }
}

export function writePid(input: PidInput): Uint8Array {
  const { header, indexes } = input;
  if (indexes.length !== header.width * header.height) {
    throw new RangeError(`${indexes.length} indexes for ${header.width} × ${header.height} pixels`);
  }
  const out = new ByteWriter(32 + indexes.length * 2 + PALETTE_SIZE);
  out.u32le(header.id).u32le(header.flags).u32le(header.width).u32le(header.height);
  out.i32le(header.offsetX).i32le(header.offsetY).u32le(header.user1).u32le(header.user2);
  if ((header.flags & PID_FLAGS.skipRuns) !== 0) skipRunStream(out, indexes, input.skipIndex ?? 0);
  else repeatRunStream(out, indexes);
  if ((header.flags & PID_FLAGS.embeddedPalette) !== 0) {
    const palette = input.palette ?? new Uint8Array(PALETTE_SIZE);
    if (palette.length !== PALETTE_SIZE)
      throw new RangeError(`a palette of ${palette.length} bytes`);
    out.bytes(palette);
  }
  return out.finish();
}
