/**
 * PCX images (ZSoft), as games of the 1990s ship them (Claw keeps some in CLAW.REZ): a
 * 128-byte header, scanlines run-length encoded plane by plane, and for 8-bit paletted
 * images a 256-colour palette at the end. Little-endian. Facts: spec.md beside this file.
 */

export const PCX_HEADER_SIZE = 128;
/** The manufacturer byte every PCX starts with. */
export const PCX_MAGIC = 0x0a;
/** The byte before the 256-colour palette at the end of a version 5, 8-bit, one-plane file. */
export const PCX_PALETTE_MARKER = 0x0c;
/** 256 RGB triples. */
export const PCX_PALETTE_SIZE = 768;

export interface PcxHeader {
  version: number;
  /** 1: run-length encoded; 0: stored. */
  encoding: number;
  /** Bits of one pixel in one plane. */
  bitsPerPixel: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  horizontalDpi: number;
  verticalDpi: number;
  /** Bytes of one plane's scanline (even, at least the width's). */
  bytesPerLine: number;
  planes: number;
  paletteInfo: number;
  /** The 16-colour palette in the header (EGA), 48 bytes. */
  egaPalette: Uint8Array;
}

export const pcxWidth = (header: PcxHeader) => header.xMax - header.xMin + 1;
export const pcxHeight = (header: PcxHeader) => header.yMax - header.yMin + 1;
