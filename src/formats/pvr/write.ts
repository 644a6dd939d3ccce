/** PVR v3 writer, the mirror of read.ts: the header, the metadata blocks, the texture data as given. */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { PVR_VERSION, type PvrHeader } from './read.ts';

export interface PvrInput {
  header: Omit<PvrHeader, 'metadataSize'>;
  metadata?: readonly { fourCC: number; key: number; data: Uint8Array }[];
  /** Every surface's bytes, level by level, surface by surface, face by face. */
  data: Uint8Array;
}

export function writePvr({ header, metadata = [], data }: PvrInput): Uint8Array {
  const metadataSize = metadata.reduce((sum, block) => sum + 12 + block.data.length, 0);
  const out = new ByteWriter(52 + metadataSize + data.length);
  out
    .u32le(PVR_VERSION)
    .u32le(header.flags)
    .u32le(header.pixelFormatLow)
    .u32le(header.pixelFormatHigh);
  out.u32le(header.colourSpace).u32le(header.channelType).u32le(header.height).u32le(header.width);
  out.u32le(header.depth).u32le(header.surfaces).u32le(header.faces).u32le(header.mipLevels);
  out.u32le(metadataSize);
  for (const block of metadata)
    out.u32le(block.fourCC).u32le(block.key).u32le(block.data.length).bytes(block.data);
  return out.bytes(data).finish();
}
