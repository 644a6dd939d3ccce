/** What every CLI command gets and declares. */
import type { Readable } from 'node:stream';
import type { ArgSpec, ParsedArgs } from './args.ts';
import type { CliFormat } from './format-cli.ts';
import type { Output } from './output.ts';

export interface CommandContext {
  args: ParsedArgs;
  /** The registered formats with their CLI hooks (the source folders of `takesSources`). */
  formats: readonly CliFormat[];
  out: Output;
  err: Output;
  /** Folder relative paths are resolved against. */
  cwd: string;
  /** Where a command reads text it is not given as an argument; null: nowhere. */
  stdin: Readable | null;
}

export interface Command {
  /** e.g. `ls FILE [--json]`. */
  usage: string;
  summary: string;
  spec: ArgSpec;
  /** Names of the positional arguments; the ones after `required` are optional. */
  positionals: readonly string[];
  required: number;
  /**
   * Whether its one positional (a file) may repeat: `ls a.idx b.idx` runs it for each file
   * in turn, in one process (run.ts `runForEachFile`).
   */
  manyFiles?: boolean;
  /**
   * Whether it opens archives whose sources (volumes) it looks for: it then takes every
   * format's source-folder option (`FormatCli.sources`, e.g. `--pkg-dir DIR`).
   */
  takesSources?: boolean;
  /** Resolves to the exit code. */
  run(context: CommandContext): Promise<number>;
}

export { hex } from '../binary/hex.ts';
