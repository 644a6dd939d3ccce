/**
 * The game art of one level on the page: the plan the worker made (which tiles and image
 * sets resolve in the REZ, and why the rest do not), then the tiles of each plane and the
 * sprites of the objects, asked in batches and decoded in the worker, kept as bitmaps with
 * each tile's mean colour (what a tile looks like when it is a pixel or less on screen).
 * Loading starts after the view's first frame; each batch that arrives redraws the map.
 * Stores are kept per file and sources, so showing a level again needs no second load.
 */
import type {
  WwdArtImage,
  WwdArtPlan,
  WwdArtQuery,
  WwdSpriteKey,
} from '../../../formats/wwd/types.ts';
import type { WwdLevelView } from './level-types.ts';
import { drawOrder } from './level-model.ts';

/** What the store asks the worker (state's `askView`, or a fake in tests). */
export type ArtAsk = (
  query: WwdArtQuery,
) => Promise<{ ok: true; value: unknown } | { ok: false; error: { message: string } }>;

export interface ArtImage {
  image: CanvasImageSource;
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
  /** The mean colour, packed as an ImageData pixel (bytes R, G, B, A). */
  mean: number;
}

/** Tiles asked per request: a batch of 64-px tiles is 1 MiB of RGBA. */
const TILE_BATCH = 64;
const SPRITE_BATCH = 32;

export type ArtStatus = 'idle' | 'loading' | 'done' | 'error';

/** An object's sprite key as one string. */
export const spriteKey = (imageSet: string, frame: number) => `${frame} ${imageSet}`;

/** The mean RGBA of some pixels (alpha-weighted colour), packed as an ImageData pixel. */
export function meanColor(rgba: Uint8Array): number {
  let red = 0;
  let green = 0;
  let blue = 0;
  let alpha = 0;
  for (let at = 0; at < rgba.length; at += 4) {
    const a = rgba[at + 3]!;
    red += rgba[at]! * a;
    green += rgba[at + 1]! * a;
    blue += rgba[at + 2]! * a;
    alpha += a;
  }
  const pixels = rgba.length / 4;
  if (alpha === 0 || pixels === 0) return 0;
  const r = Math.round(red / alpha);
  const g = Math.round(green / alpha);
  const b = Math.round(blue / alpha);
  const a = Math.round(alpha / pixels);
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

async function toBitmap(image: Exclude<WwdArtImage, { error: string }>): Promise<ArtImage> {
  const { width, height, rgba } = image;
  const data = new ImageData(
    new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length),
    width,
    height,
  );
  const bitmap =
    typeof createImageBitmap === 'function'
      ? await createImageBitmap(data)
      : (() => {
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d')?.putImageData(data, 0, 0);
          return canvas;
        })();
  return {
    image: bitmap,
    width,
    height,
    offsetX: image.offsetX,
    offsetY: image.offsetY,
    mean: meanColor(rgba),
  };
}

export class LevelArtStore {
  status: ArtStatus = 'idle';
  plan: WwdArtPlan | null = null;
  error: string | null = null;
  /** Bumped whenever art arrives: drawings keyed by it are stale. */
  version = 0;
  /** Tiles by plane index, then id. */
  readonly tiles = new Map<number, Map<number, ArtImage>>();
  /** Tiles that resolved but did not decode: plane index → id → why. */
  readonly failedTiles = new Map<number, Map<number, string>>();
  /** Sprites by `spriteKey`; null: it did not decode (see failedSprites). */
  readonly sprites = new Map<string, ArtImage | null>();
  readonly failedSprites = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  private started = false;

  constructor(
    private readonly level: WwdLevelView,
    private readonly ask: ArtAsk,
  ) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }

  /** Starts loading (once): the plan, then tiles plane by plane (`first` first), then sprites. */
  start(first: number | null): void {
    if (this.started) return;
    this.started = true;
    this.status = 'loading';
    this.load(first).catch((error: unknown) => {
      this.status = 'error';
      this.error = error instanceof Error ? error.message : String(error);
      this.changed();
    });
  }

  private async request<T>(query: WwdArtQuery): Promise<T> {
    const answer = await this.ask(query);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as T;
  }

  private async load(first: number | null): Promise<void> {
    const plan = await this.request<WwdArtPlan | null>({ kind: 'art-plan' });
    this.plan = plan;
    if (!plan || plan.error) {
      this.status = plan?.error ? 'error' : 'done';
      this.error = plan?.error ?? null;
      this.changed();
      return;
    }
    this.changed();
    const order = drawOrder(this.level.planes);
    if (first !== null) order.sort((a, b) => Number(b === first) - Number(a === first));
    for (const index of order) await this.loadTiles(plan, index);
    await this.loadSprites(plan);
    this.status = 'done';
    this.changed();
  }

  private async loadTiles(plan: WwdArtPlan, planeIndex: number): Promise<void> {
    const ids = plan.planes[planeIndex]?.ids ?? [];
    const tiles = new Map<number, ArtImage>();
    const failed = new Map<number, string>();
    this.tiles.set(planeIndex, tiles);
    this.failedTiles.set(planeIndex, failed);
    for (let at = 0; at < ids.length; at += TILE_BATCH) {
      const batch = ids.slice(at, at + TILE_BATCH);
      const images = await this.request<WwdArtImage[]>({
        kind: 'art-images',
        plane: planeIndex,
        tiles: batch,
      });
      await Promise.all(
        batch.map(async (id, position) => {
          const image = images[position];
          if (!image || image.error !== undefined) failed.set(id, image?.error ?? 'no answer');
          else tiles.set(id, await toBitmap(image));
        }),
      );
      this.changed();
    }
  }

  private async loadSprites(plan: WwdArtPlan): Promise<void> {
    const resolved = new Set(
      plan.imageSets.filter((set) => set.folder !== null).map((set) => set.imageSet),
    );
    const keys = new Map<string, WwdSpriteKey>();
    for (const plane of this.level.planes) {
      for (const object of plane.objects) {
        if (!resolved.has(object.imageSet)) continue;
        keys.set(spriteKey(object.imageSet, object.i), {
          imageSet: object.imageSet,
          frame: object.i,
        });
      }
    }
    const all = [...keys];
    for (let at = 0; at < all.length; at += SPRITE_BATCH) {
      const batch = all.slice(at, at + SPRITE_BATCH);
      const images = await this.request<WwdArtImage[]>({
        kind: 'art-images',
        sprites: batch.map(([, key]) => key),
      });
      await Promise.all(
        batch.map(async ([key], position) => {
          const image = images[position];
          if (!image || image.error !== undefined) {
            this.sprites.set(key, null);
            this.failedSprites.set(key, image?.error ?? 'no answer');
          } else this.sprites.set(key, await toBitmap(image));
        }),
      );
      this.changed();
    }
  }

  /** The tiles of a plane that have art so far (undefined: none yet). */
  planeTiles(planeIndex: number): ReadonlyMap<number, ArtImage> | undefined {
    const tiles = this.tiles.get(planeIndex);
    return tiles && tiles.size > 0 ? tiles : undefined;
  }

  /** The palette colour of index `index` packed as an ImageData pixel; null without a palette. */
  paletteColor(index: number): number | null {
    const rgb = this.plan?.palette?.rgb;
    if (!rgb || index < 0 || index > 255) return null;
    // Claw's level palettes key out index 0.
    if (index === 0) return 0;
    return (
      ((255 << 24) | (rgb[index * 3 + 2]! << 16) | (rgb[index * 3 + 1]! << 8) | rgb[index * 3]!) >>>
      0
    );
  }
}

/** Stores kept per file and sources, the last few. */
const KEPT = 4;
const stores = new Map<string, LevelArtStore>();

/** The art store of a level shown with these sources (made on first use). */
export function levelArtStore(key: string, level: WwdLevelView, ask: ArtAsk): LevelArtStore {
  let store = stores.get(key);
  if (!store) {
    store = new LevelArtStore(level, ask);
    stores.set(key, store);
    if (stores.size > KEPT) stores.delete(stores.keys().next().value!);
  }
  return store;
}
