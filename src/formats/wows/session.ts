/**
 * A World of Warships build as one session: every `.idx` it was given merged into one tree
 * (build-table.ts), its `.pkg` volumes paired with the records that name them by file name.
 * Nothing is read from a volume until an entry is previewed, extracted or verified, and
 * then only that entry's slice. A volume that is missing leaves its entries listed with
 * all their metadata; it can be added later (`sources.add`).
 */
import { countOf } from '../../binary/count-text.ts';
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, type ErrorInfo } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import {
  ARCHIVE_COLUMNS,
  DEFAULT_COLUMNS,
  type Fact,
  type Issue,
  type OpenRequest,
  type Session,
} from '../model.ts';
import { WowsBuildTable } from './build-table.ts';
import { WowsEntryAccess } from './entry-access.ts';
import { WOWS_FORMAT, WOWS_HEADER_LENGTH, WOWS_MAGIC, parseWowsIndex } from './read.ts';

/** Indexes above this are refused (each is read whole; real ones are a few MB at most). */
export const MAX_INDEX_SIZE = 256 * 1024 * 1024;
const MAGIC = Uint8Array.from(WOWS_MAGIC, (char) => char.charCodeAt(0));

/** Whether a head starts with the index magic. */
export function isWowsIndexHead(head: Uint8Array): boolean {
  return MAGIC.every((byte, at) => head[at] === byte);
}

const count = (value: number) => value.toLocaleString('en-US');

/** The file records an index declares, bounded by its size (for the open's progress). */
function declaredFiles(head: Uint8Array, size: number): number {
  if (head.length < 24) return 0;
  const files = (head[20]! | (head[21]! << 8) | (head[22]! << 16) | (head[23]! << 24)) >>> 0;
  return Math.min(files, Math.floor(size / 48));
}

export async function openWowsSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const heads = await Promise.all(
    sources.map((source) => source.read(0, Math.min(source.size, WOWS_HEADER_LENGTH))),
  );
  const indexSources: ByteSource[] = [];
  const others: ByteSource[] = [];
  sources.forEach((source, at) =>
    (at === 0 || isWowsIndexHead(heads[at]!) ? indexSources : others).push(source),
  );
  let declared = 0;
  sources.forEach((source, at) => {
    if (indexSources.includes(source)) declared += declaredFiles(heads[at]!, source.size);
  });

  const table = new WowsBuildTable();
  const issues: Issue[] = [];
  let fatal: ErrorInfo | null = null;
  const hashChecks: { name: string; isOk: boolean }[] = [];
  for (const [at, source] of indexSources.entries()) {
    if (source.size > MAX_INDEX_SIZE) {
      const error = new FormatError({
        code: ErrorCode.TOO_LARGE,
        offset: 0,
        detail: `an index of ${source.size} bytes is above the ${MAX_INDEX_SIZE}-byte limit`,
        format: WOWS_FORMAT,
      });
      if (at === 0) throw error;
      issues.push({
        severity: 'error',
        code: 'INDEX_UNREADABLE',
        message: `${source.name}: ${error.message}`,
      });
      continue;
    }
    const result = parseWowsIndex(await source.read(0, source.size));
    if (at === 0) {
      issues.push(...result.issues);
      fatal = result.fatal;
    } else {
      // Issues of the other indexes say which index they are about.
      for (const issue of result.issues) {
        issues.push({ ...issue, message: `${source.name}: ${issue.message}` });
      }
      if (result.fatal) {
        issues.push({
          severity: 'error',
          code: 'INDEX_UNREADABLE',
          message: `${source.name}: ${result.fatal.message} (what was read before is listed)`,
        });
      }
    }
    const header = result.value.header;
    hashChecks.push({ name: source.name, isOk: header.storedHash === header.computedHash });
    const { start, end } = table.add(source.name, result.value);
    if (end > start) sink.nodeRange(table, start, end, Math.max(declared, end));
    // Between indexes the host answers the page's requests for the first rows.
    await services.pause();
  }
  table.finish();
  issues.push(...table.issues);

  const access = new WowsEntryAccess(table, services);
  const unused = others.filter((source) => !access.take(source));
  for (const source of unused) {
    issues.push({
      severity: 'info',
      code: 'UNUSED_SOURCE',
      message: `${source.name} is neither an index nor a volume this build names`,
    });
  }

  return {
    format: WOWS_FORMAT,
    label:
      indexSources.length === 1
        ? 'World of Warships index v2'
        : `World of Warships build (${count(indexSources.length)} indexes)`,
    // A getter: the volumes fact changes as volumes are added.
    get facts() {
      return buildFacts(table, hashChecks, access);
    },
    issues,
    fatal,
    layout: 'archive',
    columnSets: {
      [DEFAULT_COLUMNS]: [
        ...ARCHIVE_COLUMNS,
        { id: 'compression', label: 'Compression', kind: 'text' },
        { id: 'volume', label: 'Volume', kind: 'text' },
        { id: 'pkgOffset', label: 'Offset', kind: 'hex' },
      ],
    },
    nodeCount: () => table.entryCount,
    nodeTable: () => table,
    cell: (index, columnId) => access.cell(index, columnId),
    details: (index) => access.details(index),
    content: access.content,
    verify: access.verify,
    sources: {
      used: () => [...indexSources.map((source) => source.name), ...access.volumesUsed()],
      missing: () => access.missingVolumes(),
      add: (source) => access.take(source),
    },
  };
}

function buildFacts(
  table: WowsBuildTable,
  hashChecks: readonly { name: string; isOk: boolean }[],
  access: WowsEntryAccess,
): Fact[] {
  const facts: Fact[] = [];
  const first = table.indexes[0]?.index.header;
  if (table.indexes.length === 1 && first) {
    facts.push(
      ['Version word', hex32(first.versionWord)],
      ['Pointer size', `${first.pointerSize} bits`],
      [
        'Header hash',
        `${hex32(first.storedHash)} ${first.storedHash === first.computedHash ? 'ok' : `mismatch (computed ${hex32(first.computedHash)})`} (MurmurHash3 of bytes 0x10 to the end)`,
      ],
    );
  } else {
    const bad = hashChecks.filter((check) => !check.isOk);
    facts.push(
      ['Indexes', count(table.indexes.length)],
      [
        'Header hashes',
        bad.length === 0
          ? `${count(hashChecks.length)} ok (MurmurHash3 of bytes 0x10 to the end)`
          : `${count(hashChecks.length - bad.length)} ok, ${count(bad.length)} mismatch: ${bad.map((check) => check.name).join(', ')}`,
      ],
    );
  }
  const files = table.entryCount;
  facts.push(
    [
      'Nodes',
      `${count(table.nodeCount)} (${countOf(table.nodeCount - files, 'folder')}, ${countOf(files, 'file')})`,
    ],
    [
      'Node ids',
      table.idMismatches === 0
        ? `${count(table.nodeCount)} ok (CityHash64 of the path)`
        : `${count(table.nodeCount - table.idMismatches)} ok, ${count(table.idMismatches)} mismatch`,
    ],
    ['Volumes', access.volumesFact()],
  );
  const unsupported = access.unsupportedCount();
  if (unsupported > 0) {
    facts.push([
      'Unsupported',
      `${count(unsupported)} ${unsupported === 1 ? 'entry' : 'entries'} with a compression Delve does not unpack`,
    ]);
  }
  return facts;
}
