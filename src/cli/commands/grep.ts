/**
 * `delve grep PATTERN FILE [--regex|--hex] [--utf16|--both] [--ignore-case] [--json]`: finds a
 * string (UTF-8; `--utf16` as UTF-16LE, `--both` either), a regular expression over the
 * content decoded as UTF-8 (`--regex`), or hex bytes with `??` for any byte (`--hex`) in every
 * entry's content, as the format decodes it. One line per match, `path:offset: context` (the
 * offset in bytes into the entry, decimal, as `grep -b` gives it), or with `--json` one JSON
 * object per line (JSON Lines): `{"path", "offset", "length", "context"}`. Exits as grep does:
 * 0 when something was found, 1 when nothing was, 2 on a usage error (a bad pattern too).
 */
import { FormatError } from '../../binary/format-error.ts';
import { compileGrep, type CompiledGrep, type GrepQuery } from '../../binary/grep-query.ts';
import { grepEntries, type ContentHit } from '../../formats/content-grep.ts';
import { usageError } from '../args.ts';
import type { Command } from '../command.ts';
import { reportIssues, withArchive } from '../open-session.ts';
import { oneLine, printable } from '../output.ts';
import { readingOrder } from '../read-order.ts';

const MODE_FLAGS = ['--regex', '--hex'] as const;
const ENCODING_FLAGS = ['--utf16', '--both'] as const;

function queryOf(flags: ReadonlySet<string>, pattern: string): CompiledGrep {
  if (MODE_FLAGS.every((flag) => flags.has(flag))) {
    throw usageError('--regex and --hex do not go together');
  }
  if (ENCODING_FLAGS.every((flag) => flags.has(flag))) {
    throw usageError('--utf16 and --both do not go together');
  }
  const mode = flags.has('--regex') ? 'regex' : flags.has('--hex') ? 'hex' : 'text';
  if (mode !== 'text' && ENCODING_FLAGS.some((flag) => flags.has(flag))) {
    throw usageError('--utf16 and --both are for a text pattern');
  }
  const query: GrepQuery = {
    mode,
    pattern,
    encoding: flags.has('--utf16') ? 'utf16le' : flags.has('--both') ? 'both' : 'utf8',
    ignoreCase: flags.has('--ignore-case'),
  };
  try {
    return compileGrep(query);
  } catch (error) {
    if (error instanceof FormatError) {
      throw usageError(`bad pattern at character ${error.offset}: ${oneLine(error.detail)}`);
    }
    throw error;
  }
}

function hitLine(hit: ContentHit, isJson: boolean): string {
  if (isJson) {
    const { path, offset, length, context } = hit;
    return JSON.stringify({ path, offset, length, context });
  }
  return `${printable(hit.path)}:${hit.offset}: ${hit.context}`;
}

export const grepCommand: Command = {
  usage: 'grep PATTERN FILE [--regex|--hex] [--utf16|--both] [--ignore-case] [--json]',
  summary:
    'find text, a regular expression or hex bytes (?? any byte) in every entry; exit 1 when none is found',
  spec: { flags: ['--json', ...MODE_FLAGS, ...ENCODING_FLAGS, '--ignore-case'] },
  positionals: ['PATTERN', 'FILE'],
  required: 2,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const [pattern, path] = args.positionals as [string, string];
    const query = queryOf(args.flags, pattern);
    const isJson = args.flags.has('--json');
    return withArchive(
      cwd,
      path,
      async ({ session, content }) => {
        await reportIssues(err, path, session.issues);
        const table = session.nodeTable();
        const order = readingOrder(content, session.nodeCount());
        const readable = Array.from(order).filter(
          (index) => (content.unavailable?.(index) ?? null) === null,
        );
        let lines: string[] = [];
        const summary = await grepEntries({
          query,
          indexes: readable,
          pathOf: (index) => table.path(index),
          sizeOf: (index) => table.size(index),
          contentAt: async (position) => (await content.read(readable[position]!)).bytes,
          onHit: (hit) => lines.push(hitLine(hit, isJson)),
          onProgress: () => undefined,
          // Matches go out entry by entry, so a pipe sees them as they are found.
          pause: async () => {
            if (lines.length === 0) return;
            const batch = lines;
            lines = [];
            await out.lines(batch);
          },
        });
        await out.lines(lines);
        const skipped = order.length - readable.length + summary.skipped;
        if (skipped > 0) {
          const reason =
            summary.skippedReason === null ? '' : ` (${oneLine(summary.skippedReason)})`;
          await err.line(
            `${path}: ${skipped} entries could not be read and were not searched${reason}`,
          );
        }
        return summary.hitCount > 0 ? 0 : 1;
      },
      { args, formats },
    );
  },
};
