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
  optionsUsage,
  optionValues,
  uniqueOptions,
  type CliFormat,
} from '../format-cli.ts';
import { requireReadable, withSession } from '../open-session.ts';
import { printable } from '../output.ts';
import { sessionInfo } from '../../formats/cli-info.ts';

/** `info`, with the options every format's info declares. */
export function infoCommand(formats: readonly CliFormat[]): Command {
  const options: CliOption[] = uniqueOptions(formats.flatMap(({ cli }) => cli.infoOptions ?? []));
  const hooks = new Map<string, FormatCli>(formats.map(({ module, cli }) => [module.id, cli]));
  return {
    usage: `info FILE... [--json]${optionsUsage(options)}`,
    summary:
      'what the file is: format, header fields, sizes, issues (each format shows its own; digests for a file of unknown format)',
    spec: { flags: ['--json'], values: options.map(optionFlag) },
    positionals: ['FILE'],
    required: 1,
    manyFiles: true,
    takesSources: true,
    run({ args, out, cwd, formats }) {
      const path = args.positionals[0]!;
      // Option values are checked before the file is read: a bad one is a usage error.
      const given = optionValues(args, options);
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
      );
    },
  };
}
