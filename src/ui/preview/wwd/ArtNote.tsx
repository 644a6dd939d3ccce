/**
 * What the map shows of the game art, in words: where the art comes from, how far it has
 * loaded, and for every plane whose tiles do not all resolve, how many cells keep their
 * stand-in colours and why (the image set is not in the archive, a tile id is not in its
 * folder, a PID does not decode); likewise objects without a sprite.
 */
import { useSyncExternalStore, type ReactElement } from 'react';
import type { LevelArtStore } from './art-store.ts';
import type { WwdLevelView } from './level-types.ts';
import { TILE_EMPTY, TILE_FILL } from './tile-colors.ts';

const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/** Image sets named at most in a line. */
const LISTED_SETS = 3;

/**
 * The note's lines. `store`: the level's art (null when no archive is a source);
 * `missingArchive`: the archive the level names and lacks, or null.
 */
export function artNoteLines(
  level: WwdLevelView,
  store: LevelArtStore | null,
  missingArchive: string | null,
): string[] {
  if (!store) {
    return [
      missingArchive
        ? `Tiles in stand-in colours: ${missingArchive}, the archive this level names, is not one of its sources (drop it with the level, or add it as a source) for the game’s art.`
        : 'Tiles in stand-in colours (no game art).',
    ];
  }
  const plan = store.plan;
  if (store.status === 'error' || plan?.error) {
    return [`Tiles in stand-in colours: ${plan?.error ?? store.error ?? 'the art did not load'}`];
  }
  if (!plan)
    return [store.status === 'idle' ? 'Art: waiting for the map.' : 'Art: reading the archive…'];
  const total = plan.planes.reduce((sum, plane) => sum + plane.ids.length, 0);
  let loaded = 0;
  for (const tiles of store.tiles.values()) loaded += tiles.size;
  for (const failed of store.failedTiles.values()) loaded += failed.size;
  const lines = [
    `Art from ${plan.rezName}${plan.palette ? `, palette ${plan.palette.path}` : `; ${plan.paletteNote ?? ''}`}` +
      (store.status === 'loading'
        ? ` — loading, ${count(loaded, 'tile')} of ${total.toLocaleString('en-US')}…`
        : '.'),
  ];
  for (const planeArt of plan.planes) {
    const plane = level.planes[planeArt.plane];
    if (!plane) continue;
    const name = plane.name || `plane #${plane.index}`;
    if (planeArt.missingCells > 0) {
      lines.push(
        `${count(planeArt.missingCells, 'tile cell')} without art on ${name}: ${planeArt.reason ?? ''}`,
      );
    }
    const failed = store.failedTiles.get(planeArt.plane);
    if (failed && failed.size > 0) {
      let cells = 0;
      for (const value of plane.tiles) {
        if (value !== TILE_EMPTY && value !== TILE_FILL && failed.has(value & 0xffff)) cells++;
      }
      const [first] = failed.values();
      lines.push(`${count(cells, 'tile cell')} without art on ${name}: ${first ?? ''}`);
    }
  }
  const unresolved = plan.imageSets.filter((set) => set.folder === null);
  if (unresolved.length > 0) {
    const objects = unresolved.reduce((sum, set) => sum + set.objects, 0);
    const named = unresolved
      .slice(0, LISTED_SETS)
      .map((set) => `${set.imageSet || '(none)'} ${set.reason ?? ''}`)
      .join('; ');
    const more = unresolved.length - LISTED_SETS;
    lines.push(
      `${count(objects, 'object')} without a sprite: ${named}${more > 0 ? `; and ${count(more, 'image set')} more` : ''}`,
    );
  }
  if (store.failedSprites.size > 0) {
    const [first] = store.failedSprites.values();
    lines.push(`${count(store.failedSprites.size, 'sprite')} did not decode: ${first ?? ''}`);
  }
  return lines;
}

const NO_STORE = () => () => undefined;

export function ArtNote({
  level,
  store,
  missingArchive,
}: {
  level: WwdLevelView;
  store: LevelArtStore | null;
  missingArchive: string | null;
}): ReactElement {
  // Re-rendered as art arrives (the store's version changes).
  useSyncExternalStore(
    store ? (listener) => store.subscribe(listener) : NO_STORE,
    () => store?.version ?? -1,
  );
  const lines = artNoteLines(level, store, missingArchive);
  return (
    <div className="lv-art-note" data-testid="art-note" role="status">
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}
