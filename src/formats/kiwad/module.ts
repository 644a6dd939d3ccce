/** KIWAD archives (Wizard101, Pirate101): the registry's line points here. */
import type { FormatModule } from '../model.ts';
import { KIWAD_FORMAT, KIWAD_MAGIC } from './layout.ts';

const MAGIC = Uint8Array.from(KIWAD_MAGIC, (char) => char.charCodeAt(0));

export const kiwadFormat = {
  id: KIWAD_FORMAT,
  label: 'KIWAD archive',
  summary:
    'Wizard101 and Pirate101 archives (v1 and v2): tree of entries, previews, extract, zip, KI-CRC verify (ok / mismatch / unpatched), structural checks with byte offsets',
  extensions: ['.wad'],
  // A `.wad` without the magic is shown raw: the name alone is not trusted.
  detect: (head) => (MAGIC.every((byte, i) => head[i] === byte) ? 'magic' : null),
  open: async (request) => (await import('./session.ts')).openKiwadSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).kiwadTarget,
  warmUp: async () => (await import('./warm-up.ts')).kiwadWarmUp(),
  cli: async () => (await import('./cli.ts')).kiwadCli,
  sample: async () => (await import('./sample.ts')).kiwadSample(),
} as const satisfies FormatModule<'kiwad'>;
