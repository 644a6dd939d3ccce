/**
 * Pieces of `info` every format's CLI output shares: the issues as JSON (`{severity, code,
 * message, entryIndex, offset}`, docs/CLI.md) and as text lines, and what `info` shows of a
 * session whose format has no info of its own.
 */
import type { CliInfo, Issue, Session } from './model.ts';

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

/** The JSON of `info --json` for a format with no info of its own. */
export interface SessionInfo {
  format: string;
  name: string;
  size: number;
  label: string;
  facts: Record<string, string>;
  nodeCount: number;
  issues: CliIssue[];
}

/** What `info` shows of any session: its label, header facts, node count and issues. */
export function sessionInfo(session: Session, file: { name: string; size: number }): CliInfo {
  const info: SessionInfo = {
    format: session.format,
    name: file.name,
    size: file.size,
    label: session.label,
    facts: Object.fromEntries(session.facts),
    nodeCount: session.nodeCount(),
    issues: cliIssues(session.issues),
  };
  const column = (label: string) => label.toLowerCase().padEnd(11);
  const lines = [
    `${column('file')} ${info.name}`,
    `${column('format')} ${info.label}`,
    `${column('size')} ${info.size} bytes`,
    ...session.facts.map(([label, value]) => `${column(label)} ${value}`),
    `${column('nodes')} ${info.nodeCount}`,
    ...issueLines(info.issues, `${column('issues')} `),
  ];
  return { json: info, lines };
}
