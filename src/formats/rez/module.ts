/** REZ archives (Claw, Gruntz): the registry's line points here. */
import type { FormatModule } from '../model.ts';
import { REZ_FORMAT, REZ_SIGNATURE } from './layout.ts';

const SIGNATURE = Uint8Array.from(REZ_SIGNATURE, (char) => char.charCodeAt(0));

export const rezFormat = {
  id: REZ_FORMAT,
  label: 'REZ archive',
  summary:
    'WAP32 game archives (CLAW.REZ, GRUNTZ.REZ): folders and files, extract, PID images with their level palette',
  companions: ['pid', 'wwd'],
  extensions: ['.rez'],
  detect: (head) => (SIGNATURE.every((byte, at) => head[at] === byte) ? 'magic' : null),
  open: async (request) => (await import('./session.ts')).openRezSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).rezFuzzTarget,
} as const satisfies FormatModule<'rez'>;
