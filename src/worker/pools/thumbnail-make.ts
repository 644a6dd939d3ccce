/**
 * Making one thumbnail: the smallest mip level of an image that still has the thumbnail's
 * pixels, decoded and scaled down to fit a box. Shared by the decoder worker (images of its
 * own session) and the thumbnail helpers (an entry's content opened as a file of its own,
 * thumbnail-helper.worker.ts), so both give the same pixels. Nothing here names a format.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { downscaleToFit, thumbnailLevel } from '../../binary/pixels/downscale.ts';
import { imageOfContent, type ImageHolder } from '../../formats/image-holder.ts';
import { PIXELS_HERE, type FormatServices, type PixelService } from '../../formats/services.ts';
import type { Thumbnail } from '../rpc/api.ts';

/** Something that can stop a thumbnail between its steps (a cancel token). */
export interface ThumbnailCheckpoint {
  throwIfCancelled(): void;
}

const NEVER_CANCELLED: ThumbnailCheckpoint = { throwIfCancelled: () => undefined };

/**
 * The pixels of a holder's image: its largest level (`box` null), or the level nearest a
 * `box` square scaled down to fit it.
 */
export async function thumbnailOfHolder(
  holder: ImageHolder,
  box: number | null,
  pixels: PixelService = PIXELS_HERE,
  checkpoint: ThumbnailCheckpoint = NEVER_CANCELLED,
): Promise<Thumbnail> {
  const { images, index } = holder;
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
  checkpoint.throwIfCancelled();
  const decoded = await pixels.decode(surface);
  checkpoint.throwIfCancelled();
  const shown = box === null ? decoded : downscaleToFit(decoded, box);
  return { ...shown, sourceWidth: info.width, sourceHeight: info.height, level };
}

/** The thumbnail of some bytes named `name` opened as a file of their own (a texture). */
export async function thumbnailOfContent(
  services: FormatServices,
  bytes: Uint8Array,
  name: string,
  box: number,
): Promise<Thumbnail> {
  const holder = await imageOfContent(services, bytes, name);
  if (!holder) {
    throw new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0, detail: 'this holds no image' });
  }
  return thumbnailOfHolder(holder, box, services.pixels ?? PIXELS_HERE);
}
