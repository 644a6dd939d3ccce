/** KTX 1 textures (Khronos): the registry's line points here. */
import type { FormatModule } from '../model.ts';
import { KTX_IDENTIFIER } from './layout.ts';

export const ktxFormat = {
  id: 'ktx',
  label: 'KTX texture',
  summary:
    'Khronos KTX 1 textures: ETC1/ETC2/EAC, ASTC, BC, PVRTC 1 (2 and 4 bpp) and uncompressed OpenGL formats; mip levels, array layers, cube faces, key/value data',
  extensions: ['.ktx'],
  detect: (head) => (KTX_IDENTIFIER.every((byte, at) => head[at] === byte) ? 'magic' : null),
  open: async (request) => (await import('./session.ts')).openKtxSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).ktxFuzzTarget,
} as const satisfies FormatModule<'ktx'>;
