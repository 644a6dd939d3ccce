/**
 * A REZ archive as a session: its files as entries grouped by folder, content sliced from
 * the archive on demand (REZ stores files as they are), and its PID images shown with the
 * palette beside them — the nearest `PALETTES/MAIN.PAL` up their folders (a Claw level's),
 * else their own embedded one, else grey. REZ keeps no checksums: there is nothing to verify.
 */
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import {
  ARCHIVE_COLUMNS,
  DEFAULT_COLUMNS,
  type NodeTable,
  type OpenRequest,
  type Session,
} from '../model.ts';
import { pidImageInfo, pidSurface, type PaletteSource } from '../pid/image.ts';
import { parsePidHeader } from '../pid/read.ts';
import { PALETTE_SIZE, PID_FLAGS, PID_HEADER_SIZE } from '../pid/types.ts';
import { REZ_FORMAT } from './layout.ts';
import { readRez } from './read.ts';
import type { RezEntry } from './types.ts';

const dateText = (seconds: number) =>
  seconds === 0 ? '—' : new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);

/** The folder part of a path (`A/B/C.PID` → `A/B`), or '' at the root. */
const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

export async function openRezSession({ sources, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const result = await readRez(source);
  const { header, entries } = result.value;
  const byPath = new Map(entries.map((entry, index) => [entry.path.toUpperCase(), index]));

  const table: NodeTable = {
    path: (index) => entryAt(index).path,
    size: (index) => entryAt(index).size,
    storedSize: (index) => entryAt(index).size,
    kind: () => 'entry',
    isCompressed: () => false,
    offset: (index) => entryAt(index).offset,
  };
  if (entries.length > 0) sink.nodeRange(table, 0, entries.length, entries.length);

  function entryAt(index: number): RezEntry {
    const entry = entries[index];
    if (!entry) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no entry ${index}`,
        format: REZ_FORMAT,
      });
    }
    return entry;
  }

  function checkedRange(entry: RezEntry) {
    if (entry.offset + entry.size > source.size) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: entry.record.offset + 4,
        detail: `${entry.path}: data ${hexOffset(entry.offset)}+${entry.size} ends past the end of the file`,
        format: REZ_FORMAT,
      });
    }
    return { source, span: { offset: entry.offset, length: entry.size } };
  }

  const readEntry = (entry: RezEntry) => source.read(checkedRange(entry).span.offset, entry.size);

  /** The level palette nearest a PID: `PALETTES/MAIN.PAL` in its folder or any above it. */
  async function folderPalette(path: string): Promise<PaletteSource> {
    for (let folder = folderOf(path); ; folder = folderOf(folder)) {
      const candidate = `${folder ? `${folder}/` : ''}PALETTES/MAIN.PAL`;
      const index = byPath.get(candidate);
      const entry = index === undefined ? undefined : entries[index];
      if (entry && entry.size >= PALETTE_SIZE) {
        return {
          kind: 'file',
          path: entry.path,
          rgb: (await readEntry(entry)).subarray(0, PALETTE_SIZE),
        };
      }
      if (!folder) return { kind: 'none' };
    }
  }

  const isPid = (entry: RezEntry) => entry.type.toUpperCase() === 'PID';

  async function paletteFor(entry: RezEntry, flags: number): Promise<PaletteSource> {
    if (flags & PID_FLAGS.embeddedPalette) return { kind: 'embedded' };
    return folderPalette(entry.path);
  }

  const facts: [string, string][] = header
    ? [
        ['Banner', header.banners[0]],
        ['Version', String(header.version)],
        [
          'Root directory',
          `${hexOffset(header.rootDirPos)}, ${header.rootDirSize.toLocaleString('en-US')} bytes`,
        ],
        ['Written', dateText(header.time)],
        ['Sorted', header.isSorted ? 'yes' : 'no'],
        ['Files', entries.length.toLocaleString('en-US')],
      ]
    : [];

  return {
    format: REZ_FORMAT,
    label: header ? `REZ v${header.version}` : 'REZ',
    facts,
    issues: result.issues,
    fatal: result.fatal,
    layout: 'archive',
    columnSets: { [DEFAULT_COLUMNS]: ARCHIVE_COLUMNS },
    nodeCount: () => entries.length,
    nodeTable: () => table,
    details(index) {
      const entry = entryAt(index);
      return {
        index,
        path: entry.path,
        kind: 'entry',
        size: entry.size,
        storedSize: entry.size,
        span: { offset: entry.offset, length: entry.size },
        spanBase: 'file',
        record: entry.record,
        isCompressed: false,
        checksum: null,
        fields: [
          ['Type', entry.type || '—'],
          ['Id', String(entry.id)],
          ['Time', dateText(entry.time)],
          ['Comment', entry.comment || '—'],
          ['Keys', entry.keys.length ? entry.keys.join(', ') : '—'],
        ],
      };
    },
    content: {
      storedSpan: (index) => checkedRange(entryAt(index)),
      async read(index) {
        return { bytes: await readEntry(entryAt(index)), warning: null };
      },
    },
    images: {
      async describe(index) {
        const entry = entryAt(index);
        if (!isPid(entry) || entry.size < PID_HEADER_SIZE) return null;
        const head = await source.read(checkedRange(entry).span.offset, PID_HEADER_SIZE);
        const pid = parsePidHeader(head, entry.offset);
        return pidImageInfo(pid, await paletteFor(entry, pid.flags));
      },
      async surface(index) {
        const entry = entryAt(index);
        const bytes = await readEntry(entry);
        const pid = parsePidHeader(bytes, entry.offset);
        return pidSurface(bytes, await paletteFor(entry, pid.flags), entry.offset);
      },
    },
  };
}
