/**
 * A small argv parser: positionals, boolean flags and options with a value
 * (`-o DIR`, `--output=DIR`). Each command says which it accepts; anything else is a
 * usage error (exit 2).
 */
import { CliError } from './output.ts';

export interface ParsedArgs {
  positionals: string[];
  flags: Set<string>;
  /** Each option's value; the last one where it is given more than once. */
  values: Map<string, string>;
  /** Every value of each option, in the order given (for options that may repeat). */
  allValues: Map<string, string[]>;
}

export interface ArgSpec {
  /** Boolean options, canonical long names such as `--json`. */
  flags?: readonly string[];
  /** Options taking a value, canonical long names such as `--output`. */
  values?: readonly string[];
}

const ALIASES: Record<string, string> = { '-o': '--output', '-h': '--help' };

export function usageError(message: string): CliError {
  return new CliError(`delve: ${message} (see delve --help)`, 2);
}

export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const flags = new Set(spec.flags ?? []);
  const values = new Set(spec.values ?? []);
  const parsed: ParsedArgs = {
    positionals: [],
    flags: new Set(),
    values: new Map(),
    allValues: new Map(),
  };
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      parsed.positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const rawName = equals > 0 ? arg.slice(0, equals) : arg;
    const name = ALIASES[rawName] ?? rawName;
    if (flags.has(name) || name === '--help') {
      if (equals > 0) throw usageError(`${rawName} takes no value`);
      parsed.flags.add(name);
    } else if (values.has(name)) {
      const value = equals > 0 ? arg.slice(equals + 1) : argv[++i];
      if (value === undefined) throw usageError(`${rawName} needs a value`);
      parsed.values.set(name, value);
      parsed.allValues.set(name, [...(parsed.allValues.get(name) ?? []), value]);
    } else {
      throw usageError(`unknown option ${rawName}`);
    }
  }
  return parsed;
}
