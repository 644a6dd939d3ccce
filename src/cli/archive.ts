/**
 * Opening files for the CLI: Node file source, format detection, and the KIWAD parse.
 * A fatal parse problem becomes one CliError line that names the byte offset.
 */
import { resolve } from 'node:path';
import { NodeFileSource } from '../binary/node-file-source.ts';
import { ErrorCode, FormatError } from '../binary/format-error.ts';
import type { Issue } from '../formats/model.ts';
import { DETECT_HEAD_LENGTH, detectFormat } from '../formats/registry.ts';
import { readKiwad } from '../formats/kiwad/read.ts';
import type { KiwadArchive } from '../formats/kiwad/types.ts';
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

export async function detectFileFormat(source: NodeFileSource) {
  const head = await source.read(0, Math.min(DETECT_HEAD_LENGTH, source.size));
  return detectFormat(head, source.name);
}

export interface OpenedKiwad {
  source: NodeFileSource;
  archive: KiwadArchive;
  issues: Issue[];
}

/**
 * Opens a KIWAD archive; anything else, or a fatal parse problem, is a CliError (exit 2 for
 * a WWD level, which is not an archive; exit 1 otherwise).
 */
export function withKiwad<T>(
  cwd: string,
  path: string,
  use: (opened: OpenedKiwad) => Promise<T>,
): Promise<T> {
  return withSource(cwd, path, async (source) => {
    const format = await detectFileFormat(source);
    if (format === 'wwd') {
      // A level has no entries to list, check or extract: the wrong command, hence exit 2.
      throw new CliError(`${path}: a WWD level is not an archive (use: delve info ${path})`, 2);
    }
    if (format !== 'kiwad') {
      const error = new FormatError({
        code: ErrorCode.BAD_MAGIC,
        offset: 0,
        detail: 'not a KIWAD archive',
        format: 'kiwad',
      });
      throw new CliError(`${path}: ${error.message}`);
    }
    const result = await readKiwad(source);
    if (result.fatal) throw new CliError(`${path}: ${oneLine(result.fatal.message)}`);
    return use({ source, archive: result.value, issues: result.issues });
  });
}

/** Prints non-fatal issues as warnings on stderr. */
export async function reportIssues(
  err: Output,
  path: string,
  issues: readonly Issue[],
): Promise<void> {
  await err.lines(issues.map((issue) => `${path}: ${issue.severity}: ${oneLine(issue.message)}`));
}
