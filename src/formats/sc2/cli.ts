/**
 * What scenes add to the generic CLI (model.ts FormatCli): `info` prints the facts, the
 * data nodes and the entity tree (an entity per line, indented by depth, with its
 * components), and `info --json` gives `{format: "sc2", version, layout, dataNodes: [{name,
 * id, keyCount}], entities: [{name, components, children}], issues}` (json.ts). A file that
 * does not read is refused before this runs, or here: one line naming the offset, exit 1.
 */
import { documentCli } from '../cli-info.ts';
import { sc2Json, type Sc2EntityJson } from './json.ts';

export const sc2Cli = documentCli({
  width: 15,
  json: sc2Json,
  lines(json) {
    const lines = [
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
    return lines;
  },
});
