/**
 * REZ archive reader. A REZ is a 168-byte header (two text banners, then the root
 * directory's place and size), file payloads from 0xA8, and directory bodies — the root's
 * at the end of the file. A directory body is a run of entries that fills it exactly:
 * `u32 kind, pos, size, time`, then for a file `u32 id, type, keyCount`, its name, its
 * comment (both NUL-terminated) and `keyCount` u32 keys; for a folder its name, its own
 * body at pos/size. Names carry no extension: it is the type, a reversed 4CC.
 *
 * Only the header and the directory bodies are read; payloads are sliced on demand.
 * Facts: spec.md beside this file.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../../binary/format-error.ts';
import type { Issue, ParseResult, Span } from '../model.ts';
import {
  REZ_BANNER_LENGTH,
  REZ_FIELDS_OFFSET,
  REZ_FORMAT,
  REZ_HEADER_SIZE,
  REZ_KIND,
  REZ_MAX_DEPTH,
  REZ_MIN_ENTRY,
  REZ_SIGNATURE,
  REZ_SORTED_OFFSET,
  rezTypeName,
} from './layout.ts';
import type { RezArchive, RezEntry, RezHeader } from './types.ts';

const error = (code: ErrorCode, offset: number, detail: string) =>
  new FormatError({ code, offset, detail, format: REZ_FORMAT });

/** A NUL-terminated Latin-1 name at the reader's position; the NUL is consumed. */
function cString(reader: ByteReader, what: string): string {
  const end = reader.bytes.indexOf(0, reader.relative);
  if (end < 0) {
    throw error(ErrorCode.UNEXPECTED_EOF, reader.offset, `${what} has no terminating NUL`);
  }
  const text = reader.ascii(end - reader.relative, what);
  reader.skip(1);
  return text;
}

export function parseRezHeader(bytes: Uint8Array): RezHeader {
  const reader = new ByteReader(bytes, 0, REZ_FORMAT);
  reader.need(REZ_HEADER_SIZE, 'REZ header');
  const signature = reader.ascii(REZ_SIGNATURE.length, 'signature');
  if (signature !== REZ_SIGNATURE) {
    throw error(ErrorCode.BAD_MAGIC, 0, 'not a REZ archive (no RezMgr banner)');
  }
  reader.seek(2);
  const first = reader.ascii(REZ_BANNER_LENGTH, 'first banner').trimEnd();
  reader.seek(2 + REZ_BANNER_LENGTH + 2);
  const second = reader.ascii(REZ_BANNER_LENGTH, 'second banner').trimEnd();
  reader.seek(REZ_FIELDS_OFFSET);
  const header: RezHeader = {
    banners: [first, second],
    version: reader.u32le('version'),
    rootDirPos: reader.u32le('rootDirPos'),
    rootDirSize: reader.u32le('rootDirSize'),
    rootDirTime: reader.u32le('rootDirTime'),
    nextWritePos: reader.u32le('nextWritePos'),
    time: reader.u32le('time'),
    largestKeyAry: reader.u32le('largestKeyAry'),
    largestDirName: reader.u32le('largestDirName'),
    largestRezName: reader.u32le('largestRezName'),
    largestComment: reader.u32le('largestComment'),
    isSorted: false,
  };
  reader.seek(REZ_SORTED_OFFSET);
  header.isSorted = reader.u8('isSorted') !== 0;
  if (header.version !== 1) {
    throw error(ErrorCode.UNSUPPORTED_VERSION, REZ_FIELDS_OFFSET, `version ${header.version}`);
  }
  return header;
}

/** A folder waiting to be read: where its body is, and the path its entries go under. */
interface PendingFolder {
  path: string;
  body: Span;
  depth: number;
  /** Where the body's place and size are stored (for errors about them). */
  fieldOffset: number;
}

/** Reads one directory body: its files into `entries`, its folders into `pending`. */
function readBody(
  bytes: Uint8Array,
  folder: PendingFolder,
  entries: RezEntry[],
  pending: PendingFolder[],
  fileSize: number,
  issues: Issue[],
): RezArchive['folders'] {
  const reader = new ByteReader(bytes, folder.body.offset, REZ_FORMAT);
  const folders: RezArchive['folders'] = [];
  const prefix = folder.path ? `${folder.path}/` : '';
  while (reader.remaining > 0) {
    const start = reader.offset;
    if (reader.remaining < REZ_MIN_ENTRY) {
      throw error(ErrorCode.UNEXPECTED_EOF, start, `${reader.remaining} bytes left, no entry fits`);
    }
    const kind = reader.u32le('kind');
    const pos = reader.u32le('pos');
    const size = reader.u32le('size');
    const time = reader.u32le('time');
    if (kind === REZ_KIND.folder) {
      const name = cString(reader, 'folder name');
      const path = `${prefix}${name}`;
      if (folder.depth + 1 > REZ_MAX_DEPTH) {
        throw error(
          ErrorCode.BAD_VALUE,
          start,
          `${path}: folders nested over ${REZ_MAX_DEPTH} deep`,
        );
      }
      if (pos < REZ_HEADER_SIZE || pos + size > fileSize) {
        throw error(
          ErrorCode.OUT_OF_BOUNDS,
          start + 4,
          `folder ${path}: body ${pos}+${size} outside the file (${fileSize} bytes)`,
        );
      }
      const body = { offset: pos, length: size };
      pending.push({ path, body, depth: folder.depth + 1, fieldOffset: start + 4 });
      folders.push({ path, body, record: { offset: start, length: reader.offset - start } });
      continue;
    }
    if (kind !== REZ_KIND.file) {
      throw error(ErrorCode.BAD_VALUE, start, `entry kind ${kind} (0 file, 1 folder)`);
    }
    const id = reader.u32le('id');
    const typeCode = reader.u32le('type');
    const keyCount = reader.u32le('keyCount');
    const name = cString(reader, 'file name');
    const comment = cString(reader, 'comment');
    if (keyCount * 4 > reader.remaining) {
      throw error(
        ErrorCode.BAD_COUNT,
        start + 24,
        `${keyCount} keys, ${reader.remaining} bytes left`,
      );
    }
    const keys = Array.from(reader.u32leArray(keyCount, 'keys'));
    const type = rezTypeName(typeCode);
    const path = `${prefix}${name}${type ? `.${type}` : ''}`;
    if (pos + size > fileSize) {
      issues.push({
        severity: 'error',
        code: ErrorCode.OUT_OF_BOUNDS,
        message: `${path}: data ${pos}+${size} ends past the end of the file (${fileSize} bytes)`,
        span: { offset: start, length: reader.offset - start },
      });
    }
    entries.push({
      path,
      offset: pos,
      size,
      time,
      id,
      typeCode,
      type,
      comment,
      keys,
      record: { offset: start, length: reader.offset - start },
    });
  }
  return folders;
}

/**
 * Reads the header and every directory body (each once: a body listed twice is a loop).
 * Entries come in directory order, folder by folder as they are met.
 */
export async function readRez(source: ByteSource): Promise<ParseResult<RezArchive>> {
  const issues: Issue[] = [];
  const archive: RezArchive = { header: null, entries: [], folders: [] };
  try {
    const header = parseRezHeader(await source.read(0, Math.min(source.size, REZ_HEADER_SIZE)));
    archive.header = header;
    const { rootDirPos, rootDirSize } = header;
    if (rootDirPos < REZ_HEADER_SIZE || rootDirPos + rootDirSize > source.size) {
      throw error(
        ErrorCode.OUT_OF_BOUNDS,
        REZ_FIELDS_OFFSET + 4,
        `root directory ${rootDirPos}+${rootDirSize} outside the file (${source.size} bytes)`,
      );
    }
    if (rootDirPos + rootDirSize !== source.size) {
      issues.push({
        severity: 'info',
        code: 'TRAILING_DATA',
        message: `the root directory ends at ${rootDirPos + rootDirSize}, not at the end of the file (${source.size} bytes)`,
        span: { offset: REZ_FIELDS_OFFSET + 4, length: 8 },
      });
    }
    const pending: PendingFolder[] = [
      {
        path: '',
        body: { offset: rootDirPos, length: rootDirSize },
        depth: 0,
        fieldOffset: REZ_FIELDS_OFFSET + 4,
      },
    ];
    const seen = new Set<number>();
    // The bodies' bytes in all: a forged tree cannot make the reader read more than the file.
    let bodyBytes = 0;
    archive.folders.push({ path: '', body: pending[0]!.body, record: null });
    for (let next = pending.shift(); next; next = pending.shift()) {
      if (seen.has(next.body.offset) && next.body.length > 0) {
        throw error(
          ErrorCode.OVERLAP,
          next.fieldOffset,
          `folder ${next.path} repeats a directory body (a loop)`,
        );
      }
      seen.add(next.body.offset);
      bodyBytes += next.body.length;
      if (bodyBytes > source.size) {
        throw error(
          ErrorCode.BAD_COUNT,
          next.fieldOffset,
          'directory bodies add up to more than the file',
        );
      }
      const bytes = await source.read(next.body.offset, next.body.length);
      archive.folders.push(...readBody(bytes, next, archive.entries, pending, source.size, issues));
    }
    return { value: archive, issues, fatal: null };
  } catch (caught) {
    return { value: archive, issues, fatal: toErrorInfo(caught) };
  }
}
