/** PCX images (ZSoft; Claw keeps some in CLAW.REZ): the registry's line points here. */
import type { FormatModule } from '../model.ts';

export const pcxFormat = {
  id: 'pcx',
  label: 'PCX image',
  summary:
    'ZSoft PCX pictures: 8-bit paletted (256 colours at the end) and 24/32-bit planes, run-length scanlines; inside game archives too; PNG export',
  extensions: ['.pcx'],
  // A one-byte magic is weak: the name, and a header that could be one (version, encoding,
  // bits a plane, a window not inverted), from the first 12 bytes (detection sees 64).
  detect(head, name) {
    if (!name.toLowerCase().endsWith('.pcx') || head.length < 12) return null;
    const u16 = (at: number) => head[at]! | (head[at + 1]! << 8);
    const isPlausible =
      head[0] === 0x0a &&
      [0, 2, 3, 4, 5].includes(head[1]!) &&
      (head[2] === 0 || head[2] === 1) &&
      [1, 2, 4, 8].includes(head[3]!) &&
      u16(8) >= u16(4) &&
      u16(10) >= u16(6);
    return isPlausible ? 'magic' : null;
  },
  open: async (request) => (await import('./session.ts')).openPcxSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).pcxFuzzTarget,
} as const satisfies FormatModule<'pcx'>;
