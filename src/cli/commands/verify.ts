/**
 * `delve verify FILE [--json]`: recomputes every entry's KI-CRC over its stored bytes.
 * Exit 0 when every entry is ok or unpatched (a placeholder of zero bytes), 1 on any mismatch.
 */
import { checkKiwadEntry } from '../../formats/kiwad/read.ts';
import type { KiwadEntryStatus } from '../../formats/kiwad/types.ts';
import type { Command } from '../command.ts';
import { reportIssues, withKiwad } from '../archive.ts';
import { printable } from '../output.ts';

export interface VerifyReport {
  ok: number;
  mismatched: number;
  unpatched: number;
  entries: { path: string; status: KiwadEntryStatus }[];
}

export const verifyCommand: Command = {
  usage: 'verify FILE [--json]',
  summary: "check every entry's CRC (exit 1 on any mismatch; unpatched entries are fine)",
  spec: { flags: ['--json'] },
  positionals: ['FILE'],
  required: 1,
  run({ args, out, err, cwd }) {
    const path = args.positionals[0]!;
    return withKiwad(cwd, path, async ({ source, archive, issues }) => {
      await reportIssues(err, path, issues);
      const report: VerifyReport = { ok: 0, mismatched: 0, unpatched: 0, entries: [] };
      for (const entry of archive.entries) {
        const status = await checkKiwadEntry(source, entry);
        if (status === 'ok') report.ok++;
        else if (status === 'mismatch') report.mismatched++;
        else report.unpatched++;
        report.entries.push({ path: entry.name, status });
      }
      if (args.flags.has('--json')) {
        await out.line(JSON.stringify(report, null, 2));
      } else {
        const notOk = report.entries.filter((entry) => entry.status !== 'ok');
        await out.lines(notOk.map((entry) => `${entry.status.padEnd(9)} ${printable(entry.path)}`));
        await out.line(
          `${path}: ${archive.entries.length} entries: ${report.ok} ok, ${report.mismatched} mismatched, ${report.unpatched} unpatched`,
        );
      }
      return report.mismatched > 0 ? 1 : 0;
    });
  },
};
