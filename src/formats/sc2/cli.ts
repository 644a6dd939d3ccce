/**
 * What scenes add to the generic CLI (model.ts FormatCli): `info` prints the facts, the
 * data nodes and the entity tree (an entity per line, indented by depth, with its
 * components), and `info --json` gives `{format: "sc2", version, layout, dataNodes: [{name,
 * id, keyCount}], entities: [{name, components, children}], issues}` (json.ts). A file that
 * does not read is refused before this runs, or here: one line naming the offset, exit 1.
 */
import { cliIssues, issueLines } from '../cli-info.ts';
import type { CliInfo, FormatCli } from '../model.ts';
import { sc2Json, type Sc2EntityJson } from './json.ts';

export const sc2Cli: FormatCli = {
  async info({ session, source }): Promise<CliInfo> {
    const bytes = await source.read(0, source.size);
    const json = { ...sc2Json(bytes), issues: cliIssues(session.issues) };
    const column = (label: string) => `${label.toLowerCase().padEnd(15)} `;
    const lines = [
      `${column('file')}${source.name}`,
      `${column('format')}${session.label}`,
      `${column('size')}${source.size} bytes`,
      ...session.facts.map(([label, value]) => `${column(label)}${value}`),
      ...issueLines(json.issues, column('issues')),
      'data nodes:',
      ...json.dataNodes.map(
        (node, index) =>
          `  ${index} ${node.name || '(no ##name)'}${node.id === null ? '' : ` id ${node.id}`} (${node.keyCount} keys)`,
      ),
      'entities:',
    ];
    const pending: Array<{ entity: Sc2EntityJson; depth: number }> = json.entities
      .map((entity) => ({ entity, depth: 1 }))
      .reverse();
    for (let next = pending.pop(); next; next = pending.pop()) {
      const { entity, depth } = next;
      const components = entity.components.length > 0 ? `: ${entity.components.join(', ')}` : '';
      lines.push(`${'  '.repeat(depth)}${entity.name}${components}`);
      for (const child of [...entity.children].reverse())
        pending.push({ entity: child, depth: depth + 1 });
    }
    return { json, lines };
  },
};
