/** DAVA engine scene geometry (World of Tanks Blitz `.scg`): the registry's line points here. */
import type { FormatModule } from '../model.ts';

export const scgFormat = {
  id: 'scg',
  label: 'DAVA scene geometry',
  summary:
    'DAVA engine scene geometry (World of Tanks Blitz .scg): header and polygon groups with their vertex format decoded, counts checked against the vertex and index bytes, every keyed-archive key below',
  extensions: ['.scg'],
  // `SCPG` is the whole signature: the version after it is checked by the reader, which
  // says what it found rather than leaving the file to the raw view.
  detect: (head) =>
    head[0] === 0x53 && head[1] === 0x43 && head[2] === 0x50 && head[3] === 0x47 ? 'magic' : null,
  open: async (request) => (await import('./session.ts')).openScgSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).scgFuzzTarget,
  cli: async () => (await import('./cli.ts')).scgCli,
} as const satisfies FormatModule<'scg'>;
