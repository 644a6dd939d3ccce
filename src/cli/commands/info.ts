/**
 * `delve info FILE [--json] [format options]`: what the file is. A format that says what
 * its `info` shows (model.ts FormatCli.info) prints its own facts and JSON; any other
 * prints the session's label, facts, node count and issues. A file that cannot be read is
 * one line naming the offset, exit 1.
 */
import type { CliInfo, CliOption, FormatCli } from '../../formats/model.ts';
import type { Command } from '../command.ts';
import {
  optionFlag,
  optionSpec,
  optionsUsage,
  optionValues,
  uniqueOptions,
  type CliFormat,
} from '../format-cli.ts';
import { requireReadable, withSession, withSource, type ReadOptions } from '../open-session.ts';
import { sideInputsOf, type SideInputFile } from '../../formats/services.ts';
import type { ParsedArgs } from '../args.ts';
import { printable } from '../output.ts';
import { sessionInfo } from '../../formats/cli-info.ts';

/** The files of every side-input option given (`--types A --types B`), read, by kind. */
async function sideInputFiles(
  cwd: string,
  args: ParsedArgs,
  options: readonly CliOption[],
): Promise<Record<string, SideInputFile[]>> {
  const byKind: Record<string, SideInputFile[]> = {};
  for (const option of options) {
    if (!option.sideInput) continue;
    for (const path of args.allValues.get(optionFlag(option)) ?? []) {
      const bytes = await withSource(cwd, path, (source) => source.read(0, source.size));
      (byKind[option.sideInput] ??= []).push({ name: path, bytes });
    }
  }
  return byKind;
}

/**
 * How the file is to be read: as the format one of whose `opensAs` options was given (with
 * that format's options as the session's settings), and with the side inputs given.
 */
async function readOptionsOf(
  cwd: string,
  args: ParsedArgs,
  formats: readonly CliFormat[],
  options: readonly CliOption[],
  given: Readonly<Record<string, string>>,
): Promise<ReadOptions> {
  const byKind = await sideInputFiles(cwd, args, options);
  const read: ReadOptions =
    Object.keys(byKind).length > 0 ? { sideInputs: sideInputsOf(byKind) } : {};
  const chosen = formats.find(({ cli }) =>
    (cli.infoOptions ?? []).some((option) => option.opensAs && given[option.name] !== undefined),
  );
  if (!chosen) return read;
  const own = new Set((chosen.cli.infoOptions ?? []).map((option) => option.name));
  const settings = Object.fromEntries(Object.entries(given).filter(([name]) => own.has(name)));
  return { ...read, module: chosen.module, settings };
}

/** `info`, with the options every format's info declares. */
export function infoCommand(formats: readonly CliFormat[]): Command {
  const options: CliOption[] = uniqueOptions(formats.flatMap(({ cli }) => cli.infoOptions ?? []));
  const hooks = new Map<string, FormatCli>(formats.map(({ module, cli }) => [module.id, cli]));
  return {
    usage: `info FILE... [--json]${optionsUsage(options)}`,
    summary:
      'what the file is: format, header fields, sizes, issues (each format shows its own; digests for a file of unknown format)',
    spec: { flags: ['--json', ...optionSpec(options).flags], values: optionSpec(options).values },
    positionals: ['FILE'],
    required: 1,
    manyFiles: true,
    takesSources: true,
    async run({ args, out, cwd, formats }) {
      const path = args.positionals[0]!;
      // Option values are checked before the file is read: a bad one is a usage error.
      const given = optionValues(args, options);
      const read = await readOptionsOf(cwd, args, formats, options, given);
      const printInfo = async (info: CliInfo) => {
        if (args.flags.has('--json')) await out.line(JSON.stringify(info.json, null, 2));
        else await out.lines(info.lines.map(printable));
        return 0;
      };
      return withSession(
        cwd,
        path,
        async ({ source, module, session, folder, services }) => {
          requireReadable(path, session);
          // A folder's session spans many files: the generic facts, under the set's name.
          if (folder) return printInfo(sessionInfo(session, folder));
          const cli = hooks.get(module.id);
          const own = new Set((cli?.infoOptions ?? []).map((option) => option.name));
          const formatOptions = Object.fromEntries(
            Object.entries(given).filter(([name]) => own.has(name)),
          );
          const info = cli?.info
            ? await cli.info({ session, source, options: formatOptions, services })
            : sessionInfo(session, source);
          return printInfo(info);
        },
        { args, formats },
        read,
      );
    },
  };
}
