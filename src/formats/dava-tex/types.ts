/**
 * The model of a DAVA TextureDescriptor (`.tex`): the settings the engine keeps beside a
 * texture (wrap, filters, mipmaps, source image type, and a pixel format per GPU family).
 * It is not a KeyedArchive: a fixed binary layout, integers little-endian. The UI may
 * `import type` from here.
 */
import type { Fact, Span } from '../model.ts';

/** The signature of an editor descriptor (every GPU's settings): bytes `EE 00 EE 00`. */
export const TEX_SIGNATURE_NOT_COMPRESSED = 0x00ee00ee;
/** The signature of a descriptor exported for one GPU: bytes `00 EE EE 00`. */
export const TEX_SIGNATURE_COMPRESSED = 0x00eeee00;

/** The settings one GPU family's texture is converted with (18 bytes in the file). */
export interface DavaTexCompression {
  /** u8 container of the converted file (ImageFormat: 0 PNG, 1 DDS, 2 PVR, ...). */
  imageFormat: number;
  /** u8 pixel format (PixelFormat: 0 invalid, 1 RGBA8888, ...). */
  pixelFormat: number;
  /** u32 size to convert to, in pixels; 0 keeps the source's. */
  compressToWidth: number;
  compressToHeight: number;
  /** u32 CRC-32 of the source image when it was converted. */
  sourceFileCrc: number;
  /** u32 checksum of the converted file (its own metadata CRC plus the descriptor's). */
  convertedFileCrc: number;
}

/** What a descriptor exported for one GPU keeps instead of the table (3 bytes). */
export interface DavaTexExport {
  /** u8 GPU family (0 PowerVR iOS ... 6 origin; 127 invalid). */
  gpu: number;
  /** u8 ImageFormat of the exported file. */
  imageFormat: number;
  /** u8 PixelFormat of the exported file. */
  pixelFormat: number;
}

/** A descriptor, version 12 or 13 (13 added HDR sources; the layout did not change). */
export interface DavaTexDescriptor {
  /** u32 at 0: TEX_SIGNATURE_NOT_COMPRESSED or TEX_SIGNATURE_COMPRESSED. */
  signature: number;
  /** i8 at 4. */
  version: number;
  /** Draw settings, u8 each: rhi address modes (0 wrap, 1 clamp, 2 mirror) and filters. */
  wrapModeS: number;
  wrapModeT: number;
  /** 0 nearest, 1 linear. */
  minFilter: number;
  magFilter: number;
  /** 0 none, 1 nearest, 2 linear. */
  mipFilter: number;
  /** u8 bits: 1 generate mipmaps, 2 normal map, 4 separate HD file, 0x80 invalid. */
  textureFlags: number;
  /** u8 bits: which of the 6 cube faces have an extension of their own below. */
  cubefaceFlags: number;
  /** i8 ImageFormat of the source image. */
  sourceFileFormat: number;
  /** NUL-terminated: the source image's extension, e.g. `.tga`. */
  sourceExtension: string;
  /** One NUL-terminated extension per cube face whose flag bit is set, in face order. */
  cubefaceExtensions: string[];
  /** u8: the number of GPU families the table holds (7); anything else means an export. */
  compressionCount: number;
  /** The table, by GPU family, when compressionCount is the family count. */
  compressions: DavaTexCompression[];
  /** The export data otherwise. */
  exported: DavaTexExport | null;
}

/** One part of the descriptor as the tree shows it: its path, bytes and fields. */
export interface DavaTexNode {
  path: string;
  span: Span;
  fields: Fact[];
}
