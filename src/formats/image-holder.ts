/**
 * Where an image is in a session, for the hosts that show or export one (the worker's
 * image calls, the CLI's `image`): the first node that holds one, or, for content that is
 * an image file (a texture inside an archive), that content opened as a nested file through
 * the host's registry (`services.nested`). Generic: no format is named.
 */
import { detailOf, FormatError, type ErrorInfo } from '../binary/format-error.ts';
import type { ImageCapability, Session } from './model.ts';
import type { FormatServices } from './services.ts';

/** Nodes of a session looked at for its image (a texture's is its first). */
const NODES_LOOKED_AT = 64;

/** A node that holds an image, with the capability that reads it. */
export interface ImageHolder {
  images: ImageCapability;
  index: number;
}

/** The first node of a session that holds an image, or null. */
export async function firstImage(session: Session): Promise<ImageHolder | null> {
  const images = session.images;
  if (!images || session.fatal) return null;
  const last = Math.max(1, Math.min(session.nodeCount(), NODES_LOOKED_AT));
  for (let index = 0; index < last; index += 1) {
    if (await images.describe(index)) return { images, index };
  }
  return null;
}

/**
 * The image of some bytes named `name` opened as a file of their own; null when they hold
 * none. Bytes a format claims but could not read to the end (a texture cut short) throw that
 * format's error, code and offset kept: "no image" would hide why there is none.
 */
export async function imageOfContent(
  services: FormatServices,
  bytes: Uint8Array,
  name: string,
): Promise<ImageHolder | null> {
  const format = services.nested.identify(bytes, name);
  if (!format) return null;
  const { session } = await services.nested.open(bytes, name);
  const holder = await firstImage(session);
  if (!holder && session.fatal) throw formatErrorOf(session.fatal, format.id);
  return holder;
}

/** A fatal error read back as data (`ErrorInfo`) thrown again as the FormatError it was. */
function formatErrorOf(info: ErrorInfo, format: string): FormatError {
  return new FormatError({
    code: info.code,
    offset: info.offset ?? 0,
    detail: detailOf(info),
    format: info.format || format,
    path: info.path,
  });
}
