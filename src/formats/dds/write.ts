/**
 * Writes DDS files, field by field in the order read.ts reads them: for tests, samples and
 * round trips. `ddsFileOf` builds the headers of a texture from what it is (size, levels,
 * layers, a cube, its pixel format) the way common tools write them.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { fourCCOf } from './pixel-formats.ts';
import {
  DDPF_ALPHA,
  DDPF_ALPHAPIXELS,
  DDPF_FOURCC,
  DDPF_LUMINANCE,
  DDPF_RGB,
  DDSCAPS2_CUBEMAP,
  DDSCAPS2_CUBEMAP_FACES,
  DDSCAPS_COMPLEX,
  DDSCAPS_MIPMAP,
  DDSCAPS_TEXTURE,
  DDSD_CAPS,
  DDSD_HEIGHT,
  DDSD_MIPMAPCOUNT,
  DDSD_PIXELFORMAT,
  DDSD_WIDTH,
  DDS_HEADER_SIZE,
  DDS_MAGIC,
  DDS_PIXELFORMAT_SIZE,
  DDS_RESOURCE_MISC_TEXTURECUBE,
  type DdsFile,
  type DdsPixelFormat,
} from './types.ts';

export function writeDds({ header, dx10, data }: DdsFile): Uint8Array {
  const writer = new ByteWriter(148 + data.length);
  writer.u32le(DDS_MAGIC);
  writer
    .u32le(header.size)
    .u32le(header.flags)
    .u32le(header.height)
    .u32le(header.width)
    .u32le(header.pitchOrLinearSize)
    .u32le(header.depth)
    .u32le(header.mipMapCount);
  for (let at = 0; at < 11; at += 1) writer.u32le(header.reserved1[at] ?? 0);
  const format = header.pixelFormat;
  writer
    .u32le(format.size)
    .u32le(format.flags)
    .u32le(format.fourCC)
    .u32le(format.rgbBitCount)
    .u32le(format.redMask >>> 0)
    .u32le(format.greenMask >>> 0)
    .u32le(format.blueMask >>> 0)
    .u32le(format.alphaMask >>> 0);
  writer
    .u32le(header.caps)
    .u32le(header.caps2)
    .u32le(header.caps3)
    .u32le(header.caps4)
    .u32le(header.reserved2);
  if (dx10) {
    writer
      .u32le(dx10.dxgiFormat)
      .u32le(dx10.resourceDimension)
      .u32le(dx10.miscFlag)
      .u32le(dx10.arraySize)
      .u32le(dx10.miscFlags2);
  }
  writer.bytes(data);
  return writer.finish();
}

/** How a texture's pixels are named in its header. */
export type DdsFormatSpec =
  | { fourCC: string }
  | { dxgiFormat: number }
  | {
      /** Legacy bit masks: RGB (with alpha when `alphaMask` is set), luminance or alpha only. */
      bits: 8 | 16 | 24 | 32;
      masks: [red: number, green: number, blue: number, alpha: number];
      kind?: 'rgb' | 'luminance' | 'alpha';
    };

export interface DdsTexture {
  width: number;
  height: number;
  /** Mip levels (1: none). */
  levels: number;
  format: DdsFormatSpec;
  /** Array layers (DX10 only). */
  layers?: number;
  isCube?: boolean;
  /** Every surface's bytes, in file order (layer, face, level). */
  data: Uint8Array;
}

function pixelFormatOf(format: DdsFormatSpec): DdsPixelFormat {
  const empty = { size: DDS_PIXELFORMAT_SIZE, redMask: 0, greenMask: 0, blueMask: 0, alphaMask: 0 };
  if ('fourCC' in format)
    return { ...empty, flags: DDPF_FOURCC, fourCC: fourCCOf(format.fourCC), rgbBitCount: 0 };
  if ('dxgiFormat' in format)
    return { ...empty, flags: DDPF_FOURCC, fourCC: fourCCOf('DX10'), rgbBitCount: 0 };
  const [redMask, greenMask, blueMask, alphaMask] = format.masks;
  const kind = format.kind ?? 'rgb';
  const flags =
    (kind === 'rgb' ? DDPF_RGB : kind === 'luminance' ? DDPF_LUMINANCE : DDPF_ALPHA) |
    (alphaMask && kind !== 'alpha' ? DDPF_ALPHAPIXELS : 0);
  return {
    size: DDS_PIXELFORMAT_SIZE,
    flags,
    fourCC: 0,
    rgbBitCount: format.bits,
    redMask,
    greenMask,
    blueMask,
    alphaMask,
  };
}

/** The headers of a texture, as common tools write them, and its data. */
export function ddsFileOf(texture: DdsTexture): DdsFile {
  const { width, height, levels, format } = texture;
  const layers = texture.layers ?? 1;
  const isCube = texture.isCube === true;
  const hasMips = levels > 1;
  const header = {
    size: DDS_HEADER_SIZE,
    flags:
      DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT | (hasMips ? DDSD_MIPMAPCOUNT : 0),
    height,
    width,
    pitchOrLinearSize: 0,
    depth: 0,
    mipMapCount: hasMips ? levels : 0,
    reserved1: new Array<number>(11).fill(0),
    pixelFormat: pixelFormatOf(format),
    caps:
      DDSCAPS_TEXTURE | (hasMips || isCube ? DDSCAPS_COMPLEX : 0) | (hasMips ? DDSCAPS_MIPMAP : 0),
    caps2: isCube
      ? DDSCAPS2_CUBEMAP | DDSCAPS2_CUBEMAP_FACES.reduce((all, bit) => all | bit, 0)
      : 0,
    caps3: 0,
    caps4: 0,
    reserved2: 0,
  };
  const dx10 =
    'dxgiFormat' in format
      ? {
          dxgiFormat: format.dxgiFormat,
          resourceDimension: 3,
          miscFlag: isCube ? DDS_RESOURCE_MISC_TEXTURECUBE : 0,
          arraySize: layers,
          miscFlags2: 0,
        }
      : null;
  return { header, dx10, data: texture.data };
}

/** A whole DDS file of a texture. */
export const writeDdsTexture = (texture: DdsTexture): Uint8Array => writeDds(ddsFileOf(texture));
