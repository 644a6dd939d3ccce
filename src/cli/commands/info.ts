/**
 * `delve info FILE [--json] [format options]`: what the file is. A format that says what
 * its `info` shows (model.ts FormatCli.info) prints its own facts and JSON; any other
 * prints the session's label, facts, node count and issues. A file that cannot be read is
 * one line naming the offset, exit 1.
 */
import type { CliInfo, CliOption, FormatCli, Session } from '../../formats/model.ts';
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
import { cliIssues, issueLines, type CliIssue } from '../../formats/cli-info.ts';

/** The JSON of `info --json` for a format with no info of its own. */
export interface SessionInfo {
  format: string;
  name: string;
  size: number;
  label: string;
  facts: Record<string, string>;
  nodeCount: number;
  issues: CliIssue[];
}

/** What `info` shows of any session: its label, header facts, node count and issues. */
export function sessionInfo(session: Session, file: { name: string; size: number }): CliInfo {
  const info: SessionInfo = {
    format: session.format,
    name: file.name,
    size: file.size,
    label: session.label,
    facts: Object.fromEntries(session.facts),
    nodeCount: session.nodeCount(),
    issues: cliIssues(session.issues),
  };
  const column = (label: string) => label.toLowerCase().padEnd(11);
  const lines = [
    `${column('file')} ${info.name}`,
    `${column('format')} ${info.label}`,
    `${column('size')} ${info.size} bytes`,
    ...session.facts.map(([label, value]) => `${column(label)} ${value}`),
    `${column('nodes')} ${info.nodeCount}`,
    ...issueLines(info.issues, `${column('issues')} `),
  ];
  return { json: info, lines };
}

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
        async ({ source, module, session, folder }) => {
          requireReadable(path, session);
          // A folder's session spans many files: the generic facts, under the set's name.
          if (folder) return printInfo(sessionInfo(session, folder));
          const cli = hooks.get(module.id);
          const own = new Set((cli?.infoOptions ?? []).map((option) => option.name));
          const formatOptions = Object.fromEntries(
            Object.entries(given).filter(([name]) => own.has(name)),
          );
          const info = cli?.info
            ? await cli.info({ session, source, options: formatOptions })
            : sessionInfo(session, source);
          return printInfo(info);
        },
        { args, formats },
      );
    },
  };
}
