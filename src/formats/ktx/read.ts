/**
 * KTX 1 texture reader (Khronos). A 64-byte header — the 12-byte identifier `«KTX 11»\r\n\x1A\n`,
 * an endianness word, glType, glTypeSize, glFormat, glInternalFormat, glBaseInternalFormat,
 * width, height, depth, array elements, faces, mip levels, key/value bytes — then key/value
 * pairs (each `u32 size`, `key\0value`, padded to 4), then for each mip level a `u32
 * imageSize` and its surfaces: array element by element, face by face (a non-array cube's
 * imageSize is one face's; each face padded to 4), rows padded to 4 bytes for uncompressed
 * data. Little-endian files only.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { MAX_TEXTURE_SIDE, encodedByteLength } from '../../binary/pixels/decode.ts';
import type { Fact, ParseResult } from '../model.ts';
import type { DocumentNode } from '../document-session.ts';
import { checkSurfaces, type TextureFile, type TextureSurface } from '../texture-session.ts';
import { glFormat } from './gl-formats.ts';
import { KTX_FORMAT, KTX_HEADER_SIZE, KTX_IDENTIFIER } from './layout.ts';

export { KTX_FORMAT };

export interface KtxHeader {
  glType: number;
  glTypeSize: number;
  glFormat: number;
  glInternalFormat: number;
  glBaseInternalFormat: number;
  width: number;
  height: number;
  depth: number;
  arrayElements: number;
  faces: number;
  mipLevels: number;
  keyValueBytes: number;
}

const fail = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: KTX_FORMAT });

const pad4 = (value: number) => (value + 3) & ~3;

export function parseKtxHeader(bytes: Uint8Array): KtxHeader {
  const reader = new ByteReader(bytes, 0, KTX_FORMAT);
  reader.need(KTX_HEADER_SIZE, 'KTX header');
  if (!KTX_IDENTIFIER.every((byte, at) => bytes[at] === byte))
    throw fail(ErrorCode.BAD_MAGIC, 0, 'not a KTX 1 file');
  reader.seek(12);
  const endianness = reader.u32le('endianness');
  if (endianness === 0x01020304)
    throw fail(ErrorCode.UNSUPPORTED_VERSION, 12, 'a big-endian KTX file');
  if (endianness !== 0x04030201)
    throw fail(ErrorCode.BAD_VALUE, 12, `endianness word 0x${endianness.toString(16)}`);
  const header: KtxHeader = {
    glType: reader.u32le('glType'),
    glTypeSize: reader.u32le('glTypeSize'),
    glFormat: reader.u32le('glFormat'),
    glInternalFormat: reader.u32le('glInternalFormat'),
    glBaseInternalFormat: reader.u32le('glBaseInternalFormat'),
    width: reader.u32le('width'),
    height: reader.u32le('height'),
    depth: reader.u32le('depth'),
    arrayElements: reader.u32le('array elements'),
    faces: reader.u32le('faces'),
    mipLevels: reader.u32le('mip levels'),
    keyValueBytes: reader.u32le('key/value bytes'),
  };
  if (header.width < 1 || header.width > MAX_TEXTURE_SIDE)
    throw fail(ErrorCode.BAD_VALUE, 36, `width ${header.width}`);
  if (header.height > MAX_TEXTURE_SIDE)
    throw fail(ErrorCode.BAD_VALUE, 40, `height ${header.height}`);
  if (header.faces !== 1 && header.faces !== 6)
    throw fail(ErrorCode.BAD_COUNT, 52, `${header.faces} faces (1 or 6)`);
  if (header.arrayElements > 2048)
    throw fail(ErrorCode.BAD_COUNT, 48, `${header.arrayElements} array elements`);
  const longest = Math.floor(Math.log2(Math.max(header.width, header.height, 1))) + 1;
  // 0 asks the reader to make the mip chain: one level is stored.
  if (header.mipLevels > longest) {
    throw fail(
      ErrorCode.BAD_COUNT,
      56,
      `${header.mipLevels} mip levels; ${header.width} × ${header.height} allows ${longest}`,
    );
  }
  return header;
}

export async function readKtx(source: ByteSource): Promise<ParseResult<TextureFile>> {
  const file: TextureFile = { layout: null, sections: [], label: 'KTX 1', facts: [] };
  try {
    const header = parseKtxHeader(await source.read(0, Math.min(source.size, KTX_HEADER_SIZE)));
    const format = glFormat(header);
    file.sections.push({
      path: 'header',
      span: { offset: 0, length: KTX_HEADER_SIZE },
      fields: [
        ['glType', `0x${header.glType.toString(16)}`],
        ['glFormat', `0x${header.glFormat.toString(16)}`],
        ['glInternalFormat', `0x${header.glInternalFormat.toString(16)}`],
        ['Array elements', String(header.arrayElements)],
        ['Faces', String(header.faces)],
        ['Mip levels', String(header.mipLevels)],
      ],
    });
    const keyValueEnd = KTX_HEADER_SIZE + header.keyValueBytes;
    if (keyValueEnd > source.size) {
      throw fail(
        ErrorCode.OUT_OF_BOUNDS,
        60,
        `${header.keyValueBytes} key/value bytes; ${source.size - KTX_HEADER_SIZE} follow the header`,
      );
    }
    const pairs = new ByteReader(
      await source.read(KTX_HEADER_SIZE, header.keyValueBytes),
      KTX_HEADER_SIZE,
      KTX_FORMAT,
    );
    const keyValueFacts: Fact[] = [];
    while (pairs.remaining > 0) {
      const offset = pairs.offset;
      const size = pairs.u32le('key/value size');
      const bytes = pairs.bytesView(size, 'key/value pair');
      pairs.skip(Math.min(pairs.remaining, pad4(size) - size));
      const nul = bytes.indexOf(0);
      const key = new TextDecoder().decode(bytes.subarray(0, nul < 0 ? bytes.length : nul));
      const value =
        nul < 0 ? '' : new TextDecoder().decode(bytes.subarray(nul + 1)).replace(/\0+$/, '');
      const node: DocumentNode = {
        path: `key-values/${key}`,
        span: { offset, length: 4 + size },
        fields: [
          ['Key', key],
          ['Value', value],
        ],
      };
      file.sections.push(node);
      keyValueFacts.push([key, value]);
    }
    const levels = Math.max(1, header.mipLevels);
    const layers = Math.max(1, header.arrayElements);
    const surfaces: TextureSurface[] = [];
    let offset = keyValueEnd;
    if (format.encoding) {
      const isCubeOnly = header.faces === 6 && header.arrayElements === 0;
      for (let level = 0; level < levels; level++) {
        const width = Math.max(1, header.width >>> level);
        const height = Math.max(1, Math.max(1, header.height) >>> level);
        const sizeAt = offset;
        const imageSize = new ByteReader(
          await source.read(offset, Math.min(4, source.size - offset)),
          offset,
          KTX_FORMAT,
        ).u32le(`level ${level} imageSize`);
        offset += 4;
        const surfaceLength = format.rowPitch
          ? format.rowPitch(width) * height
          : encodedByteLength(format.encoding, width, height);
        const expected = isCubeOnly ? surfaceLength : surfaceLength * layers * header.faces;
        if (imageSize !== expected) {
          throw fail(
            ErrorCode.SIZE_MISMATCH,
            sizeAt,
            `level ${level} imageSize ${imageSize}; ${width} × ${height} need ${expected}`,
          );
        }
        for (let layer = 0; layer < layers; layer++) {
          for (let face = 0; face < header.faces; face++) {
            surfaces.push({
              level,
              layer,
              face,
              width,
              height,
              span: { offset, length: surfaceLength },
            });
            offset += isCubeOnly ? pad4(surfaceLength) : surfaceLength;
          }
        }
        offset = pad4(offset);
      }
    }
    const layout = {
      width: header.width,
      height: Math.max(1, header.height),
      levels: surfaces
        .filter((each) => each.layer === 0 && each.face === 0)
        .map((each) => ({ width: each.width, height: each.height, byteLength: each.span.length })),
      layers,
      faces: header.faces,
      pixelFormat: format.name,
      encoding: format.encoding,
      unsupported:
        header.depth > 1
          ? `a 3D texture (depth ${header.depth}): its slices are not shown`
          : format.encoding
            ? null
            : `${format.name} is not decoded`,
      surfaces,
      facts: keyValueFacts.slice(0, 8),
    };
    checkSurfaces(layout, source.size, KTX_FORMAT);
    file.layout = layout;
    file.label = `KTX 1, ${format.name}`;
    file.facts = [
      ['Size', `${header.width} × ${Math.max(1, header.height)}`],
      [
        'Mip levels',
        header.mipLevels === 0 ? '1 (the reader is to make the rest)' : String(header.mipLevels),
      ],
    ];
    return { value: file, issues: [], fatal: null };
  } catch (caught) {
    return { value: file, issues: [], fatal: toErrorInfo(caught) };
  }
}
