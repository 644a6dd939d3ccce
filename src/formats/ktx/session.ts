/**
 * A KTX 1 file as a session: its header, key/value pairs and surfaces, and its texture
 * (texture-session.ts). Uncompressed rows are stored padded to 4 bytes: they are packed
 * tight before decoding.
 */
import { openTexture, type TextureLayout, type TextureSurface } from '../texture-session.ts';
import { KTX_FORMAT, readKtx } from './read.ts';

function tightRows(bytes: Uint8Array, surface: TextureSurface, layout: TextureLayout): Uint8Array {
  if (layout.encoding?.kind !== 'packed') return bytes;
  const rowBytes = surface.width * (layout.encoding.bitsPerPixel / 8);
  const pitch = (rowBytes + 3) & ~3;
  if (pitch === rowBytes) return bytes;
  const tight = new Uint8Array(rowBytes * surface.height);
  for (let row = 0; row < surface.height; row++) {
    tight.set(bytes.subarray(row * pitch, row * pitch + rowBytes), row * rowBytes);
  }
  return tight;
}

export const openKtxSession = openTexture({ format: KTX_FORMAT, read: readKtx, unpack: tightRows });
