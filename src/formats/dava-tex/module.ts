/** DAVA texture descriptors (`.tex`): the registry's line points here. */
import type { FormatModule } from '../model.ts';

/** The two signatures, as bytes: editor `EE 00 EE 00`, exported `00 EE EE 00`. */
const SIGNATURES = [
  [0xee, 0x00, 0xee, 0x00],
  [0x00, 0xee, 0xee, 0x00],
];

export const davaTexFormat = {
  id: 'dava-tex',
  label: 'DAVA texture descriptor',
  summary:
    'World of Tanks Blitz texture settings (.tex, not a KeyedArchive): wrap, filters, mipmaps, source image, and the pixel format and checksums per GPU family',
  companions: ['pvr', 'dds'],
  extensions: ['.tex'],
  // Recognised by its signature before any KeyedArchive detection sees it.
  detect: (head) =>
    SIGNATURES.some((bytes) => bytes.every((byte, at) => head[at] === byte)) ? 'magic' : null,
  open: async (request) => (await import('./session.ts')).openDavaTexSession(request),
  gather: async () => (await import('./sibling.ts')).gatherDavaTexFiles,
  fuzzTarget: async () => (await import('./fuzz-target.ts')).davaTexFuzzTarget,
} as const satisfies FormatModule<'dava-tex'>;
