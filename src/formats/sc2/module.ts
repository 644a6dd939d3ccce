/** DAVA engine scene files (World of Tanks Blitz `.sc2`): the registry's line points here. */
import type { FormatModule } from '../model.ts';

export const sc2Format = {
  id: 'sc2',
  label: 'DAVA scene',
  summary:
    'DAVA engine scenes (World of Tanks Blitz .sc2), classic and Blitz layouts: header, version tags, descriptor, data nodes and the entity tree with components and the data nodes they use, every keyed-archive key below',
  extensions: ['.sc2'],
  // `SFV2` and a positive i32 version: four letters alone would claim too much.
  detect: (head) =>
    head[0] === 0x53 &&
    head[1] === 0x46 &&
    head[2] === 0x56 &&
    head[3] === 0x32 &&
    head.length >= 8 &&
    head[7]! < 0x80
      ? 'magic'
      : null,
  open: async (request) => (await import('./session.ts')).openSc2Session(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).sc2FuzzTarget,
  cli: async () => (await import('./cli.ts')).sc2Cli,
} as const satisfies FormatModule<'sc2'>;
