/** DAVA engine keyed archives (World of Tanks Blitz): the registry's line points here. */
import type { FormatModule } from '../model.ts';

/**
 * `KA` and a known version/tag pair (spec §1): two ASCII letters alone are too common a
 * start to claim a file by.
 */
function hasKaHeader(head: Uint8Array): boolean {
  if (head[0] !== 0x4b || head[1] !== 0x41) return false;
  const version = head[2];
  const tag = head[3];
  return (
    (version === 1 && tag === 0) || (version === 2 && (tag === 0 || tag === 1 || tag === 0xff))
  );
}

export const kaFormat = {
  id: 'ka',
  label: 'DAVA KeyedArchive',
  summary:
    'DAVA engine keyed archives (World of Tanks Blitz settings and scene data), v1 and v2 with string tables: every key and typed value with its bytes, nested archives and arrays, wide-string width, JSON and YAML export',
  companions: ['pvr', 'dds'],
  extensions: ['.ka'],
  // By the header only: a name claims a file only for formats with no magic at all.
  detect: (head) => (hasKaHeader(head) ? 'magic' : null),
  open: async (request) => (await import('./session.ts')).openKaSession(request),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).kaFuzzTarget,
  cli: async () => (await import('./cli.ts')).kaCli,
} as const satisfies FormatModule<'ka'>;
