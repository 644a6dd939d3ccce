/**
 * PID images: pixel streams written by hand from the spec's token rules (skip runs, repeat
 * runs, literals of 0xC0 and over), the transparent index the flags choose, the embedded
 * palette, errors with their offsets, the writer's round trip, and detection by name.
 */
import { describe, expect, it } from 'vitest';
import { formatErrorOf } from '../../binary/testing/format-error-of.ts';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import { inlineServices } from '../services.ts';
import { pidHeader, pidSamples, testPalette } from './fixtures.ts';
import { pidSurface } from './image.ts';
import { pidFormat } from './module.ts';
import { transparentIndexOf } from './palette.ts';
import { decodePidIndexes, parsePidHeader } from './read.ts';
import { openPidSession } from './session.ts';
import { PID_FLAGS, type PidHeader } from './types.ts';

function pidBytes(header: PidHeader, stream: number[], palette?: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(32 + stream.length + (palette?.length ?? 0));
  const view = new DataView(bytes.buffer);
  const fields = [header.id, header.flags, header.width, header.height];
  fields.forEach((value, at) => view.setUint32(at * 4, value, true));
  view.setInt32(16, header.offsetX, true);
  view.setInt32(20, header.offsetY, true);
  view.setUint32(24, header.user1, true);
  view.setUint32(28, header.user2, true);
  bytes.set(stream, 32);
  if (palette) bytes.set(palette, 32 + stream.length);
  return bytes;
}

describe('PID pixel streams', () => {
  it('skip runs: a token over 128 skips (token − 128) pixels, else that many literals follow', () => {
    const header = pidHeader(3, 2, PID_FLAGS.skipRuns | PID_FLAGS.transparency);
    // Skip 2, then 3 literals (crossing the row end), then skip 1.
    const bytes = pidBytes(header, [0x82, 3, 5, 6, 0xc9, 0x81]);
    expect([...decodePidIndexes(bytes, header, 0)]).toEqual([0, 0, 5, 6, 0xc9, 0]);
  });

  it('repeat runs: a token over 192 repeats the next byte; others are one pixel each', () => {
    const header = pidHeader(6, 1, 0);
    // Three 7s, one 0xC8 (stored as C1 C8), a 192 on its own, a 2.
    const bytes = pidBytes(header, [0xc3, 7, 0xc1, 0xc8, 0xc0, 2]);
    expect([...decodePidIndexes(bytes, header, 0)]).toEqual([7, 7, 7, 0xc8, 0xc0, 2]);
  });

  it('a run past the image is refused at its token; a short stream where it ends', () => {
    const header = pidHeader(2, 2, 0);
    const overrun = formatErrorOf(() =>
      decodePidIndexes(pidBytes(header, [1, 0xc4, 9]), header, 0),
    );
    expect(overrun.code).toBe(ErrorCode.BAD_VALUE);
    expect(overrun.offset).toBe(33);
    const short = formatErrorOf(() => decodePidIndexes(pidBytes(header, [1, 2]), header, 0));
    expect(short.code).toBe(ErrorCode.UNEXPECTED_EOF);
    expect(short.offset).toBe(34);
  });

  it('a palette flag without its 768 bytes is an error at the end of the file', () => {
    const header = pidHeader(1, 1, PID_FLAGS.embeddedPalette);
    const error = formatErrorOf(() => decodePidIndexes(pidBytes(header, [4]), header, 0));
    expect(error.code).toBe(ErrorCode.UNEXPECTED_EOF);
    expect(error.offset).toBe(33);
  });

  it('sides over 16,384 are refused at the width', () => {
    const error = formatErrorOf(() => parsePidHeader(pidBytes(pidHeader(20_000, 1, 0), [])));
    expect(error.code).toBe(ErrorCode.TOO_LARGE);
    expect(error.offset).toBe(8);
  });
});

describe('PID colours', () => {
  it('Claw keys out index 0; Gruntz its RGB(255, 0, 132), or the index in user1', () => {
    const palette = testPalette();
    expect(transparentIndexOf(pidHeader(1, 1, PID_FLAGS.transparency), null)).toBe(0);
    expect(transparentIndexOf(pidHeader(1, 1, PID_FLAGS.transparency), palette)).toBe(9);
    expect(transparentIndexOf({ ...pidHeader(1, 1, PID_FLAGS.keyInUser1), user1: 42 }, null)).toBe(
      42,
    );
    expect(transparentIndexOf(pidHeader(1, 1, 0), palette)).toBeNull();
  });

  it('an embedded palette colours the pixels; the key colour is transparent', () => {
    const header = pidHeader(3, 1, PID_FLAGS.embeddedPalette | PID_FLAGS.transparency);
    const bytes = pidBytes(header, [1, 9, 100], testPalette());
    const surface = pidSurface(bytes, { kind: 'embedded' });
    const { rgba } = decodePixels(surface.encoding, surface.bytes, 3, 1);
    // Index i is (i, 255 − i, 7i mod 256); index 9 is the key.
    expect([...rgba]).toEqual([1, 254, 7, 255, 0, 0, 0, 0, 100, 155, (100 * 7) % 256, 255]);
  });
});

describe('PID files', () => {
  it('the writer round-trips every sample, and a session shows each as an image', async () => {
    for (const sample of pidSamples()) {
      const header = parsePidHeader(sample.bytes);
      expect(header).toEqual(sample.input.header);
      const fill = transparentIndexOf(header, sample.input.palette ?? null) ?? 0;
      expect(decodePidIndexes(sample.bytes, header, fill)).toEqual(sample.input.indexes);
      const session = await openPidSession({
        sources: [new MemoryByteSource(sample.bytes, sample.name)],
        services: inlineServices(),
        sink: { nodes: () => undefined, nodeRange: () => undefined },
      });
      const info = await session.images!.describe(0);
      expect([info?.width, info?.height, info?.levels.length]).toEqual([
        header.width,
        header.height,
        1,
      ]);
    }
  });

  it('is known by its name and a plausible header, never by its bytes alone', () => {
    const [sprite] = pidSamples();
    const head = sprite!.bytes.subarray(0, 64);
    expect(pidFormat.detect(head, 'CLAW/IMAGES/001.PID')).toBe('name');
    expect(pidFormat.detect(head, 'sample.bin')).toBeNull();
    const odd = head.slice();
    odd[5] = 0x80; // flag bits no PID sets
    expect(pidFormat.detect(odd, 'x.pid')).toBeNull();
  });
});
