/**
 * DAVA TextureDescriptor (`.tex`): the settings the DAVA engine (World of Tanks Blitz) keeps
 * beside each texture. Not a KeyedArchive, though it sits among them: a fixed layout, read
 * field by field (little-endian). Sections, in file order (versions 12 and 13):
 *
 *   header     u32 signature (EE 00 EE 00 editor / 00 EE EE 00 exported), i8 version
 *   draw       u8 wrapModeS, wrapModeT, minFilter, magFilter, mipFilter
 *   data       u8 textureFlags, cubefaceFlags, i8 sourceFileFormat,
 *              NUL-terminated source extension, then one per cube face whose flag is set
 *   table      u8 count; count == 7 (the GPU families): 7 × {u8 imageFormat, u8 pixelFormat,
 *              u32 width, u32 height, u32 sourceFileCrc, u32 convertedFileCrc};
 *              otherwise the export: u8 gpu, u8 imageFormat, u8 pixelFormat
 *
 * Field names and orders follow the engine's loader (DAVA TextureDescriptor, LoadVersion12,
 * which version 13 reuses). Older versions (6-11) laid the fields out differently and are
 * refused with UNSUPPORTED_VERSION rather than guessed.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import { hex, hex32 } from '../../binary/hex.ts';
import type { Issue, ParseResult } from '../model.ts';
import {
  TEX_SIGNATURE_COMPRESSED,
  TEX_SIGNATURE_NOT_COMPRESSED,
  type DavaTexCompression,
  type DavaTexDescriptor,
  type DavaTexNode,
} from './types.ts';
import {
  GPU_FAMILY_COUNT,
  TEX_FORMAT,
  flagNames,
  gpuName,
  imageFormatName,
  mipFilterName,
  filterName,
  pixelFormatName,
  wrapName,
} from './names.ts';

/** Versions with the layout above. */
export const TEX_VERSIONS = [12, 13] as const;
/** A descriptor is a few hundred bytes; anything past this is not one. */
export const TEX_MAX_SIZE = 1024 * 1024;
/** Bytes of one GPU family's settings in the table. */
export const TEX_COMPRESSION_SIZE = 18;

export interface DavaTexRead {
  descriptor: DavaTexDescriptor;
  nodes: DavaTexNode[];
}

/** The empty model a read fills in (what is shown when reading stops early). */
function emptyDescriptor(): DavaTexDescriptor {
  return {
    signature: 0,
    version: 0,
    wrapModeS: 0,
    wrapModeT: 0,
    minFilter: 0,
    magFilter: 0,
    mipFilter: 0,
    textureFlags: 0,
    cubefaceFlags: 0,
    sourceFileFormat: 0,
    sourceExtension: '',
    cubefaceExtensions: [],
    compressionCount: 0,
    compressions: [],
    exported: null,
  };
}

/** True for the two signatures. */
export function isTexSignature(head: Uint8Array): boolean {
  if (head.length < 4) return false;
  const value = (head[0]! | (head[1]! << 8) | (head[2]! << 16) | (head[3]! << 24)) >>> 0;
  return value === TEX_SIGNATURE_NOT_COMPRESSED || value === TEX_SIGNATURE_COMPRESSED;
}

/** A NUL-terminated string (latin-1); UNEXPECTED_EOF when the file ends before the NUL. */
function readTerminated(reader: ByteReader, what: string): string {
  const start = reader.relative;
  const end = reader.bytes.indexOf(0, start);
  if (end < 0) {
    throw new FormatError({
      code: ErrorCode.UNEXPECTED_EOF,
      offset: reader.offset,
      detail: `${what} has no terminating NUL before the end of the file`,
      format: TEX_FORMAT,
    });
  }
  const text = reader.ascii(end - start, what);
  reader.skip(1, `${what} terminator`);
  return text;
}

const described = (value: number, name: string) => `${value} (${name})`;

/** Reads a descriptor from bytes; the nodes read so far stay when it stops early. */
export function parseDavaTex(bytes: Uint8Array): ParseResult<DavaTexRead> {
  const descriptor = emptyDescriptor();
  const nodes: DavaTexNode[] = [];
  const issues: Issue[] = [];
  const reader = new ByteReader(bytes, 0, TEX_FORMAT);
  /** Runs `read`, then adds a node spanning what it read. */
  const section = (path: string, read: () => DavaTexNode['fields']) => {
    const start = reader.offset;
    const fields = read();
    nodes.push({ path, span: { offset: start, length: reader.offset - start }, fields });
  };
  try {
    section('header', () => {
      const signatureAt = reader.offset;
      descriptor.signature = reader.u32le('signature');
      if (!isTexSignature(bytes)) {
        throw new FormatError({
          code: ErrorCode.BAD_MAGIC,
          offset: signatureAt,
          detail: `signature ${hex32(descriptor.signature)} is neither EE 00 EE 00 nor 00 EE EE 00`,
          format: TEX_FORMAT,
        });
      }
      descriptor.version = reader.i8('version');
      return [
        [
          'signature',
          `${hex32(descriptor.signature)} (${descriptor.signature === TEX_SIGNATURE_COMPRESSED ? 'exported for one GPU' : 'editor: every GPU'})`,
        ],
        ['version', String(descriptor.version)],
        ['what', 'texture descriptor (not a KeyedArchive)'],
      ];
    });
    if (!(TEX_VERSIONS as readonly number[]).includes(descriptor.version)) {
      throw new FormatError({
        code: ErrorCode.UNSUPPORTED_VERSION,
        offset: 4,
        detail: `descriptor version ${descriptor.version} (read: 12 and 13)`,
        format: TEX_FORMAT,
      });
    }
    section('draw settings', () => {
      descriptor.wrapModeS = reader.u8('wrapModeS');
      descriptor.wrapModeT = reader.u8('wrapModeT');
      descriptor.minFilter = reader.u8('minFilter');
      descriptor.magFilter = reader.u8('magFilter');
      descriptor.mipFilter = reader.u8('mipFilter');
      return [
        ['wrapModeS', described(descriptor.wrapModeS, wrapName(descriptor.wrapModeS))],
        ['wrapModeT', described(descriptor.wrapModeT, wrapName(descriptor.wrapModeT))],
        ['minFilter', described(descriptor.minFilter, filterName(descriptor.minFilter))],
        ['magFilter', described(descriptor.magFilter, filterName(descriptor.magFilter))],
        ['mipFilter', described(descriptor.mipFilter, mipFilterName(descriptor.mipFilter))],
      ];
    });
    section('data settings', () => {
      descriptor.textureFlags = reader.u8('textureFlags');
      descriptor.cubefaceFlags = reader.u8('cubefaceFlags');
      descriptor.sourceFileFormat = reader.i8('sourceFileFormat');
      descriptor.sourceExtension = readTerminated(reader, 'source extension');
      const fields: DavaTexNode['fields'] = [
        [
          'textureFlags',
          `${hex(descriptor.textureFlags, 2)} (${flagNames(descriptor.textureFlags)})`,
        ],
        ['cubefaceFlags', hex(descriptor.cubefaceFlags, 2)],
        [
          'sourceFileFormat',
          described(descriptor.sourceFileFormat, imageFormatName(descriptor.sourceFileFormat)),
        ],
        ['sourceExtension', descriptor.sourceExtension],
      ];
      // Only 6 faces exist; higher bits are not read by the engine either.
      for (let face = 0; face < 6; face++) {
        if ((descriptor.cubefaceFlags & (1 << face)) === 0) continue;
        const extension = readTerminated(reader, `cube face ${face} extension`);
        descriptor.cubefaceExtensions.push(extension);
        fields.push([`face${face}Extension`, extension]);
      }
      return fields;
    });
    section('compressions', () => {
      descriptor.compressionCount = reader.u8('compression count');
      const isTable = descriptor.compressionCount === GPU_FAMILY_COUNT;
      return [
        ['count', String(descriptor.compressionCount)],
        ['layout', isTable ? 'one entry per GPU family' : 'export data of one GPU'],
      ];
    });
    if (descriptor.compressionCount === GPU_FAMILY_COUNT) {
      for (let gpu = 0; gpu < GPU_FAMILY_COUNT; gpu++) {
        section(`compressions/${gpuName(gpu)}`, () => {
          const entry: DavaTexCompression = {
            imageFormat: reader.u8('imageFormat'),
            pixelFormat: reader.u8('pixelFormat'),
            compressToWidth: reader.u32le('compressToWidth'),
            compressToHeight: reader.u32le('compressToHeight'),
            sourceFileCrc: reader.u32le('sourceFileCrc'),
            convertedFileCrc: reader.u32le('convertedFileCrc'),
          };
          descriptor.compressions.push(entry);
          return compressionFields(entry);
        });
      }
    } else {
      section('export', () => {
        descriptor.exported = {
          gpu: reader.u8('exported gpu'),
          imageFormat: reader.u8('exported imageFormat'),
          pixelFormat: reader.u8('exported pixelFormat'),
        };
        const { gpu, imageFormat, pixelFormat } = descriptor.exported;
        return [
          ['gpu', described(gpu, gpuName(gpu))],
          ['imageFormat', described(imageFormat, imageFormatName(imageFormat))],
          ['pixelFormat', described(pixelFormat, pixelFormatName(pixelFormat))],
        ];
      });
      if (descriptor.compressionCount !== 0) {
        issues.push({
          severity: 'warning',
          code: 'ODD_COMPRESSION_COUNT',
          message: `compression count ${descriptor.compressionCount} is neither 0 nor ${GPU_FAMILY_COUNT}: read as export data, as the engine does`,
          span: nodes.at(-2)!.span,
        });
      }
    }
    if (reader.remaining > 0) {
      const span = { offset: reader.offset, length: reader.remaining };
      nodes.push({ path: 'trailing bytes', span, fields: [['length', String(span.length)]] });
      issues.push({
        severity: 'warning',
        code: 'TRAILING_DATA',
        message: `${span.length} bytes after the descriptor, which the engine does not read`,
        span,
      });
    }
    return { value: { descriptor, nodes }, issues, fatal: null };
  } catch (error) {
    return { value: { descriptor, nodes }, issues, fatal: toErrorInfo(error) };
  }
}

function compressionFields(entry: DavaTexCompression): DavaTexNode['fields'] {
  return [
    ['imageFormat', described(entry.imageFormat, imageFormatName(entry.imageFormat))],
    ['pixelFormat', described(entry.pixelFormat, pixelFormatName(entry.pixelFormat))],
    ['compressToWidth', String(entry.compressToWidth)],
    ['compressToHeight', String(entry.compressToHeight)],
    ['sourceFileCrc', hex32(entry.sourceFileCrc)],
    ['convertedFileCrc', hex32(entry.convertedFileCrc)],
  ];
}

/** Reads a descriptor from a source (whole: it is small; larger files are refused). */
export async function readDavaTex(source: ByteSource): Promise<ParseResult<DavaTexRead>> {
  if (source.size > TEX_MAX_SIZE) {
    return {
      value: { descriptor: emptyDescriptor(), nodes: [] },
      issues: [],
      fatal: toErrorInfo(
        new FormatError({
          code: ErrorCode.TOO_LARGE,
          offset: 0,
          detail: `${source.size} bytes is far more than a texture descriptor`,
          format: TEX_FORMAT,
        }),
      ),
    };
  }
  return parseDavaTex(await source.read(0, source.size));
}
