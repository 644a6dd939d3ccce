/** `delve cat FILE ENTRY`: an entry's content bytes (as the format decodes them) on stdout. */
import type { Session } from '../../formats/model.ts';
import type { Command } from '../command.ts';
import { withArchive } from '../open-session.ts';
import { CliError, oneLine } from '../output.ts';

/** Bytes per write, so a large entry streams out with backpressure. */
const WRITE_CHUNK = 1024 * 1024;

/** The index of the first node named `name`, or -1. */
export function findNode(session: Session, name: string): number {
  const table = session.nodeTable();
  const count = session.nodeCount();
  for (let index = 0; index < count; index++) if (table.path(index) === name) return index;
  return -1;
}

export const catCommand: Command = {
  usage: 'cat FILE ENTRY',
  summary: "write an entry's content to stdout",
  spec: {},
  positionals: ['FILE', 'ENTRY'],
  required: 2,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const [path, name] = args.positionals as [string, string];
    return withArchive(
      cwd,
      path,
      async ({ session, content }) => {
        const index = findNode(session, name);
        if (index < 0) throw new CliError(`${path}: no entry named ${JSON.stringify(name)}`);
        const unavailable = content.unavailable?.(index) ?? null;
        if (unavailable) throw new CliError(`${path}: ${oneLine(unavailable)}`);
        const { bytes, warning } = await content.read(index);
        if (warning) await err.line(`${path}: warning: ${oneLine(warning)}`);
        for (let at = 0; at < bytes.length; at += WRITE_CHUNK) {
          await out.write(bytes.subarray(at, at + WRITE_CHUNK));
        }
        return 0;
      },
      { args, formats },
    );
  },
};
