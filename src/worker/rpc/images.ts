/**
 * Images for the worker API (`describeImage`, `decodeImage`): the image of the opened file,
 * of a node that holds one (a texture's surface, a PID in a REZ), or of an entry whose
 * content is an image file (a texture inside an archive) — that content opened as a nested
 * file through the registry (`services.nested`), and its session's image capability used.
 * Nothing here knows a format. Decoded pixels leave the worker transferred, not copied.
 */
import { transfer } from 'comlink';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { encodePngRgba } from '../../binary/tiny-png.ts';
import type {
  ContentRef,
  DecodedImage,
  ImageInfo,
  Session,
  SurfaceRef,
} from '../../formats/model.ts';
import { firstImage, imageOfContent, type ImageHolder } from '../../formats/image-holder.ts';
import { RAW_FORMAT } from '../../formats/registry.ts';
import { PIXELS_HERE, type FormatServices } from '../../formats/services.ts';
import type { Result } from './api.ts';
import { attempt } from './result.ts';

/** Entries whose nested sessions are kept (the last few viewed). */
const NESTED_KEPT = 4;
/** Entries larger than this are not opened for an image (a 16,384² BC7 chain is ~342 MiB). */
const MAX_IMAGE_FILE = 512 * 1024 * 1024;

export interface ImageAccessHost {
  session(): Session;
  /** A node's content, as read (inflated). */
  content(index: number): Promise<Uint8Array>;
  /** The format a node's content would open as, from its head and tail (no full read where stored). */
  formatOf(index: number, name: string): Promise<string>;
  services: FormatServices;
}

export function createImageAccess(host: ImageAccessHost) {
  const nested = new Map<number, Promise<ImageHolder | null>>();

  /** A node's content and name, when it may be an image file; null when it cannot be one. */
  async function nestedFileOf(
    session: Session,
    index: number,
  ): Promise<{ bytes: Uint8Array; name: string } | null> {
    const path = session.nodeTable().path(index);
    const name = path.slice(path.lastIndexOf('/') + 1);
    // Content no format knows is not read whole, nor content larger than any texture.
    if (session.nodeTable().size(index) > MAX_IMAGE_FILE) return null;
    if ((await host.formatOf(index, name)) === RAW_FORMAT) return null;
    return { bytes: await host.content(index), name };
  }

  async function nestedImage(session: Session, index: number): Promise<ImageHolder | null> {
    const known = nested.get(index);
    if (known) return known;
    const opening = (async () => {
      const file = await nestedFileOf(session, index);
      return file ? imageOfContent(host.services, file.bytes, file.name) : null;
    })();
    nested.set(index, opening);
    // A failed open is asked again next time; only the last few entries are kept.
    opening.catch(() => nested.delete(index));
    if (nested.size > NESTED_KEPT) nested.delete(nested.keys().next().value!);
    return opening;
  }

  async function holderOf(ref: ContentRef): Promise<ImageHolder | null> {
    const session = host.session();
    if (ref.kind === 'file' || ref.kind === 'logical') return firstImage(session);
    const own = (await session.images?.describe(ref.index)) ?? null;
    if (own && session.images) return { images: session.images, index: ref.index };
    if (ref.kind !== 'node' || !session.content) return null;
    if (session.content.unavailable?.(ref.index)) return null;
    return nestedImage(session, ref.index);
  }

  async function decoded(ref: ContentRef, surface: SurfaceRef): Promise<DecodedImage> {
    const holder = await holderOf(ref);
    if (!holder) {
      throw new FormatError({
        code: ErrorCode.BAD_VALUE,
        offset: 0,
        detail: 'this holds no image',
      });
    }
    const encoded = await holder.images.surface(holder.index, surface);
    return (host.services.pixels ?? PIXELS_HERE).decode(encoded);
  }

  return {
    /** The node that holds some content's image, and the capability that reads it; null: none. */
    holderOf,

    /**
     * The content of a node whose image would be that content opened as a file of its own
     * (a texture in an archive), with its name, for a helper to open; null for any other
     * node (its session's own image, no content, content no format reads).
     */
    async nestedFile(ref: ContentRef): Promise<{ bytes: Uint8Array; name: string } | null> {
      const session = host.session();
      if (ref.kind !== 'node' || !session.content) return null;
      if (await session.images?.describe(ref.index)) return null;
      if (session.content.unavailable?.(ref.index)) return null;
      return nestedFileOf(session, ref.index);
    },

    describe: (ref: ContentRef): Promise<Result<ImageInfo | null>> =>
      attempt(async () => {
        const holder = await holderOf(ref);
        return holder ? holder.images.describe(holder.index) : null;
      }),

    async decode(ref: ContentRef, surface: SurfaceRef): Promise<Result<DecodedImage>> {
      const answer = await attempt(async () => {
        const holder = await holderOf(ref);
        if (!holder) {
          throw new FormatError({
            code: ErrorCode.BAD_VALUE,
            offset: 0,
            detail: 'this holds no image',
          });
        }
        const encoded = await holder.images.surface(holder.index, surface);
        return (host.services.pixels ?? PIXELS_HERE).decode(encoded);
      });
      // The pixels move to the page: a 4096 × 4096 surface is 64 MiB, not copied.
      return answer.ok ? transfer(answer, [answer.value.rgba.buffer]) : answer;
    },

    png: (ref: ContentRef, surface: SurfaceRef): Promise<Result<Blob>> =>
      attempt(async () => {
        const { width, height, rgba } = await decoded(ref, surface);
        const png = encodePngRgba(width, height, rgba);
        return new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' });
      }),
  };
}
