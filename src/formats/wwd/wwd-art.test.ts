/**
 * Game art for the level view: where a level's tiles, palette and object image sets lie in
 * its REZ (art-paths.ts), and the session that resolves and decodes them once the REZ is a
 * source — given with the level, or added later.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { recordingSink } from '../conformance/open.ts';
import type { Session, ViewJob } from '../model.ts';
import { inlineServices } from '../services.ts';
import {
  frameImage,
  imageNumber,
  imageSetCandidates,
  imagesByFolder,
  levelFolder,
  paletteCandidates,
  rezFileName,
  rezPath,
  tileSetCandidates,
  type ArtHeader,
} from './art-paths.ts';
import {
  ART_ACTION_TILES,
  ART_SPRITE,
  ART_TILE,
  artLevel,
  artRez,
  artRgb,
  artTileIndex,
} from './fixtures/art-fixtures.ts';
import { openWwdSession } from './session.ts';
import type { WwdArtImage, WwdArtPlan, WwdArtQuery } from './types.ts';

const claw: ArtHeader = {
  imageDir: '\\LEVEL1\\TILES',
  palRez: '\\LEVEL1\\PALETTES\\MAIN.PAL',
  imageSets: ['LEVEL1\\IMAGES', 'GAME\\IMAGES', '', ''],
  prefixes: ['LEVEL', 'GAME', '', ''],
};

describe('art paths', () => {
  it('makes header paths REZ paths', () => {
    expect(rezPath('\\LEVEL1\\TILES')).toBe('LEVEL1/TILES');
    expect(rezPath('LEVEL2\\TILES')).toBe('LEVEL2/TILES');
    expect(rezPath('C:\\PROJ\\Gruntz\\area8\\tilez')).toBe('PROJ/GRUNTZ/AREA8/TILEZ');
    expect(rezFileName('..\\CLAW.REZ')).toBe('CLAW.REZ');
    expect(rezFileName('C:\\PROJ\\GRUNTZ\\GRUNTZ.REZ')).toBe('GRUNTZ.REZ');
    expect(rezFileName('')).toBe('');
  });

  it('reads the number of an image file, zero-padded or not', () => {
    expect(imageNumber('LEVEL1/TILES/ACTION/001.PID')).toBe(1);
    expect(imageNumber('74.PID')).toBe(74);
    expect(imageNumber('FRAME012.PID')).toBe(12);
    expect(imageNumber('MAIN.PAL')).toBeNull();
  });

  it('finds the level folder and the palette', () => {
    expect(levelFolder('\\LEVEL1\\TILES', '')).toBe('LEVEL1');
    expect(levelFolder('\\AREA8\\TILEZ', '')).toBe('AREA8');
    expect(paletteCandidates(claw)).toEqual(['LEVEL1/PALETTES/MAIN.PAL']);
    expect(paletteCandidates({ ...claw, palRez: '', imageDir: 'LEVEL2\\TILES' })).toEqual([
      'LEVEL2/PALETTES/MAIN.PAL',
    ]);
  });

  it('maps a plane tile set to its folder under the tile folder', () => {
    expect(tileSetCandidates('ACTION', claw)[0]).toBe('LEVEL1/TILES/ACTION');
    expect(tileSetCandidates('Back', { ...claw, imageDir: 'LEVEL2\\TILES' })[0]).toBe(
      'LEVEL2/TILES/BACK',
    );
    expect(tileSetCandidates('', claw)).toEqual([]);
  });

  it('maps an object image set through the header prefixes, then the conventions', () => {
    expect(imageSetCandidates('LEVEL_RAT', claw)).toEqual(['LEVEL1/IMAGES/RAT']);
    expect(imageSetCandidates('GAME_TREASURE_COINS', claw)).toEqual([
      'GAME/IMAGES/TREASURE/COINS',
      'GAME/IMAGES/TREASURE_COINS',
    ]);
    // RETAIL03's header names GAME_IMAGES and LEVEL3_IMAGES: the conventions come after them.
    const retail03 = {
      ...claw,
      imageDir: '\\LEVEL3\\TILES',
      imageSets: ['GAME_IMAGES', 'LEVEL3_IMAGES', '', ''],
      prefixes: ['GAME', 'LEVEL', '', ''],
    };
    expect(imageSetCandidates('LEVEL_CRUMBLINPEG2', retail03)).toEqual([
      'LEVEL3_IMAGES/CRUMBLINPEG2',
      'LEVEL3/IMAGES/CRUMBLINPEG2',
    ]);
    expect(imageSetCandidates('GAME_SPARKLE', retail03)).toEqual([
      'GAME_IMAGES/SPARKLE',
      'GAME/IMAGES/SPARKLE',
    ]);
    expect(imageSetCandidates('CLAW', claw)).toEqual(['CLAW/IMAGES']);
    expect(imageSetCandidates('ODD_THING', claw)).toEqual([]);
  });

  it('picks a frame by number, else the first', () => {
    const folders = imagesByFolder(['A/B/002.PID', 'A/B/1.PID', 'A/B/001.PID', 'A/B/X.PID']);
    const images = folders.get('A/B')!;
    expect(images.map((image) => image.path)).toEqual(['A/B/1.PID', 'A/B/002.PID']);
    expect(frameImage(images, 2)?.path).toBe('A/B/002.PID');
    expect(frameImage(images, -1)?.path).toBe('A/B/1.PID');
    expect(frameImage(images, 7)?.path).toBe('A/B/1.PID');
  });
});

const job = (): ViewJob => ({
  signal: { isCancelled: false, throwIfCancelled: () => undefined },
  pause: () => Promise.resolve(),
  progress: () => undefined,
});

async function openLevel(withRez: boolean): Promise<Session> {
  const sources = [new MemoryByteSource(artLevel(), 'art.wwd')];
  if (withRez) sources.push(new MemoryByteSource(artRez(), 'CLAW.REZ'));
  return openWwdSession({ sources, services: inlineServices(), sink: recordingSink().sink });
}

const ask = <T>(session: Session, query: WwdArtQuery) =>
  session.view!.request!(query, job()) as Promise<T>;

describe('level art', () => {
  it('names the REZ it lacks, and takes it later', async () => {
    const session = await openLevel(false);
    expect(session.sources?.missing()).toEqual([{ name: 'CLAW.REZ', nodeCount: 2 }]);
    expect(await ask(session, { kind: 'art-plan' })).toBeNull();
    expect(session.sources?.add(new MemoryByteSource(new Uint8Array(4), 'notes.txt'))).toBe(false);
    expect(session.sources?.add(new MemoryByteSource(artRez(), 'claw.rez'))).toBe(true);
    expect(session.sources?.missing()).toEqual([]);
    expect(session.sources?.used()).toEqual(['art.wwd', 'claw.rez']);
    const plan = await ask<WwdArtPlan>(session, { kind: 'art-plan' });
    expect(plan.planes[0]!.ids).toEqual([1, 2, 3]);
  });

  it('resolves tiles per plane and says why the rest have no art', async () => {
    const plan = await ask<WwdArtPlan>(await openLevel(true), { kind: 'art-plan' });
    expect(plan.error).toBeNull();
    expect(plan.palette?.path).toBe('LEVEL1/PALETTES/MAIN.PAL');
    expect(Array.from(plan.palette!.rgb.subarray(0, 6))).toEqual([0, 255, 0, 1, 254, 7]);
    const [action, front] = plan.planes;
    expect(action).toMatchObject({
      folder: 'LEVEL1/TILES/ACTION',
      ids: [1, 2, 3],
      missingIds: [9],
      missingCells: ART_ACTION_TILES.filter((value) => value === 9).length,
      reason: 'tile 9 not in LEVEL1/TILES/ACTION',
    });
    expect(front).toMatchObject({ folder: null, ids: [], missingIds: [4], missingCells: 2 });
    expect(front!.reason).toBe('image set FRONT not in CLAW.REZ (looked for LEVEL1/TILES/FRONT)');
    expect(plan.imageSets).toEqual([
      { imageSet: 'LEVEL_RAT', folder: 'LEVEL1/IMAGES/RAT', objects: 1, reason: null },
      {
        imageSet: 'GAME_NOWHERE',
        folder: null,
        objects: 1,
        reason: 'not in CLAW.REZ (looked for GAME/IMAGES/NOWHERE)',
      },
    ]);
  });

  it('decodes tiles with the level palette, by id (3.PID is tile 3)', async () => {
    const session = await openLevel(true);
    const [three, nine] = await ask<WwdArtImage[]>(session, {
      kind: 'art-images',
      plane: 0,
      tiles: [3, 9],
    });
    if (!three || three.error !== undefined) throw new Error('tile 3 did not decode');
    expect([three.width, three.height]).toEqual([ART_TILE, ART_TILE]);
    const pixel = (x: number, y: number) =>
      Array.from(three.rgba.subarray((y * ART_TILE + x) * 4, (y * ART_TILE + x) * 4 + 4));
    expect(pixel(0, 0)).toEqual([...artRgb(artTileIndex(3, 0)), 255]);
    expect(pixel(63, 63)).toEqual([...artRgb(artTileIndex(3, 63)), 255]);
    expect(nine).toEqual({ error: 'tile 9: no image' });
  });

  it('decodes sprites by image set and frame, transparent where the PID keys out', async () => {
    const session = await openLevel(true);
    const [rat, second, nowhere] = await ask<WwdArtImage[]>(session, {
      kind: 'art-images',
      sprites: [
        { imageSet: 'LEVEL_RAT', frame: -1 },
        { imageSet: 'LEVEL_RAT', frame: 2 },
        { imageSet: 'GAME_NOWHERE', frame: -1 },
      ],
    });
    if (!rat || rat.error !== undefined) throw new Error('the rat did not decode');
    expect([rat.width, rat.height]).toEqual([ART_SPRITE.size, ART_SPRITE.size]);
    expect(Array.from(rat.rgba.subarray(0, 4))).toEqual([...artRgb(ART_SPRITE.index), 255]);
    expect(second).toMatchObject({ width: ART_TILE, height: ART_TILE });
    expect(nowhere).toEqual({ error: 'GAME_NOWHERE: no image' });
  });

  it('reports a REZ that does not read, without failing the level', async () => {
    const sources = [
      new MemoryByteSource(artLevel(), 'art.wwd'),
      new MemoryByteSource(new TextEncoder().encode('not a rez archive at all'), 'CLAW.REZ'),
    ];
    const session = await openWwdSession({
      sources,
      services: inlineServices(),
      sink: recordingSink().sink,
    });
    const plan = await ask<WwdArtPlan>(session, { kind: 'art-plan' });
    expect(plan.error).toMatch(/^CLAW\.REZ could not be read: /);
    expect(plan.planes).toEqual([]);
  });
});
