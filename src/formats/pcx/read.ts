/**
 * PCX reader: the header, then the scanlines decoded (each `planes × bytesPerLine` bytes,
 * runs `0xC0 | n` repeating the next byte n times, other bytes one each; a run may cross
 * from one plane into the next, never past the image's end), shown as palette indexes with
 * the palette at the end (8 bits, one plane) or as RGB / RGBA (8 bits, three or four
 * planes, each scanline its red, green, blue and alpha planes in turn). Other layouts (1,
 * 2 and 4 bits a plane: CGA and EGA pictures) are named as not decoded.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { MAX_TEXTURE_SIDE } from '../../binary/pixels/decode.ts';
import type { EncodedSurface, Fact, ImageInfo, ParseResult } from '../model.ts';
import {
  PCX_HEADER_SIZE,
  PCX_MAGIC,
  PCX_PALETTE_MARKER,
  PCX_PALETTE_SIZE,
  pcxHeight,
  pcxWidth,
  type PcxHeader,
} from './types.ts';

export const PCX_FORMAT = 'pcx';

const error = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: PCX_FORMAT });

/** The header (`base`: the file offset of `bytes[0]`, for errors), its sides checked. */
export function parsePcxHeader(bytes: Uint8Array, base = 0): PcxHeader {
  const reader = new ByteReader(bytes, base, PCX_FORMAT);
  reader.need(PCX_HEADER_SIZE, 'PCX header');
  const magic = reader.u8('manufacturer');
  if (magic !== PCX_MAGIC) {
    throw error(ErrorCode.BAD_MAGIC, base, `a PCX starts with 0x0A, not 0x${magic.toString(16)}`);
  }
  const header: PcxHeader = {
    version: reader.u8('version'),
    encoding: reader.u8('encoding'),
    bitsPerPixel: reader.u8('bitsPerPixel'),
    xMin: reader.u16le('xMin'),
    yMin: reader.u16le('yMin'),
    xMax: reader.u16le('xMax'),
    yMax: reader.u16le('yMax'),
    horizontalDpi: reader.u16le('horizontalDpi'),
    verticalDpi: reader.u16le('verticalDpi'),
    egaPalette: reader.bytesView(48, 'egaPalette').slice(),
    bytesPerLine: 0,
    planes: 0,
    paletteInfo: 0,
  };
  reader.u8('reserved');
  header.planes = reader.u8('planes');
  header.bytesPerLine = reader.u16le('bytesPerLine');
  header.paletteInfo = reader.u16le('paletteInfo');
  if (header.encoding > 1) {
    throw error(ErrorCode.BAD_VALUE, base + 2, `encoding ${header.encoding} (0 or 1)`);
  }
  if (header.xMax < header.xMin || header.yMax < header.yMin) {
    throw error(
      ErrorCode.BAD_VALUE,
      base + 4,
      `the window ${header.xMin},${header.yMin}–${header.xMax},${header.yMax} is empty`,
    );
  }
  const width = pcxWidth(header);
  const height = pcxHeight(header);
  if (width > MAX_TEXTURE_SIDE || height > MAX_TEXTURE_SIDE) {
    throw error(
      ErrorCode.TOO_LARGE,
      base + 8,
      `${width} × ${height} pixels (at most ${MAX_TEXTURE_SIDE} a side)`,
    );
  }
  if (header.bytesPerLine * 8 < width * header.bitsPerPixel) {
    throw error(
      ErrorCode.BAD_VALUE,
      base + 66,
      `${header.bytesPerLine} bytes a line cannot hold ${width} pixels of ${header.bitsPerPixel} bits`,
    );
  }
  return header;
}

/** Why the pixels are not decoded, or null for the layouts that are. */
export function pcxUnsupported(header: PcxHeader): string | null {
  if (header.bitsPerPixel === 8 && [1, 3, 4].includes(header.planes)) return null;
  return `PCX of ${header.planes} plane${header.planes === 1 ? '' : 's'} of ${header.bitsPerPixel} bits is not decoded`;
}

/** Where the 256-colour palette starts (its marker byte), or null when there is none. */
export function pcxPaletteAt(bytes: Uint8Array, header: PcxHeader): number | null {
  const at = bytes.length - PCX_PALETTE_SIZE - 1;
  const isPaletted = header.bitsPerPixel === 8 && header.planes === 1;
  return isPaletted && at >= PCX_HEADER_SIZE && bytes[at] === PCX_PALETTE_MARKER ? at : null;
}

/** The scanlines decoded: `height × planes × bytesPerLine` bytes. */
export function decodePcxScanlines(bytes: Uint8Array, header: PcxHeader, base = 0): Uint8Array {
  const total = pcxHeight(header) * header.planes * header.bytesPerLine;
  const end = pcxPaletteAt(bytes, header) ?? bytes.length;
  if (header.encoding === 0) {
    if (PCX_HEADER_SIZE + total > end) {
      throw error(
        ErrorCode.UNEXPECTED_EOF,
        base + end,
        `${total} stored bytes of scanlines; ${end - PCX_HEADER_SIZE} follow the header`,
      );
    }
    return bytes.slice(PCX_HEADER_SIZE, PCX_HEADER_SIZE + total);
  }
  const out = new Uint8Array(total);
  let at = PCX_HEADER_SIZE;
  let written = 0;
  while (written < total) {
    if (at >= end) {
      throw error(
        ErrorCode.UNEXPECTED_EOF,
        base + at,
        `the scanlines end after ${written} of ${total} bytes`,
      );
    }
    const token = bytes[at++]!;
    if ((token & 0xc0) !== 0xc0) {
      out[written++] = token;
      continue;
    }
    const count = token & 0x3f;
    if (at >= end) throw error(ErrorCode.UNEXPECTED_EOF, base + at - 1, 'a run has no value byte');
    if (written + count > total) {
      throw error(
        ErrorCode.BAD_VALUE,
        base + at - 1,
        `a run of ${count} bytes from byte ${written} passes the image's ${total}`,
      );
    }
    out.fill(bytes[at++]!, written, written + count);
    written += count;
  }
  return out;
}

/** The image's one surface: palette indexes, or RGB / RGBA gathered from the planes. */
export function pcxSurface(bytes: Uint8Array, base = 0): EncodedSurface {
  const header = parsePcxHeader(bytes, base);
  const unsupported = pcxUnsupported(header);
  if (unsupported) throw error(ErrorCode.UNSUPPORTED_PIXEL_FORMAT, base + 3, unsupported);
  const width = pcxWidth(header);
  const height = pcxHeight(header);
  const lines = decodePcxScanlines(bytes, header, base);
  const { planes, bytesPerLine } = header;
  const pixels = new Uint8Array(width * height * planes);
  for (let y = 0; y < height; y++) {
    for (let plane = 0; plane < planes; plane++) {
      const from = (y * planes + plane) * bytesPerLine;
      for (let x = 0; x < width; x++) pixels[(y * width + x) * planes + plane] = lines[from + x]!;
    }
  }
  const span = { offset: base, length: bytes.length };
  if (planes === 1) {
    const paletteAt = pcxPaletteAt(bytes, header);
    const rgb = paletteAt === null ? null : bytes.subarray(paletteAt + 1);
    const palette = new Uint8Array(256 * 4);
    for (let index = 0; index < 256; index++) {
      // Without a palette, a grey ramp.
      palette.set(
        rgb
          ? [rgb[index * 3]!, rgb[index * 3 + 1]!, rgb[index * 3 + 2]!, 255]
          : [index, index, index, 255],
        index * 4,
      );
    }
    return {
      encoding: { kind: 'indexed', palette, transparentIndex: null },
      width,
      height,
      bytes: pixels,
      offset: base,
      span,
    };
  }
  return {
    encoding: {
      kind: 'packed',
      bitsPerPixel: planes === 3 ? 24 : 32,
      redMask: 0xff,
      greenMask: 0xff00,
      blueMask: 0xff0000,
      alphaMask: planes === 4 ? 0xff000000 : 0,
    },
    width,
    height,
    bytes: pixels,
    offset: base,
    span,
  };
}

export function pcxImageInfo(header: PcxHeader, hasPalette: boolean): ImageInfo {
  const width = pcxWidth(header);
  const height = pcxHeight(header);
  const facts: Fact[] = [
    ['Version', String(header.version)],
    ['Encoding', header.encoding === 1 ? 'run-length' : 'stored'],
    ['Planes', `${header.planes} of ${header.bitsPerPixel} bits`],
  ];
  if (header.planes === 1 && header.bitsPerPixel === 8)
    facts.push(['Palette', hasPalette ? '256 colours at the end' : 'none: shown in grey']);
  return {
    width,
    height,
    levels: [{ width, height, byteLength: width * height * Math.max(1, header.planes) }],
    layers: 1,
    faces: 1,
    pixelFormat: `PCX, ${header.planes} × ${header.bitsPerPixel} bits`,
    unsupported: pcxUnsupported(header),
    facts,
  };
}

/** A PCX read for the tree: its header, where its parts lie, and the nodes that show them. */
export interface PcxFile {
  header: PcxHeader | null;
  hasPalette: boolean;
  nodes: { path: string; span: { offset: number; length: number }; fields: [string, string][] }[];
}

export async function readPcx(source: ByteSource): Promise<ParseResult<PcxFile>> {
  const file: PcxFile = { header: null, hasPalette: false, nodes: [] };
  try {
    const bytes = await source.read(0, source.size);
    const header = parsePcxHeader(bytes);
    file.header = header;
    file.nodes.push({
      path: 'header',
      span: { offset: 0, length: PCX_HEADER_SIZE },
      fields: [
        ['Version', String(header.version)],
        ['Encoding', String(header.encoding)],
        ['Bits a pixel', String(header.bitsPerPixel)],
        ['Window', `${header.xMin},${header.yMin}–${header.xMax},${header.yMax}`],
        ['DPI', `${header.horizontalDpi} × ${header.verticalDpi}`],
        ['Planes', String(header.planes)],
        ['Bytes a line', String(header.bytesPerLine)],
        ['Palette info', String(header.paletteInfo)],
      ],
    });
    const paletteAt = pcxPaletteAt(bytes, header);
    file.hasPalette = paletteAt !== null;
    const end = paletteAt ?? bytes.length;
    file.nodes.push({
      path: 'scanlines',
      span: { offset: PCX_HEADER_SIZE, length: Math.max(0, end - PCX_HEADER_SIZE) },
      fields: [['Lines', String(pcxHeight(header))]],
    });
    if (paletteAt !== null) {
      file.nodes.push({
        path: 'palette',
        span: { offset: paletteAt, length: PCX_PALETTE_SIZE + 1 },
        fields: [['Colours', '256 (RGB)']],
      });
    }
    return { value: file, issues: [], fatal: null };
  } catch (caught) {
    return { value: file, issues: [], fatal: toErrorInfo(caught) };
  }
}
