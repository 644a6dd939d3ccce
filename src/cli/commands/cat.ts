/** `delve cat FILE ENTRY`: an entry's content bytes (inflated) on stdout. */
import { FormatError } from '../../binary/format-error.ts';
import { readKiwadEntry } from '../../formats/kiwad/read.ts';
import type { Command } from '../command.ts';
import { withKiwad } from '../archive.ts';
import { CliError, oneLine } from '../output.ts';

/** Bytes per write, so a large entry streams out with backpressure. */
const WRITE_CHUNK = 1024 * 1024;

export const catCommand: Command = {
  usage: 'cat FILE ENTRY',
  summary: "write an entry's content to stdout",
  spec: {},
  positionals: ['FILE', 'ENTRY'],
  required: 2,
  run({ args, out, err, cwd }) {
    const [path, name] = args.positionals as [string, string];
    return withKiwad(cwd, path, async ({ source, archive }) => {
      const entry = archive.entries.find((candidate) => candidate.name === name);
      if (!entry) throw new CliError(`${path}: no entry named ${JSON.stringify(name)}`);
      let content: Awaited<ReturnType<typeof readKiwadEntry>>;
      try {
        content = await readKiwadEntry(source, entry);
      } catch (error) {
        if (error instanceof FormatError) throw new CliError(`${path}: ${oneLine(error.message)}`);
        throw error;
      }
      if (content.warning) await err.line(`${path}: warning: ${oneLine(content.warning)}`);
      for (let at = 0; at < content.bytes.length; at += WRITE_CHUNK) {
        await out.write(content.bytes.subarray(at, at + WRITE_CHUNK));
      }
      return 0;
    });
  },
};
