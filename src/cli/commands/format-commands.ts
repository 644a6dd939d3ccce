/**
 * The commands formats add to the CLI (model.ts `FormatCli.commands`), e.g.
 * `delve decode-frame [HEX|-] --protocol FILE... [--json]`. Generic: the CLI reads the files
 * the command's option names (each may fail on its own line, exit 1) and its text — the one
 * argument, or stdin when it is absent or `-` — and prints what the command says: JSON with
 * `--json`, else lines. A problem the command ran into goes to stderr after the output,
 * exit 1.
 */
import type { Readable } from 'node:stream';
import type { CliCommand } from '../../formats/model.ts';
import { usageError } from '../args.ts';
import type { Command } from '../command.ts';
import { optionFlag, optionValues, optionsUsage, type CliFormat } from '../format-cli.ts';
import { asFileErrors, withSource } from '../open-session.ts';
import { oneLine, printable } from '../output.ts';

/** Everything on a stream, as UTF-8 text. */
async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function formatCommand(command: CliCommand): Command {
  const { files } = command;
  const flag = optionFlag(files);
  const filesUsage = `${flag} ${files.value}...`;
  return {
    usage: `${command.name} [${command.text}|-] ${files.isRequired ? filesUsage : `[${filesUsage}]`}${optionsUsage(command.options ?? [])} [--json]`,
    summary: command.summary,
    spec: { flags: ['--json'], values: [flag, ...(command.options ?? []).map(optionFlag)] },
    positionals: [command.text],
    required: 0,
    async run({ args, out, err, cwd, stdin }) {
      const paths = args.allValues.get(flag) ?? [];
      if (files.isRequired && paths.length === 0) {
        throw usageError(`${command.name} needs ${flag} ${files.value} (${files.summary})`);
      }
      const loaded: unknown[] = [];
      for (const path of paths) {
        const bytes = await withSource(cwd, path, (source) => source.read(0, source.size));
        loaded.push(await asFileErrors(path, async () => command.load(bytes, path)));
      }
      const options = optionValues(args, command.options ?? []);
      const given = args.positionals[0];
      let text = given ?? '-';
      if (given === undefined && command.isTextNeeded?.(options) === false) text = '';
      else if (text === '-') {
        if (!stdin) throw usageError(`${command.name} needs ${command.text}, or it on stdin`);
        text = await readAll(stdin);
      }
      const result = command.run(loaded, text, options);
      if (args.flags.has('--json')) await out.line(JSON.stringify(result.json, null, 2));
      else await out.lines(result.lines.map(printable));
      if (result.failure === null) return 0;
      await err.line(oneLine(`delve ${command.name}: ${result.failure}`));
      return 1;
    },
  };
}

/** The formats' own commands, by name. */
export function formatCommands(formats: readonly CliFormat[]): Record<string, Command> {
  return Object.fromEntries(
    formats.flatMap(({ cli }) =>
      (cli.commands ?? []).map((command) => [command.name, formatCommand(command)] as const),
    ),
  );
}
