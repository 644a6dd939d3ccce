/**
 * What keyed archives add to the generic CLI (model.ts FormatCli): `info` prints the
 * decoded tree — a line per key, indented by depth — and `info --json` gives it as
 * `{format, version, root, issues}`, where each value is `{type, value}` with DAVA's type
 * names (export.ts has the shape). A file that cannot be read is refused by the generic
 * CLI before this runs (one line naming the offset, exit 1).
 */
import { documentCli } from '../cli-info.ts';
import { kaJson } from './session.ts';

export const kaCli = documentCli({
  width: 13,
  json: kaJson,
  lines(_json, session) {
    const table = session.nodeTable();
    const lines: string[] = [];
    for (let index = 0; index < session.nodeCount(); index++) {
      const path = table.path(index);
      const depth = path.split('/').length - 1;
      const name = path.slice(path.lastIndexOf('/') + 1);
      const type = session.cell?.(index, 'type') ?? '';
      const value = session.cell?.(index, 'value') ?? '';
      lines.push(`${'  '.repeat(depth)}${name}: ${type} ${value}`);
    }
    return lines;
  },
});
