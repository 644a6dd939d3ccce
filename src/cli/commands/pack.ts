/**
 * `delve pack DIR -o FILE [--format ID] [writer options]`: packs a folder into a new file
 * with a format's writer (model.ts CliWriter). The format is the one `--format` names, else
 * the one FILE's extension belongs to, else the only format with a writer. This file walks
 * the folder (names in byte order, symlinks skipped) and checks every path is safe in an
 * archive; the writer makes the bytes.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { CliPackFile, CliWriter, FormatModule } from '../../formats/model.ts';
import { pathProblem } from '../../binary/path-safety.ts';
import { usageError, type ParsedArgs } from '../args.ts';
import type { Command } from '../command.ts';
import {
  optionFlag,
  optionsUsage,
  optionValues,
  uniqueOptions,
  type CliFormat,
} from '../format-cli.ts';
import { asFileErrors, systemErrorText } from '../open-session.ts';
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

/** The files of `folder` with their bytes; an unsafe path stops the pack. */
async function readFiles(folderArg: string, files: readonly FoundFile[]): Promise<CliPackFile[]> {
  const packed: CliPackFile[] = [];
  for (const file of files) {
    const problem = pathProblem(file.name);
    if (problem) {
      throw new CliError(`${folderArg}: cannot pack "${printable(file.name)}": ${problem.reason}`);
    }
    try {
      packed.push({ path: file.name, bytes: new Uint8Array(await readFile(file.absolute)) });
    } catch (error) {
      throw new CliError(`${printable(file.name)}: cannot read: ${systemErrorText(error)}`);
    }
  }
  return packed;
}

interface Writer {
  module: FormatModule;
  writer: CliWriter;
}

function chooseWriter(writers: readonly Writer[], args: ParsedArgs, output: string): Writer {
  const named = args.values.get('--format');
  if (named !== undefined) {
    const found = writers.find(({ module }) => module.id === named.toLowerCase());
    if (!found) {
      const ids = writers.map(({ module }) => module.id).join(', ');
      throw usageError(
        `--format must name a format pack writes (${ids}), not ${JSON.stringify(named)}`,
      );
    }
    return found;
  }
  const extension = extname(output).toLowerCase();
  const byExtension = writers.find(({ module }) => module.extensions.includes(extension));
  if (byExtension) return byExtension;
  if (writers.length === 1) return writers[0]!;
  throw usageError('pack needs --format ID (the extension of FILE names no format)');
}

/** `pack`, when some format has a writer; null when none has. */
export function packCommand(formats: readonly CliFormat[]): Command | null {
  const writers: Writer[] = formats.flatMap(({ module, cli }) =>
    cli.pack ? [{ module, writer: cli.pack }] : [],
  );
  if (writers.length === 0) return null;
  const options = uniqueOptions(writers.flatMap(({ writer }) => writer.options));
  const only = writers.length === 1 ? writers[0]! : null;
  return {
    usage: `pack DIR -o FILE${only ? '' : ' [--format ID]'}${optionsUsage(options)}`,
    summary: only
      ? only.writer.summary
      : `pack a folder into a new file of one of: ${writers.map(({ module }) => `${module.id} (${module.label})`).join(', ')}`,
    spec: { values: ['--output', '--format', ...options.map(optionFlag)] },
    positionals: ['DIR'],
    required: 1,
    async run({ args, out, err, cwd }) {
      const folderArg = args.positionals[0]!;
      const outputArg = args.values.get('--output');
      if (outputArg === undefined) throw usageError('pack needs -o FILE');
      const { module, writer } = chooseWriter(writers, args, outputArg);
      for (const option of options) {
        if (args.values.has(optionFlag(option)) && !writer.options.includes(option)) {
          throw usageError(`${optionFlag(option)} is not an option of ${module.label} pack`);
        }
      }
      const values = optionValues(args, writer.options);
      const problem = writer.checkOptions(values);
      if (problem !== null) throw usageError(problem);
      const folder = resolve(cwd, folderArg);
      const output = resolve(cwd, outputArg);

      let found: FoundFile[];
      try {
        found = await collectFiles(folder, output, err);
      } catch (error) {
        throw new CliError(`${folderArg}: cannot read folder: ${systemErrorText(error)}`);
      }
      const files = await readFiles(folderArg, found);
      const { bytes, label } = await asFileErrors(outputArg, async () =>
        writer.write(files, values),
      );
      try {
        await writeFile(output, bytes);
      } catch (error) {
        throw new CliError(`${outputArg}: cannot write: ${systemErrorText(error)}`);
      }
      await out.line(
        `${outputArg}: packed ${files.length} entries (${bytes.length} bytes, ${label})`,
      );
      return 0;
    },
  };
}
