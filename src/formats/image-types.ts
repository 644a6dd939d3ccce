/**
 * Images in the node model: a node that holds pixels (a texture file's root, a PID inside a
 * REZ) describes its surfaces and decodes one of them on request. The image view, the
 * gallery, PNG export and the CLI's `image` command work on this capability alone; pixel
 * decoding itself is `FormatServices.pixels` (binary/pixels/).
 */
import type { DecodedImage, PixelEncoding } from '../binary/pixels/types.ts';
import type { Fact, Span } from './model.ts';

export type { DecodedImage, PixelEncoding };

/** Which surface of an image: a mip level (0 the largest) of an array layer and cube face. */
export interface SurfaceRef {
  level: number;
  layer: number;
  face: number;
}

/** One mip level: its size in pixels and the bytes of each of its surfaces. */
export interface ImageLevel {
  width: number;
  height: number;
  /** Bytes of one surface of this level. */
  byteLength: number;
}

export interface ImageInfo {
  width: number;
  height: number;
  /** Mip levels, largest first (at least one). */
  levels: readonly ImageLevel[];
  /** Array layers (1 when not an array). */
  layers: number;
  /** Cube faces (6 for a cube map, else 1), in +X, −X, +Y, −Y, +Z, −Z order. */
  faces: number;
  /** The stored pixel format, named for people: `BC7 (sRGB)`, `B8G8R8A8`, `ASTC 8×8`. */
  pixelFormat: string;
  /** Why the pixels cannot be shown (a codec Delve does not decode), or null. */
  unsupported: string | null;
  /** Facts of the image beyond the above (colour space, flags, where the tiers came from). */
  facts: readonly Fact[];
  /**
   * The one surface the node stands for (a mip level of a texture, a face of a cube), shown
   * first when the node is selected; absent when the node is the whole image.
   */
  surface?: SurfaceRef;
}

/** A surface's bytes as stored, and how they are encoded (what `pixels.decode` takes). */
export interface EncodedSurface {
  encoding: PixelEncoding;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** Where `bytes` start, for errors (file offset, or the logical offset of a nested file). */
  offset: number;
  span?: Span;
}

/** Capability: nodes that hold images. */
export interface ImageCapability {
  /**
   * The image a node holds, or null when it holds none. No pixels are read: a texture file
   * answers from its parsed header, an archive reads the entry's header (a PID's 32 bytes).
   */
  describe(index: number): Promise<ImageInfo | null>;
  /**
   * Reads one surface's stored bytes. Throws FormatError (out of range, truncated data,
   * a missing source such as a WoWs texture's `.dd0` tier).
   */
  surface(index: number, surface: SurfaceRef): Promise<EncodedSurface>;
}
