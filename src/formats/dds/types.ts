/**
 * DDS (DirectDraw Surface) as stored: the 4-byte magic, a 124-byte header holding a 32-byte
 * pixel format, an optional 20-byte DX10 extension, then the surfaces. All fields are u32
 * little-endian. Field names follow Microsoft's `DDS_HEADER`, `DDS_PIXELFORMAT` and
 * `DDS_HEADER_DXT10`.
 */

export const DDS_FORMAT = 'dds';
/** `DDS ` */
export const DDS_MAGIC = 0x20534444;
export const DDS_HEADER_SIZE = 124;
export const DDS_PIXELFORMAT_SIZE = 32;
/** Where the pixel format starts in the file (magic 4 + its offset 72 in the header). */
export const DDS_PIXELFORMAT_OFFSET = 76;
/** Magic and header. */
export const DDS_DATA_OFFSET = 128;
export const DDS_DX10_SIZE = 20;

/** `dwFlags` of the header. */
export const DDSD_CAPS = 0x1;
export const DDSD_HEIGHT = 0x2;
export const DDSD_WIDTH = 0x4;
export const DDSD_PITCH = 0x8;
export const DDSD_PIXELFORMAT = 0x1000;
export const DDSD_MIPMAPCOUNT = 0x20000;
export const DDSD_LINEARSIZE = 0x80000;
export const DDSD_DEPTH = 0x800000;

/** `ddspf.dwFlags`. */
export const DDPF_ALPHAPIXELS = 0x1;
export const DDPF_ALPHA = 0x2;
export const DDPF_FOURCC = 0x4;
export const DDPF_RGB = 0x40;
export const DDPF_LUMINANCE = 0x20000;

/** `dwCaps`. */
export const DDSCAPS_COMPLEX = 0x8;
export const DDSCAPS_TEXTURE = 0x1000;
export const DDSCAPS_MIPMAP = 0x400000;
/** `dwCaps2`. */
export const DDSCAPS2_CUBEMAP = 0x200;
/** +X, −X, +Y, −Y, +Z, −Z: the face bits, in storage order. */
export const DDSCAPS2_CUBEMAP_FACES = [0x400, 0x800, 0x1000, 0x2000, 0x4000, 0x8000] as const;
export const DDSCAPS2_VOLUME = 0x200000;

/** `miscFlag` of the DX10 header: the array's elements are cube maps. */
export const DDS_RESOURCE_MISC_TEXTURECUBE = 0x4;
/** `resourceDimension`. */
export const DDS_DIMENSION_TEXTURE3D = 4;

export const FACE_NAMES = ['+X', '−X', '+Y', '−Y', '+Z', '−Z'] as const;

export interface DdsPixelFormat {
  size: number;
  flags: number;
  fourCC: number;
  rgbBitCount: number;
  redMask: number;
  greenMask: number;
  blueMask: number;
  alphaMask: number;
}

export interface DdsHeader {
  size: number;
  flags: number;
  height: number;
  width: number;
  pitchOrLinearSize: number;
  depth: number;
  mipMapCount: number;
  /** `dwReserved1[11]`: some tools sign their files here (NVTT puts `NVTT` and a version). */
  reserved1: number[];
  pixelFormat: DdsPixelFormat;
  caps: number;
  caps2: number;
  caps3: number;
  caps4: number;
  reserved2: number;
}

export interface DdsDx10Header {
  dxgiFormat: number;
  resourceDimension: number;
  miscFlag: number;
  arraySize: number;
  miscFlags2: number;
}

/** A whole DDS file: its headers and its surfaces' bytes, as the writer takes it. */
export interface DdsFile {
  header: DdsHeader;
  dx10: DdsDx10Header | null;
  /** Everything after the headers: every layer's faces' mip chains, in that order. */
  data: Uint8Array;
}
