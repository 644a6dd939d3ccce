/**
 * PCX as a fuzz target: the header, the scanlines decoded to pixels and to RGBA, and a
 * rewrite. Seeds: the writer's paletted and 24-bit samples.
 */
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { pcxSamples } from './fixtures.ts';
import { parsePcxHeader, pcxPaletteAt, pcxSurface, pcxUnsupported, PCX_FORMAT } from './read.ts';
import { pcxHeight, pcxWidth } from './types.ts';
import { writePcx } from './write.ts';

export const pcxFuzzTarget: FuzzTarget = {
  format: PCX_FORMAT,
  seeds: () => Promise.resolve(pcxSamples().map((sample) => sample.bytes)),
  boundaries: (bytes) => [0, 128, bytes.length - 769, bytes.length].filter((at) => at >= 0),
  // xMax, yMax, bytes a line.
  numberFields: () => [8, 10, 66],
  rangeFields: () => [],
  async exercise(bytes) {
    const header = parsePcxHeader(bytes);
    if (pcxUnsupported(header)) return;
    const surface = pcxSurface(bytes);
    decodePixels(surface.encoding, surface.bytes, surface.width, surface.height);
  },
  async roundTrip(bytes) {
    const header = parsePcxHeader(bytes);
    const surface = pcxSurface(bytes);
    const paletteAt = pcxPaletteAt(bytes, header);
    return writePcx({
      width: pcxWidth(header),
      height: pcxHeight(header),
      planes: header.planes as 1 | 3 | 4,
      pixels: surface.bytes,
      ...(paletteAt !== null ? { palette: bytes.slice(paletteAt + 1) } : {}),
    });
  },
};
