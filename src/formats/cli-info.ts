/**
 * Pieces of `info` every format's CLI output shares: the issues as JSON (`{severity, code,
 * message, entryIndex, offset}`, docs/CLI.md) and as text lines.
 */
import type { Issue } from './model.ts';

export interface CliIssue {
  severity: string;
  code: string;
  message: string;
  entryIndex: number | null;
  offset: number | null;
}

export function cliIssues(issues: readonly Issue[]): CliIssue[] {
  return issues.map((issue) => ({
    severity: issue.severity,
    code: issue.code,
    message: issue.message,
    entryIndex: issue.entryIndex ?? null,
    offset: issue.span?.offset ?? null,
  }));
}

/** `issues      2`, then a line per issue. */
export function issueLines(
  issues: readonly { severity: string; code: string; message: string }[],
  label = 'issues      ',
): string[] {
  return [
    `${label}${issues.length === 0 ? 'none' : issues.length}`,
    ...issues.map((issue) => `  ${issue.severity} ${issue.code}: ${issue.message}`),
  ];
}
