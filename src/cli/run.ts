/**
 * The CLI as a function: `runCli(argv, io)` resolves to the exit code, so tests call it
 * directly. Every failure ends as one line on stderr (the file, what failed, the byte
 * offset for format errors), never a stack trace. Exit codes: 0 ok, 1 failure
 * (bad file, CRC mismatch, refused entries), 2 usage error.
 */
import type { Writable } from 'node:stream';
import { parseArgs, usageError } from './args.ts';
import type { Command } from './command.ts';
import { catCommand } from './commands/cat.ts';
import { extractCommand } from './commands/extract.ts';
import { infoCommand } from './commands/info.ts';
import { lsCommand } from './commands/ls.ts';
import { packCommand } from './commands/pack.ts';
import { verifyCommand } from './commands/verify.ts';
import { BrokenPipeError, CliError, Output, oneLine } from './output.ts';

export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  /** Folder relative paths are resolved against; default `process.cwd()`. */
  cwd?: string;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  info: infoCommand,
  ls: lsCommand,
  verify: verifyCommand,
  cat: catCommand,
  extract: extractCommand,
  pack: packCommand,
};

export function helpText(): string {
  const rows = Object.values(COMMANDS).flatMap((command) => [
    `  delve ${command.usage}`,
    `      ${command.summary}`,
  ]);
  return [
    'Delve: look inside game asset files (KIWAD .wad archives, WWD levels).',
    '',
    'Usage:',
    ...rows,
    '',
    'Options:',
    '  --json      machine-readable output (info, ls, verify)',
    '  --encoding  cp1252 (default) or cp1250: how info decodes the strings of a WWD level',
    '  -h, --help  show this help',
    '',
    'Exit codes: 0 ok, 1 failure (bad file, CRC mismatch, refused entries), 2 usage error',
    '(also ls, verify, cat or extract on a WWD level, which is not an archive).',
  ].join('\n');
}

async function dispatch(
  argv: readonly string[],
  out: Output,
  err: Output,
  cwd: string,
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await out.line(helpText());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) throw usageError(`unknown command ${JSON.stringify(name)}`);
  const args = parseArgs(rest, command.spec);
  if (args.flags.has('--help')) {
    await out.line(`Usage: delve ${command.usage}\n  ${command.summary}`);
    return 0;
  }
  const count = args.positionals.length;
  if (count < command.required || count > command.positionals.length) {
    throw usageError(`usage: delve ${command.usage}`);
  }
  return command.run({ args, out, err, cwd });
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const out = new Output(io.stdout);
  const err = new Output(io.stderr);
  try {
    return await dispatch(argv, out, err, io.cwd ?? process.cwd());
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
