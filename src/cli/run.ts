/**
 * The CLI as a function: `runCli(argv, io)` resolves to the exit code, so tests call it
 * directly. Every failure ends as one line on stderr (the file, what failed, the byte
 * offset for format errors), never a stack trace. Exit codes: 0 ok, 1 failure
 * (bad file, checksum mismatch, refused entries), 2 usage error.
 *
 * The commands are generic over sessions; the formats, their options and `pack`'s writers
 * come from the registry (format-cli.ts), so the help lists whatever formats are registered.
 */
import type { Readable, Writable } from 'node:stream';
import { parseArgs, usageError } from './args.ts';
import type { Command, CommandContext } from './command.ts';
import { catCommand } from './commands/cat.ts';
import { diffCommand } from './commands/diff.ts';
import { imageCommand } from './commands/image.ts';
import { extractCommand } from './commands/extract.ts';
import { formatCommands } from './commands/format-commands.ts';
import { grepCommand } from './commands/grep.ts';
import { infoCommand } from './commands/info.ts';
import { lsCommand } from './commands/ls.ts';
import { packCommand } from './commands/pack.ts';
import { verifyCommand } from './commands/verify.ts';
import { verifyInstallCommand } from './commands/verify-install.ts';
import {
  loadCliFormats,
  optionFlag,
  optionsHelp,
  optionsUsage,
  sourceOptions,
  uniqueOptions,
  type CliFormat,
} from './format-cli.ts';
import { BrokenPipeError, CliError, Output, oneLine, printable } from './output.ts';

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  /** Where commands read text they are not given (`decode-frame`'s hex); none by default. */
  stdin?: Readable;
  /** Folder relative paths are resolved against; default `process.cwd()`. */
  cwd?: string;
}

/** The commands, by name, for the registered formats. */
export function cliCommands(formats: readonly CliFormat[]): Readonly<Record<string, Command>> {
  const pack = packCommand(formats);
  return {
    info: infoCommand(formats),
    ls: lsCommand,
    verify: verifyCommand,
    'verify-install': verifyInstallCommand,
    cat: catCommand,
    extract: extractCommand,
    grep: grepCommand,
    image: imageCommand,
    diff: diffCommand,
    ...(pack ? { pack } : {}),
    ...formatCommands(formats),
  };
}

/** A command's usage line, with the source-folder options when it takes them. */
function usageOf(command: Command, formats: readonly CliFormat[]): string {
  return command.takesSources
    ? command.usage + optionsUsage(sourceOptions(formats))
    : command.usage;
}

/** One line per format: its label, extensions and what Delve shows of it. */
function formatRows(formats: readonly CliFormat[]): string[] {
  return formats.flatMap(({ module }) => {
    const extensions = module.extensions.length > 0 ? ` (${module.extensions.join(', ')})` : '';
    return [`  ${module.label}${extensions}`, `      ${module.summary}`];
  });
}

export function helpText(formats: readonly CliFormat[]): string {
  const sources = sourceOptions(formats);
  const commands = Object.values(cliCommands(formats)).flatMap((command) => [
    `  delve ${usageOf(command, formats)}`,
    `      ${command.summary}`,
  ]);
  const infoOptions = uniqueOptions(formats.flatMap(({ cli }) => cli.infoOptions ?? []));
  const packOptions = uniqueOptions(formats.flatMap(({ cli }) => cli.pack?.options ?? []));
  return [
    'Delve: look inside game asset files.',
    '',
    'Usage:',
    ...commands,
    '',
    'Formats:',
    ...formatRows(formats),
    '',
    'Options:',
    "  --json        machine-readable output (info, ls, verify, diff, grep and the formats' own commands)",
    '  --all         diff: list unchanged entries too',
    '  --content     diff: compare content bytes even where both sides keep a checksum',
    '  --build N     diff of game folders: build N of each, not the newest (given twice: A, then B)',
    '  --csv         ls: the listing as CSV (the columns of ls --json)',
    '  -o, --output  where extract writes (a folder) or pack writes (a file)',
    '  -h, --help    show this help',
    ...(sources.length > 0
      ? ['', 'Where ls, cat, extract, verify and info find sources:', ...optionsHelp(sources)]
      : []),
    ...(infoOptions.length > 0 ? ['', 'Options of info:', ...optionsHelp(infoOptions)] : []),
    ...(packOptions.length > 0 ? ['', 'Options of pack:', ...optionsHelp(packOptions)] : []),
    '',
    'Exit codes: 0 ok, 1 failure (bad file, checksum mismatch, refused entries), 2 usage error',
    '(also verify, cat or extract on a document, such as a level, which is not an archive, and ls',
    'on one whose format lists nothing of it). diff exits as diff does: 0 the same, 1 different,',
    '2 trouble (a usage error or a file it cannot read). grep exits as grep does: 0 when it found',
    'something, 1 when it found nothing, 2 on a usage error (a bad pattern too).',
  ].join('\n');
}

/**
 * A command given several files: run for each in turn, in this one process. Text output
 * heads each file's part with its path; JSON is one array of `{"file", "result"}` (the
 * command's JSON for that file alone), `"result": null` with `"error"` for a file that
 * failed. A failing file's line goes to stderr and the rest still run; the exit code is
 * the worst of them.
 */
async function runForEachFile(command: Command, context: CommandContext): Promise<number> {
  const { args, out, err } = context;
  const isJson = args.flags.has('--json');
  const files = args.positionals;
  let worst = 0;
  if (isJson) await out.line('[');
  for (const [at, file] of files.entries()) {
    if (isJson) await out.line(`{"file": ${JSON.stringify(file)}, "result":`);
    else await out.line(`${at > 0 ? '\n' : ''}${printable(file)}:`);
    let failure: string | null = null;
    let code: number;
    try {
      code = await command.run({ ...context, args: { ...args, positionals: [file] } });
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      failure = oneLine(error.message);
      code = error.exitCode;
      await err.line(failure);
    }
    if (isJson) {
      const end = at < files.length - 1 ? ',' : '';
      await out.line(
        failure === null ? `}${end}` : `null, "error": ${JSON.stringify(failure)}}${end}`,
      );
    }
    worst = Math.max(worst, code);
  }
  if (isJson) await out.line(']');
  return worst;
}

async function dispatch(
  argv: readonly string[],
  out: Output,
  err: Output,
  cwd: string,
  stdin: Readable | null,
): Promise<number> {
  const formats = await loadCliFormats();
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await out.line(helpText(formats));
    return name === undefined ? 2 : 0;
  }
  const command = cliCommands(formats)[name];
  if (!command) throw usageError(`unknown command ${JSON.stringify(name)}`);
  const sources = command.takesSources ? sourceOptions(formats).map(optionFlag) : [];
  const args = parseArgs(rest, {
    ...command.spec,
    values: [...(command.spec.values ?? []), ...sources],
  });
  if (args.flags.has('--help')) {
    await out.line(`Usage: delve ${usageOf(command, formats)}\n  ${command.summary}`);
    return 0;
  }
  const count = args.positionals.length;
  const most = command.manyFiles ? Infinity : command.positionals.length;
  if (count < command.required || count > most) {
    throw usageError(`usage: delve ${usageOf(command, formats)}`);
  }
  const context = { args, out, err, cwd, formats, stdin };
  return command.manyFiles && count > 1 ? runForEachFile(command, context) : command.run(context);
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const out = new Output(io.stdout);
  const err = new Output(io.stderr);
  try {
    return await dispatch(argv, out, err, io.cwd ?? process.cwd(), io.stdin ?? null);
  } catch (error) {
    if (error instanceof BrokenPipeError) return 0;
    const line =
      error instanceof CliError
        ? error.message
        : `delve: internal error: ${error instanceof Error ? error.message : String(error)}`;
    try {
      await err.line(oneLine(line));
    } catch {
      // stderr is gone too; the exit code still tells.
    }
    return error instanceof CliError ? error.exitCode : 1;
  }
}
