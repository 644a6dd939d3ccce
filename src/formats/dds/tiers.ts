/**
 * World of Warships tier files: a large texture `name.dds` whose header describes the full
 * mip chain but whose data holds only the smaller levels; the larger ones are in files
 * beside it, `name.dd0`, `name.dd1`, `name.dd2`. What is known and what is assumed is in
 * spec.md: Delve places the levels the `.dds` lacks by size — a tier is raw surface bytes
 * of one or more consecutive levels, whichever run its size matches — so the numbering of
 * the tiers does not matter. Only single textures (one layer, one face) are split so.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { DdsLayout, DdsSurface } from './read.ts';
import { DDS_FORMAT } from './types.ts';

/** A tier file's name: the texture's name with `.dd` and a digit for `.dds`. */
export const TIER_NAME = /^(.*)\.dd([0-9])$/i;

/** The base of a texture's name (`ship.dds` → `ship`), or null for another extension. */
export function textureBase(name: string): string | null {
  const match = /^(.*)\.dds$/i.exec(name);
  return match ? match[1]! : null;
}

/** Whether `name` is a tier of the texture whose base name is `base` (case-insensitively). */
export function isTierOf(name: string, base: string): boolean {
  const match = TIER_NAME.exec(name);
  return match !== null && match[1]!.toLowerCase() === base.toLowerCase();
}

/** A tier given: its index among the session's sources, its name and size. */
export interface TierFile {
  source: number;
  name: string;
  size: number;
}

export interface TierPlan {
  surfaces: DdsSurface[];
  /** Levels `[0, levelsOutside)` are not in the `.dds`. */
  levelsOutside: number;
  /** Levels no tier given holds (their surfaces' `source` is -1). */
  missingLevels: number[];
  /** Tiers placed, with the levels each holds. */
  placed: { tier: TierFile; first: number; last: number }[];
  /** Tiers whose size matches no run of missing levels. */
  unplaced: TierFile[];
  /** Bytes after the last level in the `.dds` (0 when it ends there). */
  trailing: number;
}

/**
 * Places a single texture's levels: the smallest in the `.dds` (the longest run of the
 * chain's end that its data holds), the rest in the tiers by size. Throws UNEXPECTED_EOF
 * when the `.dds` holds not even the smallest level.
 */
export function planTiers(
  layout: DdsLayout,
  dataOffset: number,
  fileSize: number,
  tiers: readonly TierFile[],
): TierPlan {
  const { levels } = layout;
  const available = Math.max(0, fileSize - dataOffset);
  let first = levels.length;
  let inFile = 0;
  while (first > 0 && inFile + levels[first - 1]!.byteLength <= available) {
    first -= 1;
    inFile += levels[first]!.byteLength;
  }
  if (first === levels.length) {
    throw new FormatError({
      code: ErrorCode.UNEXPECTED_EOF,
      offset: fileSize,
      detail: `the smallest mip level needs ${levels.at(-1)?.byteLength ?? 0} bytes after the headers, ${available} present`,
      format: DDS_FORMAT,
    });
  }
  const surfaces: DdsSurface[] = [];
  const holder = new Array<{ source: number; offset: number } | null>(first).fill(null);
  const placed: TierPlan['placed'] = [];
  const unplaced: TierFile[] = [];
  for (const tier of tiers) {
    const run = runOfSize(layout, first, tier.size, holder);
    if (!run) {
      unplaced.push(tier);
      continue;
    }
    let offset = 0;
    for (let level = run.first; level <= run.last; level += 1) {
      holder[level] = { source: tier.source, offset };
      offset += levels[level]!.byteLength;
    }
    placed.push({ tier, ...run });
  }
  const missingLevels: number[] = [];
  for (let level = 0; level < first; level += 1) {
    const held = holder[level] ?? null;
    if (!held) missingLevels.push(level);
    surfaces.push({
      level,
      layer: 0,
      face: 0,
      source: held ? held.source : -1,
      offset: held ? held.offset : 0,
      length: levels[level]!.byteLength,
    });
  }
  let offset = dataOffset;
  for (let level = first; level < levels.length; level += 1) {
    surfaces.push({
      level,
      layer: 0,
      face: 0,
      source: 0,
      offset,
      length: levels[level]!.byteLength,
    });
    offset += levels[level]!.byteLength;
  }
  return {
    surfaces,
    levelsOutside: first,
    missingLevels,
    placed,
    unplaced,
    trailing: available - inFile,
  };
}

/** The run of consecutive unplaced levels before `end` whose bytes add up to `size`. */
function runOfSize(
  layout: DdsLayout,
  end: number,
  size: number,
  holder: readonly ({ source: number } | null)[],
): { first: number; last: number } | null {
  for (let start = 0; start < end; start += 1) {
    let sum = 0;
    for (let last = start; last < end && holder[last] === null; last += 1) {
      sum += layout.levels[last]!.byteLength;
      if (sum === size) return { first: start, last };
      if (sum > size) break;
    }
  }
  return null;
}
