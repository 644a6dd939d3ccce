/**
 * PVR v3 texture reader (PowerVR SDK container; World of Tanks Blitz's Android textures).
 * A 52-byte header — version `PVR\x03`, flags, the 64-bit pixel format, colour space,
 * channel type, height, width, depth, surfaces, faces, mip levels, metadata size — then
 * metadata blocks (`fourCC, key, size, data`), then the texture data: for each mip level,
 * for each surface, for each face, for each depth slice, the pixels. Little-endian.
 *
 * Unknown compressed codes whose data length fits exactly one ASTC block size are read as
 * ASTC of that size and said so (World of Tanks Blitz writes codes of its own for ASTC).
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { MAX_TEXTURE_SIDE, encodedByteLength } from '../../binary/pixels/decode.ts';
import type { PixelEncoding } from '../../binary/pixels/types.ts';
import type { Fact, ParseResult } from '../model.ts';
import {
  checkSurfaces,
  type TextureFile,
  type TextureLayout,
  type TextureSurface,
} from '../texture-session.ts';
import { ASTC_BLOCKS, astcBlock, compressedFormat, uncompressedFormat } from './pixel-formats.ts';

export const PVR_FORMAT = 'pvr';
/** `PVR\x03` read as a little-endian u32. */
export const PVR_VERSION = 0x03525650;
export const PVR_HEADER_SIZE = 52;

export interface PvrHeader {
  flags: number;
  pixelFormatLow: number;
  pixelFormatHigh: number;
  colourSpace: number;
  channelType: number;
  height: number;
  width: number;
  depth: number;
  surfaces: number;
  faces: number;
  mipLevels: number;
  metadataSize: number;
}

export interface PvrMetadata {
  fourCC: number;
  key: number;
  data: Uint8Array;
  offset: number;
}

const fail = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: PVR_FORMAT });

export function parsePvrHeader(bytes: Uint8Array): PvrHeader {
  const reader = new ByteReader(bytes, 0, PVR_FORMAT);
  reader.need(PVR_HEADER_SIZE, 'PVR header');
  const version = reader.u32le('version');
  if (version === 0x50565203) {
    throw fail(ErrorCode.UNSUPPORTED_VERSION, 0, 'a big-endian PVR file');
  }
  if (version !== PVR_VERSION) throw fail(ErrorCode.BAD_MAGIC, 0, 'not a PVR v3 file');
  const header: PvrHeader = {
    flags: reader.u32le('flags'),
    pixelFormatLow: reader.u32le('pixel format'),
    pixelFormatHigh: reader.u32le('pixel format'),
    colourSpace: reader.u32le('colour space'),
    channelType: reader.u32le('channel type'),
    height: reader.u32le('height'),
    width: reader.u32le('width'),
    depth: reader.u32le('depth'),
    surfaces: reader.u32le('surfaces'),
    faces: reader.u32le('faces'),
    mipLevels: reader.u32le('mip levels'),
    metadataSize: reader.u32le('metadata size'),
  };
  for (const [value, offset, name] of [
    [header.width, 28, 'width'],
    [header.height, 24, 'height'],
  ] as const) {
    if (value < 1 || value > MAX_TEXTURE_SIDE) {
      throw fail(ErrorCode.BAD_VALUE, offset, `${name} ${value} (1 to ${MAX_TEXTURE_SIDE})`);
    }
  }
  if (header.depth < 1) throw fail(ErrorCode.BAD_VALUE, 32, `depth ${header.depth}`);
  if (header.surfaces < 1 || header.surfaces > 2048)
    throw fail(ErrorCode.BAD_COUNT, 36, `${header.surfaces} surfaces`);
  if (header.faces < 1 || header.faces > 6)
    throw fail(ErrorCode.BAD_COUNT, 40, `${header.faces} faces (1 to 6)`);
  const longest = Math.floor(Math.log2(Math.max(header.width, header.height))) + 1;
  if (header.mipLevels < 1 || header.mipLevels > longest) {
    throw fail(
      ErrorCode.BAD_COUNT,
      44,
      `${header.mipLevels} mip levels; ${header.width} × ${header.height} allows 1 to ${longest}`,
    );
  }
  return header;
}

const fourCCText = (value: number) =>
  [0, 8, 16, 24]
    .map((shift) => (value >>> shift) & 0xff)
    .map((byte) =>
      byte >= 32 && byte < 127
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** The levels' sizes and the surfaces' places for an encoding, from the data's start. */
function surfacesOf(
  header: PvrHeader,
  encoding: PixelEncoding,
  dataStart: number,
): TextureSurface[] {
  const surfaces: TextureSurface[] = [];
  let offset = dataStart;
  for (let level = 0; level < header.mipLevels; level++) {
    const width = Math.max(1, header.width >>> level);
    const height = Math.max(1, header.height >>> level);
    const depth = Math.max(1, header.depth >>> level);
    const length = encodedByteLength(encoding, width, height) * depth;
    for (let layer = 0; layer < header.surfaces; layer++) {
      for (let face = 0; face < header.faces; face++) {
        surfaces.push({ level, layer, face, width, height, span: { offset, length } });
        offset += length;
      }
    }
  }
  return surfaces;
}

const dataLength = (surfaces: readonly TextureSurface[], start: number) =>
  surfaces.length === 0
    ? 0
    : surfaces[surfaces.length - 1]!.span.offset +
      surfaces[surfaces.length - 1]!.span.length -
      start;

/** The encoding of the header's pixel format, or a guess for a non-standard code. */
function encodingOf(header: PvrHeader, fileSize: number, dataStart: number) {
  const facts: Fact[] = [];
  if (header.pixelFormatHigh !== 0) {
    const { name, encoding } = uncompressedFormat(
      header.pixelFormatLow,
      header.pixelFormatHigh,
      header.channelType,
    );
    return {
      name,
      encoding,
      facts,
      unsupported: encoding ? null : `${name} (channel type ${header.channelType}) is not decoded`,
    };
  }
  const known = compressedFormat(header.pixelFormatLow);
  if (known)
    return {
      name: known.name,
      encoding: known.encoding,
      facts,
      unsupported: known.encoding ? null : `${known.name} pixels are not decoded`,
    };
  // A code the specification does not list: ASTC when exactly one block size fills the data.
  const fits = ASTC_BLOCKS.filter(([width, height]) => {
    const surfaces = surfacesOf(header, astcBlock(width, height), dataStart);
    return dataLength(surfaces, dataStart) === fileSize - dataStart;
  });
  if (fits.length === 1) {
    const [width, height] = fits[0]!;
    facts.push([
      'Pixel format code',
      `${header.pixelFormatLow}: not in the PVR specification; ASTC ${width}×${height} by the data's length (World of Tanks Blitz writes its own codes for ASTC)`,
    ]);
    return {
      name: `ASTC ${width}×${height}`,
      encoding: astcBlock(width, height),
      facts,
      unsupported: null,
    };
  }
  const name = `pixel format code ${header.pixelFormatLow}`;
  const why =
    fits.length > 1
      ? `several ASTC block sizes fit the data (${fits.map(([w, h]) => `${w}×${h}`).join(', ')})`
      : 'not in the PVR specification';
  return { name, encoding: null, facts, unsupported: `${name}: ${why}` };
}

export async function readPvr(source: ByteSource): Promise<ParseResult<TextureFile>> {
  const file: TextureFile = { layout: null, sections: [], label: 'PVR v3', facts: [] };
  try {
    const header = parsePvrHeader(await source.read(0, Math.min(source.size, PVR_HEADER_SIZE)));
    file.sections.push({
      path: 'header',
      span: { offset: 0, length: PVR_HEADER_SIZE },
      fields: [
        ['Flags', header.flags & 2 ? 'premultiplied alpha' : 'none'],
        ['Colour space', header.colourSpace === 1 ? 'sRGB' : 'linear'],
        ['Channel type', String(header.channelType)],
        ['Depth', String(header.depth)],
        ['Surfaces', String(header.surfaces)],
        ['Faces', String(header.faces)],
        ['Mip levels', String(header.mipLevels)],
      ],
    });
    const dataStart = PVR_HEADER_SIZE + header.metadataSize;
    if (dataStart > source.size) {
      throw fail(
        ErrorCode.OUT_OF_BOUNDS,
        48,
        `${header.metadataSize} bytes of metadata; ${source.size - PVR_HEADER_SIZE} follow the header`,
      );
    }
    const metadata = new ByteReader(
      await source.read(PVR_HEADER_SIZE, header.metadataSize),
      PVR_HEADER_SIZE,
      PVR_FORMAT,
    );
    while (metadata.remaining > 0) {
      const offset = metadata.offset;
      const fourCC = metadata.u32le('metadata fourCC');
      const key = metadata.u32le('metadata key');
      const size = metadata.u32le('metadata size');
      metadata.need(size, 'metadata data');
      const data = metadata.bytesView(size, 'metadata data');
      const fields: Fact[] = [
        ['FourCC', fourCCText(fourCC)],
        ['Key', String(key)],
        ['Bytes', String(size)],
      ];
      if (fourCC === PVR_VERSION && key === 2)
        fields.push([
          'Cube face order',
          fourCCText(data[0]! | (data[1]! << 8) | (data[2]! << 16) | (data[3]! << 24)) +
            String.fromCharCode(data[4] ?? 32, data[5] ?? 32),
        ]);
      file.sections.push({
        path: `metadata/${fourCCText(fourCC)} ${key}`,
        span: { offset, length: 12 + size },
        fields,
      });
    }
    const { name, encoding, facts, unsupported } = encodingOf(header, source.size, dataStart);
    const colour = header.colourSpace === 1 ? ' (sRGB)' : '';
    const surfaces = encoding ? surfacesOf(header, encoding, dataStart) : [];
    const layout: TextureLayout = {
      width: header.width,
      height: header.height,
      levels: surfaces
        .filter((each) => each.layer === 0 && each.face === 0)
        .map((each) => ({ width: each.width, height: each.height, byteLength: each.span.length })),
      layers: header.surfaces,
      faces: header.faces,
      pixelFormat: `${name}${colour}`,
      encoding,
      unsupported:
        header.depth > 1
          ? `a 3D texture (depth ${header.depth}): its slices are not shown`
          : unsupported,
      surfaces,
      facts: [
        ...facts,
        ['Colour space', header.colourSpace === 1 ? 'sRGB (values shown as stored)' : 'linear'],
      ],
    };
    checkSurfaces(layout, source.size, PVR_FORMAT);
    file.layout = layout;
    file.label = `PVR v3, ${layout.pixelFormat}`;
    file.facts = [
      ['Size', `${header.width} × ${header.height}`],
      ['Mip levels', String(header.mipLevels)],
      ...(header.surfaces > 1 ? [['Surfaces', String(header.surfaces)] as Fact] : []),
      ...(header.faces > 1 ? [['Faces', String(header.faces)] as Fact] : []),
    ];
    return { value: file, issues: [], fatal: null };
  } catch (caught) {
    return { value: file, issues: [], fatal: toErrorInfo(caught) };
  }
}
