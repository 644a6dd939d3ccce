/**
 * `delve diff A B [--json] [--all] [--content] [--build N]`: what changed between two files
 * (or two game folders) of the same format, over the node model (compare/diff-sessions.ts):
 * each node added, removed, changed or unchanged, matched by path. Exit codes as `diff`'s:
 * 0 the same, 1 they differ, 2 trouble (a usage error, or a file that cannot be read).
 */
import { diffSessions } from '../../compare/diff-sessions.ts';
import {
  countsLine,
  diffJson,
  diffLine,
  diffReport,
  type DiffReport,
} from '../../compare/diff-report.ts';
import type { DiffStatus } from '../../compare/types.ts';
import type { Session } from '../../formats/model.ts';
import { usageError } from '../args.ts';
import type { Command, CommandContext } from '../command.ts';
import { reportIssues, requireReadable, withSession, type OpenedFile } from '../open-session.ts';
import { CliError, printable } from '../output.ts';

const CHANGES: ReadonlySet<DiffStatus> = new Set(['added', 'removed', 'changed']);
const EVERY: ReadonlySet<DiffStatus> = new Set([...CHANGES, 'unchanged']);

/** Opens both files (each a file or a folder) and runs `use` on their sessions. */
function withBoth<T>(
  context: CommandContext,
  use: (oldSession: Session, newSession: Session) => Promise<T>,
): Promise<T> {
  const { args, cwd, err, formats } = context;
  const [oldPath, newPath] = args.positionals as [string, string];
  // One --build picks the build of both folders; a second picks B's.
  const builds = args.allValues.get('--build') ?? [];
  if (builds.length > 2) throw usageError('--build is given once (both) or twice (A, then B)');
  const optionsOf = (build: string | undefined) => (build === undefined ? {} : { build });
  const lookup = { args, formats };
  const readable = async (path: string, opened: OpenedFile) => {
    requireReadable(path, opened.session);
    await reportIssues(err, path, opened.session.issues);
    return opened;
  };
  return withSession(
    cwd,
    oldPath,
    async (oldOpened) => {
      await readable(oldPath, oldOpened);
      return withSession(
        cwd,
        newPath,
        async (newOpened) => {
          await readable(newPath, newOpened);
          if (newOpened.module.id !== oldOpened.module.id) {
            throw usageError(
              `${oldPath} is ${oldOpened.module.label} and ${newPath} is ${newOpened.module.label}: diff compares files of one format`,
            );
          }
          return use(oldOpened.session, newOpened.session);
        },
        lookup,
        optionsOf(builds[1] ?? builds[0]),
      );
    },
    lookup,
    optionsOf(builds[0]),
  );
}

async function printReport(context: CommandContext, report: DiffReport): Promise<void> {
  const { args, out } = context;
  if (args.flags.has('--json')) {
    await out.write(diffJson(report));
    return;
  }
  await out.lines(report.entries.map((entry) => printable(diffLine(entry))));
  const [oldPath, newPath] = args.positionals;
  await out.line(`${printable(oldPath!)} -> ${printable(newPath!)}: ${countsLine(report)}`);
}

export const diffCommand: Command = {
  usage: 'diff A B [--json] [--all] [--content] [--build N [--build M]]',
  summary:
    'what changed from A to B (files or game folders of one format): each entry added, removed, changed or unchanged (exit 0 same, 1 different, 2 trouble)',
  spec: { flags: ['--json', '--all', '--content'], values: ['--build'] },
  positionals: ['A', 'B'],
  required: 2,
  takesSources: true,
  async run(context) {
    try {
      return await withBoth(context, async (oldSession, newSession) => {
        const { counts, rows } = await diffSessions(oldSession, newSession, {
          compareContent: context.args.flags.has('--content'),
        });
        const listed = context.args.flags.has('--all') ? EVERY : CHANGES;
        await printReport(context, diffReport(rows, listed));
        return counts.added + counts.removed + counts.changed > 0 ? 1 : 0;
      });
    } catch (error) {
      // Exit 1 means "they differ": a file that cannot be read is trouble, as in diff.
      if (error instanceof CliError && error.exitCode === 1) throw new CliError(error.message, 2);
      throw error;
    }
  },
};
