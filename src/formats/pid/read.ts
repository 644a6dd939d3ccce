/**
 * PID image reader: the header, then the pixel stream decoded linearly into width × height
 * palette indexes (runs may cross row ends, never the image's end), and the palette when
 * the image carries one. Which index is transparent follows the flags (palette.ts).
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import { MAX_TEXTURE_SIDE } from '../../binary/pixels/decode.ts';
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import type { ParseResult } from '../model.ts';
import { PALETTE_SIZE, PID_FLAGS, PID_HEADER_SIZE, type PidHeader } from './types.ts';

export const PID_FORMAT = 'pid';

const error = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: PID_FORMAT });

/** The header of a PID (`base`: the file offset of `bytes[0]`, for errors). */
export function parsePidHeader(bytes: Uint8Array, base = 0): PidHeader {
  const reader = new ByteReader(bytes, base, PID_FORMAT);
  reader.need(PID_HEADER_SIZE, 'PID header');
  const header: PidHeader = {
    id: reader.u32le('id'),
    flags: reader.u32le('flags'),
    width: reader.u32le('width'),
    height: reader.u32le('height'),
    offsetX: reader.i32le('offsetX'),
    offsetY: reader.i32le('offsetY'),
    user1: reader.u32le('user1'),
    user2: reader.u32le('user2'),
  };
  if (header.width > MAX_TEXTURE_SIDE || header.height > MAX_TEXTURE_SIDE) {
    throw error(
      ErrorCode.TOO_LARGE,
      base + 8,
      `${header.width} × ${header.height} pixels (at most ${MAX_TEXTURE_SIDE} a side)`,
    );
  }
  return header;
}

/** Where the pixel stream ends: before the embedded palette, when there is one. */
export function pidStreamEnd(header: PidHeader, length: number, base = 0): number {
  if ((header.flags & PID_FLAGS.embeddedPalette) === 0) return length;
  if (length < PID_HEADER_SIZE + PALETTE_SIZE) {
    throw error(
      ErrorCode.UNEXPECTED_EOF,
      base + length,
      `the flags promise a ${PALETTE_SIZE}-byte palette; ${length - PID_HEADER_SIZE} bytes follow the header`,
    );
  }
  return length - PALETTE_SIZE;
}

/** The embedded palette's 768 RGB bytes, or null. */
export function pidEmbeddedPalette(bytes: Uint8Array, header: PidHeader): Uint8Array | null {
  if ((header.flags & PID_FLAGS.embeddedPalette) === 0) return null;
  return bytes.subarray(bytes.length - PALETTE_SIZE);
}

/**
 * The pixels as palette indexes, width × height, rows top to bottom. `fill` is what a
 * skipped (transparent) pixel gets: the transparent index.
 */
export function decodePidIndexes(
  bytes: Uint8Array,
  header: PidHeader,
  fill: number,
  base = 0,
): Uint8Array {
  const end = pidStreamEnd(header, bytes.length, base);
  const total = header.width * header.height;
  const out = new Uint8Array(total);
  const isSkipRuns = (header.flags & PID_FLAGS.skipRuns) !== 0;
  let at = PID_HEADER_SIZE;
  let pixel = 0;
  const overrun = (count: number, tokenAt: number) =>
    error(
      ErrorCode.BAD_VALUE,
      base + tokenAt,
      `a run of ${count} pixels from pixel ${pixel} passes the image's ${total}`,
    );
  while (pixel < total) {
    if (at >= end) {
      throw error(
        ErrorCode.UNEXPECTED_EOF,
        base + at,
        `the pixel stream ends after ${pixel} of ${total} pixels`,
      );
    }
    const tokenAt = at;
    const token = bytes[at++]!;
    if (isSkipRuns) {
      if (token > 128) {
        const count = token - 128;
        if (pixel + count > total) throw overrun(count, tokenAt);
        out.fill(fill, pixel, pixel + count);
        pixel += count;
        continue;
      }
      if (pixel + token > total) throw overrun(token, tokenAt);
      if (at + token > end) {
        throw error(
          ErrorCode.UNEXPECTED_EOF,
          base + tokenAt,
          `${token} literal pixels pass the stream's end`,
        );
      }
      out.set(bytes.subarray(at, at + token), pixel);
      at += token;
      pixel += token;
      continue;
    }
    if (token > 192) {
      const count = token - 192;
      if (pixel + count > total) throw overrun(count, tokenAt);
      if (at >= end) {
        throw error(ErrorCode.UNEXPECTED_EOF, base + tokenAt, 'a repeat has no colour byte');
      }
      out.fill(bytes[at++]!, pixel, pixel + count);
      pixel += count;
      continue;
    }
    out[pixel++] = token;
  }
  return out;
}

/** A PID read for the tree: its header, where its parts lie, and the nodes that show them. */
export interface PidFile {
  header: PidHeader | null;
  nodes: { path: string; span: { offset: number; length: number }; fields: [string, string][] }[];
}

/** Reads a PID's parts (the pixels are decoded when the image is asked for). */
export async function readPid(source: ByteSource): Promise<ParseResult<PidFile>> {
  const file: PidFile = { header: null, nodes: [] };
  try {
    const head = await source.read(0, Math.min(source.size, PID_HEADER_SIZE));
    const header = parsePidHeader(head);
    file.header = header;
    file.nodes.push({
      path: 'header',
      span: { offset: 0, length: PID_HEADER_SIZE },
      fields: [
        ['Id', String(header.id)],
        ['Flags', `0x${header.flags.toString(16).toUpperCase()}`],
        ['Width', String(header.width)],
        ['Height', String(header.height)],
        ['Offset X', String(header.offsetX)],
        ['Offset Y', String(header.offsetY)],
        ['User 1', String(header.user1)],
        ['User 2', String(header.user2)],
      ],
    });
    const end = pidStreamEnd(header, source.size);
    file.nodes.push({
      path: 'pixels',
      span: { offset: PID_HEADER_SIZE, length: Math.max(0, end - PID_HEADER_SIZE) },
      fields: [
        ['Encoding', header.flags & PID_FLAGS.skipRuns ? 'skip runs' : 'repeat runs'],
        ['Pixels', String(header.width * header.height)],
      ],
    });
    if (end < source.size) {
      file.nodes.push({
        path: 'palette',
        span: { offset: end, length: PALETTE_SIZE },
        fields: [['Colours', '256 (RGB)']],
      });
    }
    return { value: file, issues: [], fatal: null };
  } catch (caught) {
    return { value: file, issues: [], fatal: toErrorInfo(caught) };
  }
}
