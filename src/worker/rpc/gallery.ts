/**
 * The gallery's side of the worker: which entries of a folder (or a filter's result) are
 * images, their thumbnails, and their pixels as PNGs for "Save all as PNG". Images are the
 * session's own (`Session.images`), entries whose content is an image file the registry
 * opens (a texture in an archive, through images.ts), and image files the browser decodes
 * (PNG, JPEG, GIF, WebP, BMP: `createImageBitmap` here in the worker). Nothing names a format.
 *
 * A thumbnail decodes the smallest mip level that still has its pixels and scales it down
 * here, so the page never receives a 4096 × 4096 surface for a 128-pixel cell. Thumbnails
 * are made in the order asked, several at once: an entry whose content is an image file is
 * read here and opened, decoded and scaled on a thumbnail helper (pools/thumbnail-pool.ts),
 * the rest here. The page cancels those it scrolled away from; a waiting one never starts.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { DecodedImage } from '../../binary/pixels/types.ts';
import type { ImageHolder } from '../../formats/image-holder.ts';
import type { ContentRef, Session } from '../../formats/model.ts';
import { PIXELS_HERE, type FormatServices } from '../../formats/services.ts';
import { CancelToken, yieldBriefly } from '../jobs/jobs.ts';
import { thumbnailOfHolder } from '../pools/thumbnail-make.ts';
import type { ThumbnailHelpers } from '../pools/thumbnail-pool.ts';
import { compileFilter } from '../tree/entry-tree.ts';
import type { GalleryItem, GalleryScope, Thumbnail } from './api.ts';

/** Extensions of the image files browsers decode themselves, lower case without the dot. */
export const BROWSER_IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'bmp',
]);

/** Entries of one kind (extension) tried before the kind counts as holding no images. */
const PROBES_PER_KIND = 3;

/** Decodes image files the browser knows; absent where there is no browser (Node). */
export interface BrowserImageDecoder {
  /** The image of `bytes` as RGBA, scaled to fit a `box` square (null: its own size). */
  decode(bytes: Uint8Array, box: number | null): Promise<DecodedImage>;
}

export interface GalleryHost {
  session(): Session;
  /** Entries under tree nodes (all when none), in tree order. */
  entriesUnder(nodeIds: readonly number[]): number[];
  /** An entry's path in the tree. */
  pathOf(entryIndex: number): string;
  /** The node that holds some content's image (images.ts). */
  holderOf(ref: ContentRef): Promise<ImageHolder | null>;
  /** A node's content, as read (inflated). */
  content(entryIndex: number): Promise<Uint8Array>;
  /** Content whose image is that content opened as a file (images.ts `nestedFile`); else null. */
  nestedFile(ref: ContentRef): Promise<{ bytes: Uint8Array; name: string } | null>;
  services: FormatServices;
  browserImages: BrowserImageDecoder | null;
  /** Workers that make thumbnails of such content beside this one; null: all made here. */
  helpers: ThumbnailHelpers | null;
}

/** A thumbnail asked for and not yet started. */
interface WaitingThumbnail {
  ref: ContentRef;
  box: number;
  token: CancelToken;
  resolve(thumbnail: Thumbnail): void;
  reject(error: unknown): void;
}

const cancelled = () =>
  new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled by the user' });

/** Lower-case extension of a path's last segment, without the dot; '' when none. */
export function extensionOfPath(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** What an image is made of: pixels the session decodes, or a file the browser decodes. */
export type GalleryImage =
  { kind: 'decoded'; holder: ImageHolder } | { kind: 'browser'; entryIndex: number };

export function createGallery(host: GalleryHost) {
  const thumbnailTokens = new Map<number, CancelToken>();
  const waiting: WaitingThumbnail[] = [];
  let running = 0;
  /** Thumbnails given to helpers (or being read for them) and not answered yet. */
  let onHelpers = 0;

  const nodeRef = (index: number): ContentRef => ({ kind: 'node', index });

  async function holds(index: number): Promise<boolean> {
    try {
      return (await host.holderOf(nodeRef(index))) !== null;
    } catch {
      return false;
    }
  }

  /**
   * Some content's image, or a FormatError: the content's own when a format claims it but
   * cannot read it (a texture cut short), else one saying it holds none.
   */
  async function imageOf(ref: ContentRef): Promise<GalleryImage> {
    const holder = await host.holderOf(ref);
    if (holder) return { kind: 'decoded', holder };
    if (ref.kind === 'node' && host.browserImages) {
      const path = host.pathOf(ref.index);
      if (BROWSER_IMAGE_EXTENSIONS.has(extensionOfPath(path))) {
        return { kind: 'browser', entryIndex: ref.index };
      }
    }
    throw new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0, detail: 'this holds no image' });
  }

  /** The largest level of an image as RGBA (or scaled to fit `box`, from the nearest level). */
  async function pixelsOf(
    image: GalleryImage,
    box: number | null,
    token: CancelToken,
  ): Promise<Thumbnail> {
    if (image.kind === 'browser') {
      const bytes = await host.content(image.entryIndex);
      token.throwIfCancelled();
      const full = await host.browserImages!.decode(bytes, box);
      return { ...full, sourceWidth: full.width, sourceHeight: full.height, level: 0 };
    }
    return thumbnailOfHolder(image.holder, box, host.services.pixels ?? PIXELS_HERE, token);
  }

  /**
   * One thumbnail: on a helper when its image is an entry's content opened as a file and a
   * helper has room; here otherwise (so a helper still starting up holds nothing back).
   */
  async function makeThumbnail(ref: ContentRef, box: number, token: CancelToken) {
    const helpers = host.helpers;
    if (helpers?.isAvailable && onHelpers < helpers.capacity) {
      onHelpers += 1;
      try {
        const file = await host.nestedFile(ref);
        token.throwIfCancelled();
        // A file that is no texture (a PNG the browser decodes) is made here.
        if (file && !BROWSER_IMAGE_EXTENSIONS.has(extensionOfPath(file.name))) {
          // A copy moves to the helper: the content is the decoder's cached bytes too.
          return await helpers.make(file.bytes.slice(), file.name, box);
        }
      } finally {
        onHelpers -= 1;
      }
    }
    return pixelsOf(await imageOf(ref), box, token);
  }

  /** Thumbnails worth making at once: what the helpers take, and one here. */
  const slots = () => 1 + (host.helpers?.isAvailable ? host.helpers.capacity : 0);

  /** Starts waiting thumbnails, oldest first, while slots are free; cancelled ones are dropped. */
  function startWaiting(): void {
    while (running < slots()) {
      const next = waiting.shift();
      if (!next) return;
      if (next.token.isCancelled) {
        next.reject(cancelled());
        continue;
      }
      running += 1;
      makeThumbnail(next.ref, next.box, next.token)
        .then(next.resolve, next.reject)
        .finally(() => {
          running -= 1;
          startWaiting();
        });
    }
  }

  return {
    imageOf,
    pixelsOf,

    /** The images of a scope, in tree order (see `DecoderApi.galleryImages`). */
    async list(scope: GalleryScope, token: CancelToken): Promise<GalleryItem[]> {
      // The helpers start up while the images are listed: thumbnails are asked for next.
      host.helpers?.start();
      const table = host.session().nodeTable();
      const matches = compileFilter(scope.filter);
      const byKind = new Map<string, number[]>();
      const entries = host.entriesUnder(scope.nodeIds).filter((index) => {
        if (!matches) return true;
        const path = host.pathOf(index);
        return matches(path, path.slice(path.lastIndexOf('/') + 1));
      });
      for (const index of entries) {
        const kind = extensionOfPath(host.pathOf(index));
        const list = byKind.get(kind);
        if (list) list.push(index);
        else byKind.set(kind, [index]);
      }
      const imageKinds = new Set<string>();
      for (const [kind, indexes] of byKind) {
        token.throwIfCancelled();
        if (host.browserImages && BROWSER_IMAGE_EXTENSIONS.has(kind)) {
          imageKinds.add(kind);
          continue;
        }
        for (const index of indexes.slice(0, PROBES_PER_KIND)) {
          if (await holds(index)) {
            imageKinds.add(kind);
            break;
          }
        }
        await yieldBriefly();
      }
      return entries
        .filter((index) => imageKinds.has(extensionOfPath(host.pathOf(index))))
        .map((index) => ({ entryIndex: index, path: host.pathOf(index), size: table.size(index) }));
    },

    /** One thumbnail, started after those asked before it (see `DecoderApi.imageThumbnail`). */
    thumbnail(ref: ContentRef, box: number, id: number): Promise<Thumbnail> {
      const token = new CancelToken();
      thumbnailTokens.set(id, token);
      const made = new Promise<Thumbnail>((resolve, reject) => {
        waiting.push({ ref, box: Math.max(1, Math.round(box)), token, resolve, reject });
      });
      startWaiting();
      return made.finally(() => thumbnailTokens.delete(id));
    },

    cancelThumbnails(ids: readonly number[]): void {
      for (const id of ids) {
        const token = thumbnailTokens.get(id);
        if (token) token.isCancelled = true;
      }
      // Waiting ones answer now, so the page hears of them without waiting for a slot.
      for (let at = waiting.length - 1; at >= 0; at -= 1) {
        const item = waiting[at]!;
        if (!item.token.isCancelled) continue;
        waiting.splice(at, 1);
        item.reject(cancelled());
      }
    },
  };
}

/** Image files decoded by the browser in this worker; null where it cannot (Node). */
export function browserImageDecoder(): BrowserImageDecoder | null {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  return {
    async decode(bytes, box) {
      const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]));
      try {
        const scale = box === null ? 1 : Math.min(1, box / bitmap.width, box / bitmap.height);
        const width = Math.max(1, Math.round(bitmap.width * scale));
        const height = Math.max(1, Math.round(bitmap.height * scale));
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2D canvas in this worker');
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, width, height);
        const data = context.getImageData(0, 0, width, height).data;
        return { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
      } finally {
        bitmap.close();
      }
    },
  };
}

/**
 * A thumbnail's pixels as an ImageBitmap, made here so the page neither copies pixels nor
 * makes a 2D context per cell; null where there are no bitmaps (Node) or it fails.
 */
export async function thumbnailBitmap(thumbnail: Thumbnail): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function' || typeof ImageData !== 'function') return null;
  const { width, height, rgba } = thumbnail;
  try {
    const pixels = new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length);
    return await createImageBitmap(new ImageData(pixels, width, height), {
      premultiplyAlpha: 'none',
    });
  } catch {
    return null;
  }
}
