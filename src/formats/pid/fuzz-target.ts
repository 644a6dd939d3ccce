/**
 * PIDs as a fuzz target: the header, the pixel stream decoded to indexes and to RGBA, and
 * a rewrite. Seeds: the writer's three samples (skip runs, embedded palette, repeat runs).
 */
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { pidSamples } from './fixtures.ts';
import { pidSurface } from './image.ts';
import { transparentIndexOf } from './palette.ts';
import { decodePidIndexes, parsePidHeader, pidEmbeddedPalette, PID_FORMAT } from './read.ts';
import { PID_FLAGS } from './types.ts';
import { writePid } from './write.ts';

export const pidFuzzTarget: FuzzTarget = {
  format: PID_FORMAT,
  seeds: () => Promise.resolve(pidSamples().map((sample) => sample.bytes)),
  boundaries: (bytes) => [0, 32, bytes.length - 768, bytes.length].filter((at) => at >= 0),
  // Flags, width and height.
  numberFields: () => [4, 8, 12],
  rangeFields: () => [],
  async exercise(bytes) {
    const header = parsePidHeader(bytes);
    const palette =
      header.flags & PID_FLAGS.embeddedPalette
        ? { kind: 'embedded' as const }
        : { kind: 'none' as const };
    if (header.width === 0 || header.height === 0) return;
    const surface = pidSurface(bytes, palette);
    decodePixels(surface.encoding, surface.bytes, surface.width, surface.height);
  },
  async roundTrip(bytes) {
    const header = parsePidHeader(bytes);
    const embedded = pidEmbeddedPalette(bytes, header);
    const skipIndex = transparentIndexOf(header, embedded) ?? 0;
    const indexes = decodePidIndexes(bytes, header, skipIndex);
    const input = {
      header,
      indexes,
      skipIndex,
      ...(embedded ? { palette: embedded.slice() } : {}),
    };
    return writePid(input);
  },
};
