/**
 * KTX 1 writer, the mirror of read.ts: the header, the key/value pairs (each padded to 4
 * bytes), then each level's imageSize and its bytes (a non-array cube's faces each padded
 * to 4; each level padded to 4).
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { KTX_IDENTIFIER } from './layout.ts';
import type { KtxHeader } from './read.ts';

export interface KtxInput {
  header: Omit<KtxHeader, 'keyValueBytes'>;
  keyValues?: readonly [string, string][];
  /** Per level, its surfaces' stored bytes (rows already padded), layer by layer, face by face. */
  levels: readonly (readonly Uint8Array[])[];
}

const padding = (length: number) => ((length + 3) & ~3) - length;

export function writeKtx({ header, keyValues = [], levels }: KtxInput): Uint8Array {
  const pairs = new ByteWriter();
  for (const [key, value] of keyValues) {
    const text = new TextEncoder().encode(`${key}\0${value}\0`);
    pairs.u32le(text.length).bytes(text).zeros(padding(text.length));
  }
  const keyValueBytes = pairs.finish();
  const out = new ByteWriter(64 + keyValueBytes.length);
  out.bytes(Uint8Array.from(KTX_IDENTIFIER)).u32le(0x04030201);
  out.u32le(header.glType).u32le(header.glTypeSize).u32le(header.glFormat);
  out.u32le(header.glInternalFormat).u32le(header.glBaseInternalFormat);
  out.u32le(header.width).u32le(header.height).u32le(header.depth);
  out.u32le(header.arrayElements).u32le(header.faces).u32le(header.mipLevels);
  out.u32le(keyValueBytes.length).bytes(keyValueBytes);
  const isCubeOnly = header.faces === 6 && header.arrayElements === 0;
  for (const surfaces of levels) {
    const imageSize = isCubeOnly
      ? (surfaces[0]?.length ?? 0)
      : surfaces.reduce((sum, each) => sum + each.length, 0);
    out.u32le(imageSize);
    let written = 0;
    for (const surface of surfaces) {
      out.bytes(surface);
      written += surface.length;
      if (isCubeOnly) {
        out.zeros(padding(surface.length));
        written += padding(surface.length);
      }
    }
    out.zeros(padding(written));
  }
  return out.finish();
}
