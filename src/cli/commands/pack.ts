/**
 * `delve pack DIR -o FILE [--wad-version 1|2] [--flags N]`: packs a folder into a KIWAD
 * archive with our writer (names sorted by byte order, zlib level 9, .mp3/.ogg stored).
 * Symlinks are skipped; a file whose path would be unsafe in an archive stops the pack.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import type { KiwadWriteEntry } from '../../formats/kiwad/types.ts';
import { pathProblem } from '../../formats/path-safety.ts';
import { usageError } from '../args.ts';
import type { Command } from '../command.ts';
import { systemErrorText } from '../archive.ts';
import { CliError, printable, type Output } from '../output.ts';

interface FoundFile {
  name: string;
  absolute: string;
}

async function collectFiles(root: string, skip: string, err: Output): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const children = await readdir(folder, { withFileTypes: true });
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const absolute = join(folder, child.name);
      const name = prefix + child.name;
      if (absolute === skip) continue;
      if (child.isSymbolicLink()) await err.line(`${printable(name)}: skipped (symlink)`);
      else if (child.isDirectory()) await walk(absolute, name + '/');
      else if (child.isFile()) found.push({ name, absolute });
    }
  };
  await walk(root, '');
  return found;
}

function parseVersion(text: string | undefined): number {
  if (text === undefined) return 1;
  if (text !== '1' && text !== '2') throw usageError(`--wad-version must be 1 or 2, not ${text}`);
  return Number(text);
}

function parseFlags(text: string | undefined, version: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(text) || Number(text) > 255)
    throw usageError(`--flags must be 0..255, not ${text}`);
  if (version < 2)
    throw usageError('--flags needs --wad-version 2 (v1 headers have no flags byte)');
  return Number(text);
}

export const packCommand: Command = {
  usage: 'pack DIR -o FILE [--wad-version 1|2] [--flags N]',
  summary: 'pack a folder into a KIWAD archive (v2 with --flags 1 for Root.wad)',
  spec: { values: ['--output', '--wad-version', '--flags'] },
  positionals: ['DIR'],
  required: 1,
  async run({ args, out, err, cwd }) {
    const folderArg = args.positionals[0]!;
    const outputArg = args.values.get('--output');
    if (outputArg === undefined) throw usageError('pack needs -o FILE');
    const version = parseVersion(args.values.get('--wad-version'));
    const flags = parseFlags(args.values.get('--flags'), version);
    const folder = resolve(cwd, folderArg);
    const output = resolve(cwd, outputArg);

    let files: FoundFile[];
    try {
      files = await collectFiles(folder, output, err);
    } catch (error) {
      throw new CliError(`${folderArg}: cannot read folder: ${systemErrorText(error)}`);
    }
    const entries: KiwadWriteEntry[] = [];
    for (const file of files) {
      const problem = pathProblem(file.name);
      if (problem)
        throw new CliError(
          `${folderArg}: cannot pack "${printable(file.name)}": ${problem.reason}`,
        );
      try {
        entries.push({ name: file.name, data: new Uint8Array(await readFile(file.absolute)) });
      } catch (error) {
        throw new CliError(`${printable(file.name)}: cannot read: ${systemErrorText(error)}`);
      }
    }
    const bytes = writeKiwad(entries, flags === undefined ? { version } : { version, flags });
    try {
      await writeFile(output, bytes);
    } catch (error) {
      throw new CliError(`${outputArg}: cannot write: ${systemErrorText(error)}`);
    }
    await out.line(
      `${outputArg}: packed ${entries.length} entries (${bytes.length} bytes, KIWAD v${version})`,
    );
    return 0;
  },
};
