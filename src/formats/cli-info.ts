/**
 * Pieces of `info` every format's CLI output shares: the issues as JSON (`{severity, code,
 * message, entryIndex, offset}`, docs/CLI.md) and as text lines, the lines `info` opens
 * with, what `info` shows of a session whose format has no info of its own, and the `info`
 * of a document format that gives its whole file as JSON (`documentCli`).
 */
import type { CliInfo, FormatCli, Issue, Session } from './model.ts';

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
  const lines = infoLines(session, file, info.issues, 11, [
    `${'nodes'.padEnd(11)} ${info.nodeCount}`,
  ]);
  return { json: info, lines };
}

/**
 * The lines `info` prints of any file: its name, format, size and facts, then `more`, then
 * its issues; each label in lower case, padded to `width`.
 */
export function infoLines(
  session: Session,
  file: { name: string; size: number },
  issues: readonly CliIssue[],
  width: number,
  more: readonly string[] = [],
): string[] {
  const column = (label: string) => `${label.toLowerCase().padEnd(width)} `;
  return [
    `${column('file')}${file.name}`,
    `${column('format')}${session.label}`,
    `${column('size')}${file.size} bytes`,
    ...session.facts.map(([label, value]) => `${column(label)}${value}`),
    ...more,
    ...issueLines(issues, column('issues')),
  ];
}

/** What a document format's `info` is made of: its whole file as JSON, and lines of its own. */
export interface DocumentCliSpec<J extends object> {
  /** Labels are padded to this many characters. */
  width: number;
  /** The whole file as `info --json` gives it (the issues are added). Throws FormatError. */
  json(bytes: Uint8Array): J;
  /** What `info` prints after the facts and issues. */
  lines(json: J, session: Session): string[];
}

/** The CLI of a document format: `info` prints the facts, issues and its own lines. */
export function documentCli<J extends object>(spec: DocumentCliSpec<J>): FormatCli {
  return {
    async info({ session, source }): Promise<CliInfo> {
      const bytes = await source.read(0, source.size);
      const json = { ...spec.json(bytes), issues: cliIssues(session.issues) };
      const lines = [...infoLines(session, source, json.issues, spec.width)];
      return { json, lines: [...lines, ...spec.lines(json, session)] };
    },
  };
}
