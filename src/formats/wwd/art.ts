/**
 * A level's game art from its REZ archive (spec §10.8, appendices A and B): the archive's
 * directory is read once (never its payloads), each plane's tile set and each object image
 * set is looked up (art-paths.ts), and images are decoded on request — PID palette indexes
 * to RGBA with the level palette (or the PID's own), through the pixel service.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { PIXELS_HERE, type FormatServices } from '../services.ts';
import { pidSurface, type PaletteSource } from '../pid/image.ts';
import { parsePidHeader } from '../pid/read.ts';
import { PALETTE_SIZE, PID_FLAGS } from '../pid/types.ts';
import { readRez } from '../rez/read.ts';
import type { RezEntry } from '../rez/types.ts';
import {
  frameImage,
  imageSetCandidates,
  imagesByFolder,
  paletteCandidates,
  tileSetCandidates,
  type NumberedImage,
} from './art-paths.ts';
import { WWD_TILE_EMPTY, WWD_TILE_FILL } from './layout.ts';
import type {
  WwdArtImage,
  WwdArtPlan,
  WwdImageSetArt,
  WwdLevelView,
  WwdPlane,
  WwdPlaneArt,
  WwdSpriteKey,
} from './types.ts';

/** Ids listed in a reason at most. */
const LISTED_IDS = 8;

interface RezIndex {
  byPath: Map<string, RezEntry>;
  folders: Map<string, NumberedImage[]>;
}

const listOf = (ids: readonly number[]) =>
  ids.length <= LISTED_IDS
    ? ids.join(', ')
    : `${ids.slice(0, LISTED_IDS).join(', ')} and ${ids.length - LISTED_IDS} more`;

const messageOf = (error: unknown) =>
  error instanceof FormatError || error instanceof Error ? error.message : String(error);

/** How a plane's tiles resolve in an archive whose image folders are `folders`. */
export function planeArt(
  plane: WwdPlane,
  header: WwdLevelView['header'],
  folders: ReadonlyMap<string, readonly NumberedImage[]>,
  rezName: string,
): WwdPlaneArt {
  const tileSet = plane.imageSets[0] ?? '';
  const candidates = tileSetCandidates(tileSet, header);
  const folder = candidates.find((candidate) => folders.has(candidate)) ?? null;
  const numbers = new Set((folder ? folders.get(folder) : undefined)?.map((image) => image.number));
  const cellsById = new Map<number, number>();
  for (const value of plane.tiles) {
    if (value === WWD_TILE_EMPTY || value === WWD_TILE_FILL) continue;
    const id = value & 0xffff;
    cellsById.set(id, (cellsById.get(id) ?? 0) + 1);
  }
  const ids: number[] = [];
  const missingIds: number[] = [];
  let missingCells = 0;
  for (const [id, cells] of cellsById) {
    if (numbers.has(id)) ids.push(id);
    else {
      missingIds.push(id);
      missingCells += cells;
    }
  }
  ids.sort((a, b) => a - b);
  missingIds.sort((a, b) => a - b);
  let reason: string | null = null;
  if (missingIds.length > 0) {
    reason =
      tileSet === ''
        ? 'the plane names no image set'
        : folder === null
          ? `image set ${tileSet} not in ${rezName} (looked for ${candidates.join(', ') || 'no folder'})`
          : `tile${missingIds.length === 1 ? '' : 's'} ${listOf(missingIds)} not in ${folder}`;
  }
  return { plane: plane.index, tileSet, folder, ids, missingIds, missingCells, reason };
}

/** How the objects' image sets resolve. */
export function imageSetArt(
  level: WwdLevelView,
  folders: ReadonlyMap<string, readonly NumberedImage[]>,
  rezName: string,
): WwdImageSetArt[] {
  const counts = new Map<string, number>();
  for (const plane of level.planes) {
    for (const object of plane.objects) {
      counts.set(object.imageSet, (counts.get(object.imageSet) ?? 0) + 1);
    }
  }
  return [...counts].map(([imageSet, objects]) => {
    const candidates = imageSetCandidates(imageSet, level.header);
    const folder = candidates.find((candidate) => folders.has(candidate)) ?? null;
    const reason =
      folder !== null
        ? null
        : imageSet === ''
          ? 'no image set named'
          : `not in ${rezName} (looked for ${candidates.join(', ') || 'no folder: an unknown prefix'})`;
    return { imageSet, folder, objects, reason };
  });
}

/** The art of one level, read from the REZ source given. */
export function createLevelArt(
  level: WwdLevelView,
  rez: ByteSource,
  services: Pick<FormatServices, 'pixels'>,
) {
  let index: Promise<RezIndex> | null = null;
  let plan: Promise<WwdArtPlan> | null = null;
  const pixels = services.pixels ?? PIXELS_HERE;

  function rezIndex(): Promise<RezIndex> {
    index ??= readRez(rez).then(({ value, fatal }) => {
      if (fatal && value.entries.length === 0) throw new Error(fatal.message);
      const byPath = new Map(value.entries.map((entry) => [entry.path.toUpperCase(), entry]));
      const pids = value.entries
        .filter((entry) => entry.type.toUpperCase() === 'PID')
        .map((entry) => entry.path.toUpperCase());
      return { byPath, folders: imagesByFolder(pids) };
    });
    return index;
  }

  async function makePlan(): Promise<WwdArtPlan> {
    let found: RezIndex;
    try {
      found = await rezIndex();
    } catch (error) {
      return {
        rezName: rez.name,
        palette: null,
        paletteNote: null,
        planes: [],
        imageSets: [],
        error: `${rez.name} could not be read: ${messageOf(error)}`,
      };
    }
    const candidates = paletteCandidates(level.header);
    let palette: WwdArtPlan['palette'] = null;
    for (const path of candidates) {
      const entry = found.byPath.get(path);
      if (!entry || entry.size < PALETTE_SIZE) continue;
      palette = { path: entry.path, rgb: await rez.read(entry.offset, PALETTE_SIZE) };
      break;
    }
    return {
      rezName: rez.name,
      palette,
      paletteNote: palette
        ? null
        : `no level palette in ${rez.name} (looked for ${candidates.join(', ') || 'none: the header names none'}); images without their own palette are grey`,
      planes: level.planes.map((plane) => planeArt(plane, level.header, found.folders, rez.name)),
      imageSets: imageSetArt(level, found.folders, rez.name),
      error: null,
    };
  }

  async function decode(image: NumberedImage | undefined, what: string): Promise<WwdArtImage> {
    const found = await rezIndex();
    const entry = image ? found.byPath.get(image.path) : undefined;
    if (!entry) return { error: `${what}: no image` };
    try {
      if (entry.offset + entry.size > rez.size) {
        return { error: `${entry.path}: its data ends past the end of ${rez.name}` };
      }
      const bytes = await rez.read(entry.offset, entry.size);
      const header = parsePidHeader(bytes, entry.offset);
      const levelPalette = (await currentPlan()).palette;
      const source: PaletteSource =
        header.flags & PID_FLAGS.embeddedPalette
          ? { kind: 'embedded' }
          : levelPalette
            ? { kind: 'file', path: levelPalette.path, rgb: levelPalette.rgb }
            : { kind: 'none' };
      const decoded = await pixels.decode(pidSurface(bytes, source, entry.offset));
      return {
        width: decoded.width,
        height: decoded.height,
        offsetX: header.offsetX,
        offsetY: header.offsetY,
        rgba: decoded.rgba,
      };
    } catch (error) {
      return { error: `${entry.path}: ${messageOf(error)}` };
    }
  }

  const currentPlan = () => (plan ??= makePlan());

  return {
    plan: currentPlan,

    /** The images of some tiles of a plane, in the order asked. */
    async tiles(planeIndex: number, ids: readonly number[]): Promise<WwdArtImage[]> {
      const planePlan = (await currentPlan()).planes[planeIndex];
      const found = await rezIndex();
      const images = planePlan?.folder ? found.folders.get(planePlan.folder) : undefined;
      const answers: WwdArtImage[] = [];
      for (const id of ids) {
        const image = images?.find((each) => each.number === id);
        answers.push(await decode(image, `tile ${id}`));
      }
      return answers;
    },

    /** The sprites of some objects' image sets and frames, in the order asked. */
    async sprites(keys: readonly WwdSpriteKey[]): Promise<WwdArtImage[]> {
      const sets = new Map((await currentPlan()).imageSets.map((set) => [set.imageSet, set]));
      const found = await rezIndex();
      const answers: WwdArtImage[] = [];
      for (const key of keys) {
        const folder = sets.get(key.imageSet)?.folder;
        const images = folder ? found.folders.get(folder) : undefined;
        answers.push(
          await decode(images ? frameImage(images, key.frame) : undefined, key.imageSet),
        );
      }
      return answers;
    },
  };
}

export type LevelArt = ReturnType<typeof createLevelArt>;
