/** World of Warships resource indexes (`.idx`) and their `.pkg` volumes: the registry's line points here. */
import type { FormatModule } from '../model.ts';

const MAGIC = [0x49, 0x53, 0x46, 0x50]; // ISFP

export const wowsFormat = {
  id: 'wows',
  label: 'World of Warships resources',
  summary:
    'game folders of .idx indexes and .pkg volumes merged into one tree: extract, preview, verify (trailer, size, CRC-32), MurmurHash3 and CityHash64 checks; volumes can be added later',
  extensions: ['.idx', '.pkg'],
  // A `.pkg` has no header: only an index opens a session (its volumes go with it).
  detect: (head) => (MAGIC.every((byte, at) => head[at] === byte) ? 'magic' : null),
  open: async (request) => (await import('./session.ts')).openWowsSession(request),
  gather: async () => (await import('./gather.ts')).gatherWowsFiles,
  fuzzTarget: async () => (await import('./fuzz-target.ts')).wowsFuzzTarget,
  cli: async () => (await import('./cli.ts')).wowsCli,
  sample: async () => (await import('./sample.ts')).wowsSample(),
} as const satisfies FormatModule<'wows'>;
