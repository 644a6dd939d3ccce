/**
 * Writes texture descriptors: the mirror of read.ts, section by section in file order
 * (header, draw settings, data settings, compressions or export). For tests, fixtures and
 * fuzz seeds; it writes what it is given, so forged files are models with a field changed.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { GPU_FAMILY_COUNT } from './names.ts';
import { TEX_SIGNATURE_NOT_COMPRESSED, type DavaTexDescriptor } from './types.ts';

export function writeDavaTex(descriptor: DavaTexDescriptor): Uint8Array {
  const writer = new ByteWriter(256);
  // header
  writer.u32le(descriptor.signature);
  writer.u8(descriptor.version & 0xff);
  // draw settings
  writer.u8(descriptor.wrapModeS);
  writer.u8(descriptor.wrapModeT);
  writer.u8(descriptor.minFilter);
  writer.u8(descriptor.magFilter);
  writer.u8(descriptor.mipFilter);
  // data settings
  writer.u8(descriptor.textureFlags);
  writer.u8(descriptor.cubefaceFlags);
  writer.u8(descriptor.sourceFileFormat & 0xff);
  writer.ascii(descriptor.sourceExtension).u8(0);
  for (const extension of descriptor.cubefaceExtensions) writer.ascii(extension).u8(0);
  // compressions, or the export of one GPU
  writer.u8(descriptor.compressionCount);
  if (descriptor.compressionCount === GPU_FAMILY_COUNT) {
    for (const entry of descriptor.compressions) {
      writer.u8(entry.imageFormat);
      writer.u8(entry.pixelFormat);
      writer.u32le(entry.compressToWidth);
      writer.u32le(entry.compressToHeight);
      writer.u32le(entry.sourceFileCrc);
      writer.u32le(entry.convertedFileCrc);
    }
  } else {
    const exported = descriptor.exported ?? { gpu: 127, imageFormat: 127, pixelFormat: 0 };
    writer.u8(exported.gpu);
    writer.u8(exported.imageFormat);
    writer.u8(exported.pixelFormat);
  }
  return writer.finish();
}

/** A plausible editor descriptor: every GPU converts to PVR RGBA8888, the origin keeps a PNG. */
export function draftDavaTex(): DavaTexDescriptor {
  return {
    signature: TEX_SIGNATURE_NOT_COMPRESSED,
    version: 13,
    wrapModeS: 1,
    wrapModeT: 1,
    minFilter: 1,
    magFilter: 1,
    mipFilter: 2,
    textureFlags: 1,
    cubefaceFlags: 0,
    sourceFileFormat: 0,
    sourceExtension: '.png',
    cubefaceExtensions: [],
    compressionCount: GPU_FAMILY_COUNT,
    compressions: Array.from({ length: GPU_FAMILY_COUNT }, (_, gpu) => ({
      imageFormat: gpu === GPU_FAMILY_COUNT - 1 ? 0 : 2,
      pixelFormat: 1,
      compressToWidth: gpu === 1 ? 256 : 0,
      compressToHeight: gpu === 1 ? 256 : 0,
      sourceFileCrc: gpu === GPU_FAMILY_COUNT - 1 ? 0 : 0x1234abcd,
      convertedFileCrc: gpu === GPU_FAMILY_COUNT - 1 ? 0 : 0x0badf00d + gpu,
    })),
    exported: null,
  };
}
