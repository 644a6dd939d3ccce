/** PID images (Claw, Gruntz): the registry's line points here. */
import type { FormatModule } from '../model.ts';

/** Flag bits a PID may set; a header with others is not taken for one by its name. */
const KNOWN_FLAGS = 0x1ff;

export const pidFormat = {
  id: 'pid',
  label: 'PID image',
  summary:
    'WAP32 images (Claw, Gruntz sprites and tiles): header, run-length pixels, embedded palette or the level palette inside a REZ; PNG export',
  companions: ['rez'],
  extensions: ['.pid'],
  // No magic: the name, and a header that could be one (known flags, sides within 16,384).
  detect(head, name) {
    if (!name.toLowerCase().endsWith('.pid') || head.length < 32) return null;
    const u32 = (at: number) =>
      ((head[at] ?? 0) |
        ((head[at + 1] ?? 0) << 8) |
        ((head[at + 2] ?? 0) << 16) |
        ((head[at + 3] ?? 0) << 24)) >>>
      0;
    const isPlausible = (u32(4) & ~KNOWN_FLAGS) === 0 && u32(8) <= 16_384 && u32(12) <= 16_384;
    return isPlausible ? 'name' : null;
  },
  open: async (request) => (await import('./session.ts')).openPidSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).pidFuzzTarget,
} as const satisfies FormatModule<'pid'>;
