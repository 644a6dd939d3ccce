/**
 * DDS as a fuzz target: the headers read, every surface decoded (what the image view and
 * the CLI do), and the writer's round trip of the headers and data.
 */
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { ddsLayout, readDdsHeaders, surfacesInFile, DDS_HEADERS_MAX } from './read.ts';
import { ddsSeeds } from './seeds.ts';
import { DDS_FORMAT, DDS_PIXELFORMAT_OFFSET } from './types.ts';
import { writeDds } from './write.ts';

export const ddsFuzzTarget: FuzzTarget = {
  format: DDS_FORMAT,
  seeds: () => Promise.resolve(ddsSeeds()),
  boundaries: (bytes) => {
    try {
      const headers = readDdsHeaders(bytes.subarray(0, DDS_HEADERS_MAX));
      const surfaces = surfacesInFile(ddsLayout(headers), headers.dataOffset, bytes.length);
      return [
        4,
        DDS_PIXELFORMAT_OFFSET,
        128,
        headers.dataOffset,
        ...surfaces.map((surface) => surface.offset),
      ];
    } catch {
      return [4, DDS_PIXELFORMAT_OFFSET, 128];
    }
  },
  // Height, width, mip count, pixel format flags, FourCC, bit count, caps2, DXGI format, array size.
  numberFields: (bytes) => [12, 16, 28, 80, 84, 88, 112, ...(bytes.length > 148 ? [128, 140] : [])],
  rangeFields: () => [],
  async exercise(bytes) {
    const headers = readDdsHeaders(bytes.subarray(0, DDS_HEADERS_MAX));
    const layout = ddsLayout(headers);
    const surfaces = surfacesInFile(layout, headers.dataOffset, bytes.length);
    const encoding = layout.pixels.encoding;
    if (!encoding) return;
    // A codec whose kernel is not registered refuses with a FormatError naming it.
    for (const surface of surfaces) {
      const level = layout.levels[surface.level]!;
      const stored = bytes.subarray(surface.offset, surface.offset + surface.length);
      decodePixels(encoding, stored, level.width, level.height, surface.offset);
    }
  },
  async roundTrip(bytes) {
    const headers = readDdsHeaders(bytes.subarray(0, DDS_HEADERS_MAX));
    return writeDds({
      header: headers.header,
      dx10: headers.dx10,
      data: bytes.subarray(headers.dataOffset),
    });
  },
};
