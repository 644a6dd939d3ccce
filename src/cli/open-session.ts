/**
 * Opening files for the CLI: a Node file source, the format the registry detects, and its
 * session, opened with the services of this thread. Every command works on the session's
 * nodes and capabilities. A format error becomes one CliError line naming the file, what
 * failed and the byte offset (exit 1).
 */
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ByteSource } from '../binary/byte-source.ts';
import { NodeFileSource } from '../binary/node-file-source.ts';
import { ReadAheadSource } from '../binary/read-ahead-source.ts';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import type {
  CliOptionValues,
  ContentCapability,
  FormatModule,
  Issue,
  OpenSink,
  Session,
} from '../formats/model.ts';
import {
  FORMATS,
  detectFormat,
  formatModule,
  inlineRegistryServices,
  readDetectionBytes,
} from '../formats/registry.ts';
import type { FormatServices, SideInputService } from '../formats/services.ts';
import type { ParsedArgs } from './args.ts';
import { optionFlag, type CliFormat } from './format-cli.ts';
import { openFolder } from './open-folder.ts';
import { CliError, oneLine, type Output } from './output.ts';

const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  ENOTDIR: 'not a directory',
};

/** A one-line description of a file-system error. */
export function systemErrorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && SYSTEM_ERRORS[code]) return SYSTEM_ERRORS[code];
  return oneLine(error instanceof Error ? error.message : String(error));
}

/** Opens `path` (relative to `cwd`), runs `use`, and always closes it. Messages show `path` as given. */
export async function withSource<T>(
  cwd: string,
  path: string,
  use: (source: NodeFileSource) => Promise<T>,
): Promise<T> {
  let source: NodeFileSource;
  try {
    source = await NodeFileSource.open(resolve(cwd, path));
  } catch (error) {
    throw new CliError(`${path}: cannot open: ${systemErrorText(error)}`);
  }
  try {
    return await use(source);
  } finally {
    await source.close().catch(() => {});
  }
}

/** Runs format code for `path`: a FormatError it throws becomes the file's error line (exit 1). */
export async function asFileErrors<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FormatError) throw new CliError(`${path}: ${oneLine(error.message)}`);
    throw error;
  }
}

export interface OpenedFile {
  /** The file opened; of a folder, the first file of the set it opened as. */
  source: NodeFileSource;
  module: FormatModule;
  /** May carry `fatal`: the caller decides (see readableSession). */
  session: Session;
  /** Set when a folder was given: the set of its files that opened as one session. */
  folder: { name: string; note: string; size: number } | null;
  /** What the session was opened with (nested files through the registry). */
  services: FormatServices;
}

/** How a command reads the files it opens. */
export interface ReadOptions {
  /** Open as this format, whatever detection says (a blob the user said the format of). */
  module?: FormatModule;
  /** What the user said of the file (`OpenRequest.settings`). */
  settings?: CliOptionValues;
  /** Files given beside it (type lists), for the session's services. */
  sideInputs?: SideInputService;
  /**
   * Serve small reads from windows read ahead (`ReadAheadSource`): for a command that reads
   * many entries in file order, which then cost a system call per window, not per entry.
   */
  readAhead?: boolean;
  /**
   * Of a folder that holds several builds (sets a format gathers): open the one whose label
   * names this build (`build 8512317`), not the newest.
   */
  build?: string;
}

/** What the session is given to read a file through. */
function readerOf(source: NodeFileSource, options: ReadOptions): ByteSource {
  return options.readAhead ? new ReadAheadSource(source) : source;
}

/** The CLI does not stream nodes anywhere: it reads them from the session once it is open. */
const NO_SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };

/**
 * Opens the session of a file through the registry (detection on the head, then the name);
 * `others` are its sources from the start (the rest of a gathered folder).
 */
export async function openSession(
  source: NodeFileSource,
  others: readonly NodeFileSource[] = [],
  options: ReadOptions = {},
): Promise<Omit<OpenedFile, 'source' | 'folder'>> {
  const { head, tail } = await readDetectionBytes(source);
  const module = options.module ?? formatModule(detectFormat(head, source.name, FORMATS, tail));
  const registry = inlineRegistryServices();
  const services = options.sideInputs ? { ...registry, sideInputs: options.sideInputs } : registry;
  const sources = [source, ...others].map((each) => readerOf(each, options));
  const session = await module.open({
    sources,
    services,
    sink: NO_SINK,
    ...(options.settings ? { settings: options.settings } : {}),
  });
  return { module, session, services };
}

/** Throws the session's fatal parse problem as the file's error line (exit 1). */
export function requireReadable(path: string, session: Session): void {
  if (session.fatal) throw new CliError(`${path}: ${oneLine(session.fatal.message)}`);
}

/** What a command was given that says where sources are (`FormatCli.sources`). */
export interface SourceLookup {
  args: ParsedArgs;
  formats: readonly CliFormat[];
}

/**
 * Offers the session the sources it names and lacks, from the folder its format's option
 * names, else from the format's default folders for the file. Returns the files it took
 * (to close). A folder given that cannot be read is a usage of the wrong path: one line.
 */
async function addSourcesFromFolders(
  cwd: string,
  path: string,
  opened: Omit<OpenedFile, 'source' | 'folder'>,
  lookup: SourceLookup,
  options: ReadOptions,
): Promise<NodeFileSource[]> {
  const capability = opened.session.sources;
  const hook = lookup.formats.find(({ module }) => module.id === opened.module.id)?.cli.sources;
  if (!capability || !hook) return [];
  const given = lookup.args.values.get(optionFlag(hook.option));
  if (given !== undefined) {
    const isFolder = await stat(resolve(cwd, given)).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    if (!isFolder) throw new CliError(`${given}: cannot open: not a folder`);
  }
  const folders =
    given !== undefined ? [resolve(cwd, given)] : hook.defaultFolders(resolve(cwd, path));
  const taken: NodeFileSource[] = [];
  for (const { name } of capability.missing()) {
    for (const folder of folders) {
      let source: NodeFileSource;
      try {
        source = await NodeFileSource.open(join(folder, name));
      } catch {
        continue;
      }
      if (capability.add(readerOf(source, options))) {
        taken.push(source);
        break;
      }
      await source.close().catch(() => {});
    }
  }
  return taken;
}

/** Opens a folder as the app opens a dropped one (open-folder.ts) and runs `use` on it. */
async function withFolderSession<T>(
  folder: string,
  path: string,
  use: (opened: OpenedFile) => Promise<T>,
  options: ReadOptions,
): Promise<T> {
  const { name, note, sources } = await openFolder(folder, path, FORMATS, options.build);
  try {
    return await asFileErrors(path, async () => {
      const [source, ...others] = sources as [NodeFileSource, ...NodeFileSource[]];
      const opened = await openSession(source, others, options);
      const size = sources.reduce((sum, each) => sum + each.size, 0);
      return await use({ source, ...opened, folder: { name, note, size } });
    });
  } finally {
    await Promise.all(sources.map((source) => source.close().catch(() => {})));
  }
}

/**
 * Opens `path` and runs `use` on its session; format errors of either become one line.
 * With a lookup, the sources it names are looked for first (`addSourcesFromFolders`).
 * A folder opens as the set of its files a format gathers (a game install's newest build).
 */
export async function withSession<T>(
  cwd: string,
  path: string,
  use: (opened: OpenedFile) => Promise<T>,
  lookup: SourceLookup | null = null,
  options: ReadOptions = {},
): Promise<T> {
  const absolute = resolve(cwd, path);
  const isFolder = await stat(absolute).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (isFolder) return withFolderSession(absolute, path, use, options);
  return withSource(cwd, path, (source) =>
    asFileErrors(path, async () => {
      const opened = await openSession(source, [], options);
      const added = lookup ? await addSourcesFromFolders(cwd, path, opened, lookup, options) : [];
      try {
        return await use({ source, ...opened, folder: null });
      } finally {
        await Promise.all(added.map((volume) => volume.close().catch(() => {})));
      }
    }),
  );
}

export interface OpenedArchive extends OpenedFile {
  content: ContentCapability;
}

/**
 * The file as an archive: a session of nodes with content. A document (a level, ...) is the
 * wrong command's target: exit 2, pointing at `info`. A file with no content to read (a
 * format Delve does not know) is a bad-magic error; a fatal parse problem is one line; both
 * exit 1.
 */
export function asArchive(path: string, opened: OpenedFile): OpenedArchive {
  const { module, session } = opened;
  if (session.layout === 'document') {
    // Nothing to list, check or extract: the wrong command, hence exit 2.
    throw new CliError(
      `${path}: not an archive but a document, ${module.label} (use: delve info ${path})`,
      2,
    );
  }
  if (!session.content) {
    throw new FormatError({
      code: ErrorCode.BAD_MAGIC,
      offset: 0,
      detail: 'not an archive Delve reads',
    });
  }
  requireReadable(path, session);
  return { ...opened, content: session.content };
}

/** Opens `path` as an archive (`asArchive`) and runs `use` on it. */
export function withArchive<T>(
  cwd: string,
  path: string,
  use: (opened: OpenedArchive) => Promise<T>,
  lookup: SourceLookup | null = null,
  options: ReadOptions = {},
): Promise<T> {
  return withSession(cwd, path, (opened) => use(asArchive(path, opened)), lookup, options);
}

/** Prints non-fatal issues as warnings on stderr. */
export async function reportIssues(
  err: Output,
  path: string,
  issues: readonly Issue[],
): Promise<void> {
  await err.lines(issues.map((issue) => `${path}: ${issue.severity}: ${oneLine(issue.message)}`));
}
