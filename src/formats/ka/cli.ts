/**
 * What keyed archives add to the generic CLI (model.ts FormatCli): `info` prints the
 * decoded tree — a line per key, indented by depth — and `info --json` gives it as
 * `{format, version, root, issues}`, where each value is `{type, value}` with DAVA's type
 * names (export.ts has the shape). A file that cannot be read is refused by the generic
 * CLI before this runs (one line naming the offset, exit 1).
 */
import { cliIssues, issueLines } from '../cli-info.ts';
import type { CliInfo, FormatCli } from '../model.ts';
import { kaJson } from './session.ts';

export const kaCli: FormatCli = {
  async info({ session, source }): Promise<CliInfo> {
    const bytes = await source.read(0, source.size);
    const json = { ...kaJson(bytes), issues: cliIssues(session.issues) };
    const column = (label: string) => `${label.toLowerCase().padEnd(13)} `;
    const table = session.nodeTable();
    const lines = [
      `${column('file')}${source.name}`,
      `${column('format')}${session.label}`,
      `${column('size')}${source.size} bytes`,
      ...session.facts.map(([label, value]) => `${column(label)}${value}`),
      ...issueLines(json.issues, column('issues')),
    ];
    for (let index = 0; index < session.nodeCount(); index++) {
      const path = table.path(index);
      const depth = path.split('/').length - 1;
      const name = path.slice(path.lastIndexOf('/') + 1);
      const type = session.cell?.(index, 'type') ?? '';
      const value = session.cell?.(index, 'value') ?? '';
      lines.push(`${'  '.repeat(depth)}${name}: ${type} ${value}`);
    }
    return { json, lines };
  },
};
