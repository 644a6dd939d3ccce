/**
 * KTX 1 files as a fuzz target: the header, key/value pairs and every surface decoded.
 * Seeds: the writer's samples (padded rows, mips with key/values, a cube, ETC1).
 */
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { exerciseTexture } from '../texture-fuzz.ts';
import { ktxSamples } from './fixtures.ts';
import { KTX_FORMAT } from './layout.ts';
import { openKtxSession } from './session.ts';

export const ktxFuzzTarget: FuzzTarget = {
  format: KTX_FORMAT,
  seeds: () => Promise.resolve(ktxSamples().map((sample) => sample.bytes)),
  boundaries: (bytes) => [64, bytes.length],
  // glType, glInternalFormat, width, height, array elements, faces, mip levels, key/value bytes.
  numberFields: () => [16, 28, 36, 40, 48, 52, 56, 60],
  rangeFields: () => [],
  exercise: (bytes) => exerciseTexture(openKtxSession, bytes, 'fuzz.ktx'),
};
