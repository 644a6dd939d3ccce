/** PVR v3 textures (PowerVR SDK; World of Tanks Blitz on Android): the registry's line points here. */
import type { FormatModule } from '../model.ts';

export const pvrFormat = {
  id: 'pvr',
  label: 'PVR texture',
  summary:
    'PowerVR v3 textures: ETC1/ETC2/EAC, ASTC (with World of Tanks Blitz’s own codes), PVRTC 1 (2 and 4 bpp), BC and uncompressed layouts (PVRTC-II named, not decoded); mip levels, surfaces, cube faces, metadata',
  extensions: ['.pvr'],
  // `PVR\x03`, or the same written big-endian (refused with its reason).
  detect: (head) =>
    (head[0] === 0x50 && head[1] === 0x56 && head[2] === 0x52 && head[3] === 0x03) ||
    (head[0] === 0x03 && head[1] === 0x52 && head[2] === 0x56 && head[3] === 0x50)
      ? 'magic'
      : null,
  open: async (request) => (await import('./session.ts')).openPvrSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).pvrFuzzTarget,
} as const satisfies FormatModule<'pvr'>;
