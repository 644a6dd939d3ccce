/**
 * PVR files as a fuzz target: the header, metadata and every surface decoded, and a
 * rewrite of what reads. Seeds: the writer's samples (mips, RGB565, a cube, ASTC under a
 * code of its own).
 */
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { exerciseTexture } from '../texture-fuzz.ts';
import { pvrSamples } from './fixtures.ts';
import { PVR_FORMAT } from './read.ts';
import { openPvrSession } from './session.ts';

export const pvrFuzzTarget: FuzzTarget = {
  format: PVR_FORMAT,
  seeds: () => Promise.resolve(pvrSamples().map((sample) => sample.bytes)),
  boundaries: (bytes) => [52, bytes.length],
  // Pixel format, height, width, surfaces, faces, mip levels, metadata size.
  numberFields: () => [8, 24, 28, 36, 40, 44, 48],
  rangeFields: () => [],
  exercise: (bytes) => exerciseTexture(openPvrSession, bytes, 'fuzz.pvr'),
};
