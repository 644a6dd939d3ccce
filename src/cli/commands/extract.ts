/**
 * `delve extract FILE [-o DIR]`: writes every entry under DIR. Entry paths that could
 * escape DIR (`..`, `.`, absolute, drive or UNC prefix, backslash, control characters)
 * are refused with a message, as are symlinked parent folders; the others are written,
 * and the exit code is 1 at the end if anything was refused or failed.
 */
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, isAbsolute } from 'node:path';
import { FormatError } from '../../binary/format-error.ts';
import { pathProblem } from '../../binary/path-safety.ts';
import type { Command } from '../command.ts';
import { reportIssues, systemErrorText, withArchive } from '../open-session.ts';
import { CliError, oneLine, printable } from '../output.ts';

/** An entry that must not be written where its path points. */
class RefusedPath extends Error {}

/** An entry whose content the session cannot read (a source it lacks). */
class Unavailable extends Error {}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

async function lstatOrNull(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates parent folders under the target, refusing to pass through a symlink. */
class FolderMaker {
  private readonly checked = new Set<string>();
  constructor(private readonly root: string) {}

  async ensure(segments: readonly string[]): Promise<void> {
    let folder = this.root;
    for (const segment of segments) {
      folder = join(folder, segment);
      if (this.checked.has(folder)) continue;
      const stats = await lstatOrNull(folder);
      if (stats?.isSymbolicLink())
        throw new RefusedPath(`folder ${relative(this.root, folder)} is a symlink`);
      if (stats && !stats.isDirectory())
        throw new RefusedPath(`${relative(this.root, folder)} exists and is not a folder`);
      if (!stats) await mkdir(folder);
      this.checked.add(folder);
    }
  }
}

function defaultFolder(path: string): string {
  const extension = extname(path);
  const stem = basename(path, extension);
  return extension ? stem : `${stem}_extracted`;
}

export const extractCommand: Command = {
  usage: 'extract FILE [-o DIR]',
  summary:
    'write every entry under DIR (default: FILE without its extension); refuses unsafe paths',
  spec: { values: ['--output'] },
  positionals: ['FILE'],
  required: 1,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const path = args.positionals[0]!;
    const target = resolve(cwd, args.values.get('--output') ?? defaultFolder(path));
    return withArchive(
      cwd,
      path,
      async ({ session, content }) => {
        await reportIssues(err, path, session.issues);
        try {
          await mkdir(target, { recursive: true });
        } catch (error) {
          throw new CliError(`${target}: cannot create folder: ${systemErrorText(error)}`);
        }
        const folders = new FolderMaker(target);
        let written = 0;
        let refused = 0;
        let failed = 0;
        const table = session.nodeTable();
        const count = session.nodeCount();
        for (let index = 0; index < count; index++) {
          const name = table.path(index);
          const label = printable(name);
          try {
            const problem = pathProblem(name);
            if (problem) throw new RefusedPath(problem.reason);
            const unavailable = content.unavailable?.(index) ?? null;
            if (unavailable) throw new Unavailable(unavailable);
            const segments = name.split('/');
            const file = join(target, ...segments);
            if (!isInside(target, file)) throw new RefusedPath('escapes the target folder');
            await folders.ensure(segments.slice(0, -1));
            if ((await lstatOrNull(file))?.isSymbolicLink())
              throw new RefusedPath('target is a symlink');
            const { bytes, warning } = await content.read(index);
            if (warning) await err.line(`${path}: warning: ${oneLine(warning)}`);
            await writeFile(file, bytes);
            written++;
          } catch (error) {
            if (error instanceof RefusedPath) {
              refused++;
              await err.line(`${path}: refused "${label}": ${error.message}`);
            } else if (error instanceof FormatError || error instanceof Unavailable) {
              failed++;
              await err.line(`${path}: failed "${label}": ${oneLine(error.message)}`);
            } else {
              failed++;
              await err.line(`${path}: failed "${label}": ${systemErrorText(error)}`);
            }
          }
        }
        await out.line(`${path}: extracted ${written} of ${count} entries to ${target}`);
        if (refused + failed === 0) return 0;
        await err.line(`${path}: ${refused} refused, ${failed} failed`);
        return 1;
      },
      { args, formats },
    );
  },
};
