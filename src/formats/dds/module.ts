/** DDS textures (`.dds`, and World of Warships' tier files beside them): the registry's line points here. */
import type { FormatModule } from '../model.ts';

export const ddsFormat = {
  id: 'dds',
  label: 'DDS texture',
  summary:
    'DirectDraw Surface textures: BC1–BC7 and uncompressed pixels, mip levels, arrays and cube maps (World of Warships tiers .dd0–.dd2 beside them)',
  extensions: ['.dds'],
  detect: (head) =>
    head[0] === 0x44 && head[1] === 0x44 && head[2] === 0x53 && head[3] === 0x20 ? 'magic' : null,
  open: async (request) => (await import('./session.ts')).openDdsSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).ddsFuzzTarget,
  gather: async () => (await import('./gather.ts')).gatherDdsFiles,
  cli: async () => (await import('./cli.ts')).ddsCli,
} as const satisfies FormatModule<'dds'>;
