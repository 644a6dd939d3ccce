/**
 * `delve extract FILE [-o DIR]`: writes every entry under DIR. Entry paths that could
 * escape DIR (`..`, `.`, absolute, drive or UNC prefix, backslash, control characters)
 * are refused with a message, as are symlinked parent folders; the others are written,
 * and the exit code is 1 at the end if anything was refused or failed.
 *
 * Speed: a few entries are read and written at once (reads wait on the disk, writes on
 * the kernel, inflating on the CPU: overlapping them keeps each busy), in the order their
 * bytes lie in the file, through windows read ahead (adjacent blobs share one read); each
 * folder is made once, and a fresh target costs no failed system call per entry (files are
 * created with O_EXCL; only an existing path is looked at, to refuse a symlink).
 */
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, isAbsolute } from 'node:path';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { pathProblem } from '../../binary/path-safety.ts';
import { encodePngRgba } from '../../binary/tiny-png.ts';
import { imageOfContent } from '../../formats/image-holder.ts';
import type { Session } from '../../formats/model.ts';
import { PIXELS_HERE, type FormatServices } from '../../formats/services.ts';
import type { Command } from '../command.ts';
import { reportIssues, systemErrorText, withArchive } from '../open-session.ts';
import { CliError, oneLine, printable } from '../output.ts';
import { readingOrder } from '../read-order.ts';

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
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

const errorCode = (error: unknown): unknown => (error as { code?: unknown }).code;

/**
 * Creates parent folders under the target, refusing to pass through a symlink. Each folder
 * is made once, however many entries it holds, even while several entries wait on it.
 */
class FolderMaker {
  private readonly made = new Map<string, Promise<void>>();
  constructor(private readonly root: string) {}

  async ensure(segments: readonly string[]): Promise<void> {
    let folder = this.root;
    for (const segment of segments) {
      folder = join(folder, segment);
      let making = this.made.get(folder);
      if (making === undefined) {
        making = this.make(folder);
        this.made.set(folder, making);
      }
      await making;
    }
  }

  /** mkdir first: a new folder needs no other call; an existing path is looked at. */
  private async make(folder: string): Promise<void> {
    try {
      await mkdir(folder);
      return;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const stats = await lstat(folder);
    if (stats.isSymbolicLink())
      throw new RefusedPath(`folder ${relative(this.root, folder)} is a symlink`);
    if (!stats.isDirectory())
      throw new RefusedPath(`${relative(this.root, folder)} exists and is not a folder`);
  }
}

/**
 * Writes a file that must not be a symlink: created with O_EXCL (which never follows a
 * link); only when something is there already is it looked at, and replaced if a file.
 */
async function writeNewFile(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFile(file, bytes, { flag: 'wx' });
    return;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  if ((await lstatOrNull(file))?.isSymbolicLink()) throw new RefusedPath('target is a symlink');
  await writeFile(file, bytes);
}

/**
 * `--png`: the entry's image (its own, or that of the file its bytes are) as an 8-bit RGBA
 * PNG of its largest level; null when it holds none. An image whose pixels Delve does not
 * decode is a FormatError naming its format.
 */
async function pngOf(
  session: Session,
  services: FormatServices,
  index: number,
  bytes: Uint8Array,
  name: string,
): Promise<Uint8Array | null> {
  const own = (await session.images?.describe(index)) ? { images: session.images!, index } : null;
  const holder =
    own ?? (await imageOfContent(services, bytes, name.slice(name.lastIndexOf('/') + 1)));
  if (!holder) return null;
  const info = await holder.images.describe(holder.index);
  if (!info) return null;
  if (info.unsupported !== null) {
    throw new FormatError({
      code: ErrorCode.UNSUPPORTED_PIXEL_FORMAT,
      offset: 0,
      detail: info.unsupported,
    });
  }
  const surface = await holder.images.surface(holder.index, { level: 0, layer: 0, face: 0 });
  const { width, height, rgba } = await (services.pixels ?? PIXELS_HERE).decode(surface);
  return encodePngRgba(width, height, rgba);
}

/** Entries read and written at once: enough to overlap disk, inflate and writes. */
const PARALLEL_ENTRIES = 8;

function defaultFolder(path: string): string {
  const extension = extname(path);
  const stem = basename(path, extension);
  return extension ? stem : `${stem}_extracted`;
}

export const extractCommand: Command = {
  usage: 'extract FILE [-o DIR] [--png]',
  summary:
    'write every entry under DIR (default: FILE without its extension); refuses unsafe paths; --png also writes each image as NAME.png beside it',
  spec: { values: ['--output'], flags: ['--png'] },
  positionals: ['FILE'],
  required: 1,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const path = args.positionals[0]!;
    const target = resolve(cwd, args.values.get('--output') ?? defaultFolder(path));
    return withArchive(
      cwd,
      path,
      async ({ session, content, services }) => {
        const wantsPng = args.flags.has('--png');
        let converted = 0;
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
        const lastOfPath = new Map<string, number>();
        for (let index = 0; index < count; index++) lastOfPath.set(table.path(index), index);
        const extractOne = async (index: number): Promise<void> => {
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
            const [{ bytes, warning }] = await Promise.all([
              content.read(index),
              folders.ensure(segments.slice(0, -1)),
            ]);
            if (warning) await err.line(`${path}: warning: ${oneLine(warning)}`);
            // A path that a later entry repeats ends up holding the later one, as if the
            // entries were written one after another: only the last of them is written.
            if (lastOfPath.get(name) === index) await writeNewFile(file, bytes);
            written++;
            if (wantsPng && lastOfPath.get(name) === index) {
              try {
                const png = await pngOf(session, services, index, bytes, name);
                if (png) {
                  await writeNewFile(`${file}.png`, png);
                  converted++;
                }
              } catch (error) {
                if (!(error instanceof FormatError)) throw error;
                await err.line(`${path}: not converted "${label}": ${oneLine(error.message)}`);
              }
            }
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
        };
        // Entries are taken in the order their bytes lie by a few runners at once.
        const order = readingOrder(content, count);
        let next = 0;
        const runner = async () => {
          while (next < count) await extractOne(order[next++]!);
        };
        await Promise.all(Array.from({ length: Math.min(PARALLEL_ENTRIES, count) }, runner));
        await out.line(`${path}: extracted ${written} of ${count} entries to ${target}`);
        if (wantsPng) await out.line(`${path}: wrote ${converted} images as PNG`);
        if (refused + failed === 0) return 0;
        await err.line(`${path}: ${refused} refused, ${failed} failed`);
        return 1;
      },
      { args, formats },
      { readAhead: true },
    );
  },
};
