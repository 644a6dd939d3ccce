/**
 * `delve verify FILE [--json]`: checks every entry against the checksum the file keeps,
 * through the session's verify capability. Exit 0 when every entry is ok or unpatched (a
 * placeholder of zero bytes); 1 on any mismatch, missing source, entry that cannot be
 * checked (a compression Delve does not decode) or error.
 */
import type { CancelSignal, NodeStatus, Session } from '../../formats/model.ts';
import type { Command } from '../command.ts';
import { reportIssues, withArchive } from '../open-session.ts';
import { printable } from '../output.ts';

/** An outcome of checking one entry. */
export type CheckedStatus = Exclude<NodeStatus, 'unchecked'>;

/** The JSON shape of `verify --json`: each count (also when zero), then every entry's status. */
export interface VerifyReport {
  ok: number;
  mismatched: number;
  unpatched: number;
  missing: number;
  unsupported: number;
  errors: number;
  entries: { path: string; status: CheckedStatus }[];
}

/** Statuses that make the exit code 1. */
const FAILING: ReadonlySet<CheckedStatus> = new Set([
  'mismatch',
  'missing',
  'unsupported',
  'error',
]);

/** The CLI runs one check to its end: it is never cancelled (Ctrl-C ends the process). */
const NEVER_CANCELLED: CancelSignal = { isCancelled: false, throwIfCancelled: () => undefined };

/** Every node's status, in node order: a precheck's, else the check's. */
export async function checkAll(session: Session): Promise<CheckedStatus[]> {
  const count = session.nodeCount();
  const verify = session.verify;
  const statuses = new Array<NodeStatus>(count).fill(verify ? 'unchecked' : 'unsupported');
  if (verify) {
    const toCheck: number[] = [];
    for (let index = 0; index < count; index++) {
      const status = verify.precheck?.(index) ?? null;
      if (status === null) toCheck.push(index);
      else statuses[index] = status;
    }
    await verify.run(toCheck, (index, status) => (statuses[index] = status), NEVER_CANCELLED);
  }
  // A node the check never reported on was not checked: that is an error of the check.
  return statuses.map((status) => (status === 'unchecked' ? 'error' : status));
}

export function verifyReport(session: Session, statuses: readonly CheckedStatus[]): VerifyReport {
  const counts: Record<CheckedStatus, number> = {
    ok: 0,
    mismatch: 0,
    unpatched: 0,
    missing: 0,
    unsupported: 0,
    error: 0,
  };
  const table = session.nodeTable();
  const entries = statuses.map((status, index) => {
    counts[status]++;
    return { path: table.path(index), status };
  });
  return {
    ok: counts.ok,
    mismatched: counts.mismatch,
    unpatched: counts.unpatched,
    missing: counts.missing,
    unsupported: counts.unsupported,
    errors: counts.error,
    entries,
  };
}

function summaryLine(path: string, report: VerifyReport): string {
  const parts = [
    `${report.ok} ok`,
    `${report.mismatched} mismatched`,
    `${report.unpatched} unpatched`,
  ];
  if (report.missing) parts.push(`${report.missing} missing`);
  if (report.unsupported) parts.push(`${report.unsupported} unsupported`);
  if (report.errors) parts.push(`${report.errors} errors`);
  return `${path}: ${report.entries.length} entries: ${parts.join(', ')}`;
}

export const verifyCommand: Command = {
  usage: 'verify FILE... [--json]',
  summary:
    'check every entry against its stored checksum (exit 1 on a mismatch, missing source, unsupported entry or error; unpatched entries are fine)',
  spec: { flags: ['--json'] },
  positionals: ['FILE'],
  required: 1,
  manyFiles: true,
  takesSources: true,
  run({ args, out, err, cwd, formats }) {
    const path = args.positionals[0]!;
    return withArchive(
      cwd,
      path,
      async ({ session }) => {
        await reportIssues(err, path, session.issues);
        const statuses = await checkAll(session);
        const report = verifyReport(session, statuses);
        if (args.flags.has('--json')) {
          await out.line(JSON.stringify(report, null, 2));
        } else {
          const notOk = report.entries.filter((entry) => entry.status !== 'ok');
          await out.lines(
            notOk.map((entry) => `${entry.status.padEnd(9)} ${printable(entry.path)}`),
          );
          await out.line(summaryLine(path, report));
        }
        return statuses.some((status) => FAILING.has(status)) ? 1 : 0;
      },
      { args, formats },
    );
  },
};
