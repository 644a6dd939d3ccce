/**
 * The formats as the CLI sees them: every registered module with what it adds to the CLI
 * (model.ts FormatCli, loaded on demand), and the handling of the options formats declare.
 * Help, `info`'s options and `pack`'s writers all come from here, never from a list of
 * format names in the CLI.
 */
import type { CliOption, CliOptionValues, FormatCli, FormatModule } from '../formats/model.ts';
import { FORMATS } from '../formats/registry.ts';
import { usageError, type ParsedArgs } from './args.ts';

export interface CliFormat {
  module: FormatModule;
  cli: FormatCli;
}

/** Every registered format, in registry order, with its CLI hooks (none: `{}`). */
export async function loadCliFormats(): Promise<CliFormat[]> {
  const modules: readonly FormatModule[] = FORMATS;
  return Promise.all(
    modules.map(async (module) => ({ module, cli: module.cli ? await module.cli() : {} })),
  );
}

/** `--name`, as the argument parser knows it. */
export const optionFlag = (option: CliOption) => `--${option.name}`;

/** `--name VALUE`, `--name` for a flag. */
const optionText = (option: CliOption) =>
  option.isFlag ? optionFlag(option) : `${optionFlag(option)} ${option.value}`;

/** ` [--name VALUE]` for each option (`…` after one that repeats), for a usage line. */
export function optionsUsage(options: readonly CliOption[]): string {
  return options
    .map((option) => ` [${optionText(option)}]${option.sideInput ? '...' : ''}`)
    .join('');
}

/** Help rows of options: `  --name VALUE  summary`. */
export function optionsHelp(options: readonly CliOption[]): string[] {
  const names = options.map(optionText);
  const width = Math.max(0, ...names.map((name) => name.length));
  return options.map((option, index) => `  ${names[index]!.padEnd(width)}  ${option.summary}`);
}

/** Options by name, once each (formats may share one). */
export function uniqueOptions(options: Iterable<CliOption>): CliOption[] {
  const byName = new Map<string, CliOption>();
  for (const option of options) if (!byName.has(option.name)) byName.set(option.name, option);
  return [...byName.values()];
}

const listed = (values: readonly string[]) =>
  values.length <= 1
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]!}`;

/**
 * The values given for `options`, checked against their choices (a usage error, exit 2,
 * names the choices); a choice is passed on as listed.
 */
export function optionValues(args: ParsedArgs, options: readonly CliOption[]): CliOptionValues {
  const values: Record<string, string> = {};
  for (const option of options) {
    // Side inputs are files, read by the command (`sideInputFiles`), not values.
    if (option.sideInput) continue;
    if (option.isFlag) {
      if (args.flags.has(optionFlag(option))) values[option.name] = 'true';
      continue;
    }
    const given = args.values.get(optionFlag(option));
    if (given === undefined) continue;
    if (!option.choices) {
      values[option.name] = given;
      continue;
    }
    const choice = option.choices.find((value) => value.toLowerCase() === given.toLowerCase());
    if (choice === undefined) {
      throw usageError(
        `${optionFlag(option)} must be ${listed(option.choices)}, not ${JSON.stringify(given)}`,
      );
    }
    values[option.name] = choice;
  }
  return values;
}

/** The source-folder options of every format, once each (`FormatCli.sources`). */
export function sourceOptions(formats: readonly CliFormat[]): CliOption[] {
  return uniqueOptions(formats.flatMap(({ cli }) => (cli.sources ? [cli.sources.option] : [])));
}

/** The argument parser's spec of options: flags apart from options with a value. */
export function optionSpec(options: readonly CliOption[]): { flags: string[]; values: string[] } {
  return {
    flags: options.filter((option) => option.isFlag).map(optionFlag),
    values: options.filter((option) => !option.isFlag).map(optionFlag),
  };
}
