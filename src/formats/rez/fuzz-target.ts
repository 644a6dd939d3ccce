/**
 * REZ archives as a fuzz target: the directory tree, every entry's bytes, every PID image
 * decoded with its palette, and a rewrite. Seeds: the writer's Claw-like tree and an
 * empty archive.
 */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { inlineServices } from '../services.ts';
import { rezSeeds } from './fixtures.ts';
import { REZ_FIELDS_OFFSET, REZ_FORMAT, REZ_HEADER_SIZE } from './layout.ts';
import { parseRezHeader, readRez } from './read.ts';
import { openRezSession } from './session.ts';
import { writeRez } from './write.ts';

const NO_SINK = { nodes: () => undefined, nodeRange: () => undefined };

async function archiveOf(bytes: Uint8Array) {
  const result = await readRez(new MemoryByteSource(bytes, 'fuzz.rez'));
  if (result.fatal) {
    throw new FormatError({
      code: result.fatal.code,
      offset: result.fatal.offset ?? 0,
      detail: result.fatal.message,
      format: REZ_FORMAT,
    });
  }
  return result.value;
}

export const rezFuzzTarget: FuzzTarget = {
  format: REZ_FORMAT,
  seeds: () => Promise.resolve(rezSeeds()),
  boundaries(bytes) {
    try {
      const { rootDirPos, rootDirSize } = parseRezHeader(bytes);
      return [REZ_HEADER_SIZE, rootDirPos, rootDirPos + rootDirSize];
    } catch {
      return [REZ_HEADER_SIZE];
    }
  },
  // rootDirPos and rootDirSize.
  numberFields: () => [REZ_FIELDS_OFFSET + 4, REZ_FIELDS_OFFSET + 8],
  rangeFields: () => [],
  async exercise(bytes) {
    const source = new MemoryByteSource(bytes, 'fuzz.rez');
    const session = await openRezSession({
      sources: [source],
      services: inlineServices(),
      sink: NO_SINK,
    });
    if (session.fatal) await archiveOf(bytes);
    for (let index = 0; index < session.nodeCount(); index++) {
      void session.details(index).fields.length;
      try {
        await session.content!.read(index);
        const info = await session.images!.describe(index);
        if (!info || info.unsupported) continue;
        const surface = await session.images!.surface(index, { level: 0, layer: 0, face: 0 });
        decodePixels(
          surface.encoding,
          surface.bytes,
          surface.width,
          surface.height,
          surface.offset,
        );
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
      }
    }
  },
  async roundTrip(bytes) {
    const archive = await archiveOf(bytes);
    const files = archive.entries.map((entry) => ({
      path: entry.path,
      bytes: bytes.slice(entry.offset, entry.offset + entry.size),
      id: entry.id,
      time: entry.time,
      comment: entry.comment,
      keys: entry.keys,
    }));
    const header = archive.header!;
    return writeRez(files, {
      banners: header.banners,
      rootDirTime: header.rootDirTime,
      time: header.time,
      isSorted: header.isSorted,
      folders: archive.folders.map((folder) => folder.path),
    });
  },
};
