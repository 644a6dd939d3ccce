/**
 * The gallery's side of the worker: which entries of a folder (or a filter's result) are
 * images, their thumbnails, and their pixels as PNGs for "Save all as PNG". Images are the
 * session's own (`Session.images`), entries whose content is an image file the registry
 * opens (a texture in an archive, through images.ts), and image files the browser decodes
 * (PNG, JPEG, GIF, WebP, BMP: `createImageBitmap` here in the worker). Nothing names a format.
 *
 * A thumbnail decodes the smallest mip level that still has its pixels and scales it down
 * here, so the page never receives a 4096 × 4096 surface for a 128-pixel cell. Thumbnails
 * are made one at a time in the order asked; the page cancels those it scrolled away from.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { downscaleToFit, thumbnailLevel } from '../../binary/pixels/downscale.ts';
import type { DecodedImage } from '../../binary/pixels/types.ts';
import type { ImageHolder } from '../../formats/image-holder.ts';
import type { ContentRef, Session } from '../../formats/model.ts';
import { PIXELS_HERE, type FormatServices } from '../../formats/services.ts';
import { CancelToken, yieldBriefly } from '../jobs/jobs.ts';
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
  services: FormatServices;
  browserImages: BrowserImageDecoder | null;
}

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
  let queue: Promise<unknown> = Promise.resolve();

  const nodeRef = (index: number): ContentRef => ({ kind: 'node', index });

  async function holds(index: number): Promise<boolean> {
    try {
      return (await host.holderOf(nodeRef(index))) !== null;
    } catch {
      return false;
    }
  }

  /** Some content's image, or a FormatError saying it holds none. */
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
    const { images, index } = image.holder;
    const info = await images.describe(index);
    if (!info) {
      throw new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0, detail: 'no image' });
    }
    if (info.unsupported !== null) {
      throw new FormatError({
        code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
        offset: 0,
        detail: info.unsupported,
      });
    }
    const level = box === null ? 0 : thumbnailLevel(info.levels, box);
    const surface = await images.surface(index, { level, layer: 0, face: 0 });
    token.throwIfCancelled();
    const decoded = await (host.services.pixels ?? PIXELS_HERE).decode(surface);
    token.throwIfCancelled();
    const shown = box === null ? decoded : downscaleToFit(decoded, box);
    return { ...shown, sourceWidth: info.width, sourceHeight: info.height, level };
  }

  return {
    imageOf,
    pixelsOf,

    /** The images of a scope, in tree order (see `DecoderApi.galleryImages`). */
    async list(scope: GalleryScope, token: CancelToken): Promise<GalleryItem[]> {
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

    /** One thumbnail, made after those asked before it (see `DecoderApi.imageThumbnail`). */
    thumbnail(ref: ContentRef, box: number, id: number): Promise<Thumbnail> {
      const token = new CancelToken();
      thumbnailTokens.set(id, token);
      const made = queue.then(async () => {
        try {
          token.throwIfCancelled();
          return await pixelsOf(await imageOf(ref), Math.max(1, Math.round(box)), token);
        } finally {
          thumbnailTokens.delete(id);
        }
      });
      // A failed thumbnail does not hold up the next; the caller still sees its error.
      queue = made.catch(() => undefined);
      return made;
    },

    cancelThumbnails(ids: readonly number[]): void {
      for (const id of ids) {
        const token = thumbnailTokens.get(id);
        if (token) token.isCancelled = true;
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
