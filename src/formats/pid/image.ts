/**
 * A PID as an image of the node model: what it is (one level, one layer, the palette it is
 * shown with) and its one surface as palette indexes. Used by a dropped `.pid` and by the
 * PID entries of a REZ archive, which find the palette beside them.
 */
import type { EncodedSurface, Fact, ImageInfo } from '../model.ts';
import { greyPalette, rgbaPalette, transparentIndexOf } from './palette.ts';
import { decodePidIndexes, parsePidHeader, pidEmbeddedPalette } from './read.ts';
import { PID_FLAGS, type PidHeader } from './types.ts';

/** Where the colours come from: the PID itself, a `.PAL` (its path), or nowhere (grey). */
export type PaletteSource =
  { kind: 'embedded' } | { kind: 'file'; path: string; rgb: Uint8Array } | { kind: 'none' };

export function pidFlagNames(flags: number): string {
  const names = Object.entries(PID_FLAGS)
    .filter(([, bit]) => (flags & bit) !== 0)
    .map(([name]) => name);
  return names.length ? names.join(', ') : 'none';
}

function paletteText(source: PaletteSource): string {
  if (source.kind === 'embedded') return 'embedded (the last 768 bytes)';
  if (source.kind === 'file') return source.path;
  return 'none at hand: shown in grey (open the PID inside its REZ for the level palette)';
}

export function pidImageInfo(header: PidHeader, palette: PaletteSource): ImageInfo {
  const facts: Fact[] = [
    ['Palette', paletteText(palette)],
    ['Flags', pidFlagNames(header.flags)],
    ['Offset', `${header.offsetX}, ${header.offsetY}`],
  ];
  return {
    width: header.width,
    height: header.height,
    levels: [
      { width: header.width, height: header.height, byteLength: header.width * header.height },
    ],
    layers: 1,
    faces: 1,
    pixelFormat: 'PID, 8-bit palette indexes',
    unsupported: header.width === 0 || header.height === 0 ? 'the image has no pixels' : null,
    facts,
  };
}

/** The PID's pixels as indexes with the palette they are shown with. */
export function pidSurface(bytes: Uint8Array, palette: PaletteSource, base = 0): EncodedSurface {
  const header = parsePidHeader(bytes, base);
  const embedded = pidEmbeddedPalette(bytes, header);
  const rgb = palette.kind === 'embedded' ? embedded : palette.kind === 'file' ? palette.rgb : null;
  const transparentIndex = transparentIndexOf(header, embedded);
  const indexes = decodePidIndexes(bytes, header, transparentIndex ?? 0, base);
  return {
    encoding: {
      kind: 'indexed',
      palette: rgb ? rgbaPalette(rgb) : greyPalette(),
      transparentIndex,
    },
    width: header.width,
    height: header.height,
    bytes: indexes,
    offset: base,
  };
}
