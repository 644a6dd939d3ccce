/**
 * What WoWs indexes add to the generic CLI (model.ts FormatCli): `info`'s header facts and
 * hash checks with their JSON (docs/CLI.md), and where the `.pkg` volumes are: `--pkg-dir
 * DIR`, else the game layout's `res_packages/` (four folders up from `bin/<build>/idx/x.idx`)
 * and the index's own folder. `ls`, `cat`, `extract` and `verify` go through the session.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { hex } from '../../binary/hex.ts';
import { cliIssues, issueLines, type CliIssue } from '../cli-info.ts';
import type { CliInfo, FormatCli, Session } from '../model.ts';
import { WOWS_FORMAT, WOWS_HEADER_LENGTH, parseWowsIndex } from './read.ts';

/** The JSON shape of `info --json` for an index (docs/CLI.md). */
export interface WowsInfo {
  format: typeof WOWS_FORMAT;
  name: string;
  size: number;
  /** The u32 at 4, read little-endian: 0x02000000 for the v2 layout. */
  versionWord: number;
  pointerSize: number;
  /** MurmurHash3_x86_32 of bytes [16, EOF): as stored, as computed, and whether they agree. */
  headerHash: { stored: number; computed: number; ok: boolean };
  nodeCount: number;
  fileCount: number;
  volumes: { name: string; missing: boolean }[];
  /** Node ids against CityHash64 of their paths. */
  nodeIds: { ok: number; mismatch: number };
  tables: { nodes: number; files: number; volumes: number };
  issues: CliIssue[];
}

/** The parent folder of a path, `/` or `\` separated ('' past the top). */
function parentOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at <= 0 ? path.slice(0, at + 1) : path.slice(0, at);
}

/** The folders where an index's volumes are in an install, and the index's own. */
export function defaultVolumeFolders(indexPath: string): string[] {
  const idxFolder = parentOf(indexPath);
  const root = parentOf(parentOf(parentOf(idxFolder)));
  const separator = indexPath.includes('\\') && !indexPath.includes('/') ? '\\' : '/';
  return [`${root}${root.endsWith(separator) ? '' : separator}res_packages`, idxFolder];
}

async function wowsInfo(session: Session, source: ByteSource): Promise<CliInfo> {
  if (source.size < WOWS_HEADER_LENGTH) throw new Error('an index shorter than its header opened');
  const parsed = parseWowsIndex(await source.read(0, source.size));
  const { header, volumes } = parsed.value;
  const missing = new Set((session.sources?.missing() ?? []).map((volume) => volume.name));
  let idMismatches = 0;
  for (const issue of session.issues) if (issue.code === 'ID_MISMATCH') idMismatches++;
  const idFact = session.facts.find(([label]) => label === 'Node ids')?.[1] ?? '';
  const mismatch = /(\d[\d,]*) mismatch/.exec(idFact);
  const mismatchCount = mismatch ? Number(mismatch[1]!.replace(/,/g, '')) : idMismatches;
  const info: WowsInfo = {
    format: WOWS_FORMAT,
    name: source.name,
    size: source.size,
    versionWord: header.versionWord,
    pointerSize: header.pointerSize,
    headerHash: {
      stored: header.storedHash,
      computed: header.computedHash,
      ok: header.storedHash === header.computedHash,
    },
    nodeCount: header.nodeCount,
    fileCount: header.fileCount,
    volumes: volumes.map((volume) => ({ name: volume.name, missing: missing.has(volume.name) })),
    nodeIds: { ok: header.nodeCount - mismatchCount, mismatch: mismatchCount },
    tables: {
      nodes: header.nodeTableOffset,
      files: header.fileTableOffset,
      volumes: header.volumeTableOffset,
    },
    issues: cliIssues(session.issues),
  };
  const column = (label: string) => label.padEnd(12);
  const lines = [
    `${column('file')}${info.name}`,
    `${column('format')}${session.label}`,
    `${column('size')}${info.size} bytes`,
    `${column('version')}${hex(info.versionWord, 8)}`,
    `${column('pointers')}${info.pointerSize} bits`,
    `${column('header hash')}${hex(info.headerHash.stored, 8)} ${info.headerHash.ok ? 'ok' : `mismatch (computed ${hex(info.headerHash.computed, 8)})`}`,
    `${column('nodes')}${info.nodeCount} (${info.fileCount} files)`,
    `${column('node ids')}${info.nodeIds.ok} ok, ${info.nodeIds.mismatch} mismatch (CityHash64 of the path)`,
    `${column('tables')}nodes at ${hex(info.tables.nodes)}, files at ${hex(info.tables.files)}, volumes at ${hex(info.tables.volumes)}`,
    ...info.volumes.map(
      (volume) => `${column('volume')}${volume.name}${volume.missing ? ' (not found)' : ''}`,
    ),
    ...issueLines(info.issues, column('issues')),
  ];
  return { json: info, lines };
}

export const wowsCli: FormatCli = {
  info: ({ session, source }) => wowsInfo(session, source),
  sources: {
    option: {
      name: 'pkg-dir',
      value: 'DIR',
      summary:
        "where the .pkg volumes of a World of Warships index are (default: the install's res_packages/, then the index's folder)",
    },
    defaultFolders: defaultVolumeFolders,
  },
};
