/** Claw and Gruntz WWD levels: the registry's line points here. */
import type { FormatModule } from '../model.ts';

/** The u32 header size 0x5F4 at offset 0 (spec wwd §2): the nearest thing WWD has to a magic. */
const HEADER_SIZE_BYTES = [0xf4, 0x05, 0x00, 0x00];

export const wwdFormat = {
  id: 'wwd',
  label: 'WWD level',
  summary:
    "Claw and Gruntz levels (compressed or not): every header field, plane, object and tile property; a zoomable, pannable tile map per plane or stacked, with attribute overlay, objects and start position; PNG export; checksum match; each section's bytes highlighted in the hex view of the decoded level",
  companions: ['rez'],
  extensions: ['.wwd'],
  // A level whose size field is damaged still goes to the WWD reader by its name, to get
  // its clear error rather than be shown raw.
  detect(head, name) {
    if (HEADER_SIZE_BYTES.every((byte, i) => head[i] === byte)) return 'magic';
    return name.toLowerCase().endsWith('.wwd') ? 'name' : null;
  },
  open: async (request) => (await import('./session.ts')).openWwdSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).wwdFuzzTarget,
  warmUp: async () => (await import('./warm-up.ts')).wwdWarmUp(),
  cli: async () => (await import('./cli.ts')).wwdCli,
} as const satisfies FormatModule<'wwd'>;
