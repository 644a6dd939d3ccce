/**
 * What the session says of each node: the type and value cells, the details fields, and
 * the facts about the scene's parts. Keyed-archive nodes get the keyed-archive fields
 * (../ka/node-reader.ts) plus what the scene knows of them: a data node's name and id, an
 * entity's components, children and the data nodes it uses, a component's type, and for a
 * value that names a data node by id, which one.
 */
import { countOf } from '../../binary/count-text.ts';
import { typeName } from '../ka/display.ts';
import { bareArchiveFields, clipText, keyNodeFields, spanText } from '../ka/node-fields.ts';
import type { KaNodeReader } from '../ka/node-reader.ts';
import type { Fact, Span } from '../model.ts';
import type { SceneIndex } from './scene-index.ts';
import type { ContainerNodeTable } from '../ka/container-table.ts';
import type { TableSink } from './table-sink.ts';
import type { Sc2Descriptor } from './types.ts';

const counts = new Intl.NumberFormat('en-US');
const FILE_TYPES: Readonly<Record<number, string>> = { 0: 'scene', 1: 'model' };

export function sceneDetails(
  table: ContainerNodeTable,
  reader: KaNodeReader,
  index: SceneIndex,
  walk: TableSink,
  fileLength: number,
) {
  const pathOf = (node: number) => table.path(node);
  const dataNodeText = (node: number) => {
    const dataNode = index.dataNodeByNode.get(node)!;
    return `${dataNode.name || '(no ##name)'}${dataNode.id === null ? '' : `, id ${dataNode.id}`}`;
  };
  const versionTagsText = () => {
    const tags = walk.versionTags;
    const keys = table.childCounts[tags]!;
    if (keys === 0) return 'none';
    const shown: string[] = [];
    for (let node = tags + 1; node < table.count && shown.length < 4; node++) {
      if (table.parents[node] !== tags) continue;
      shown.push(`${table.keyText(node) ?? ''} = ${reader.shortValue(node, 40) ?? '?'}`);
    }
    return `${counts.format(keys)}: ${shown.join(', ')}${keys > shown.length ? ', …' : ''}`;
  };
  const descriptorText = (descriptor: Sc2Descriptor) =>
    `${counts.format(descriptor.size)} bytes${
      descriptor.fileType === null
        ? ''
        : `, file type ${descriptor.fileType}${FILE_TYPES[descriptor.fileType] ? ` (${FILE_TYPES[descriptor.fileType]})` : ''}`
    }`;
  const dataNodeCounts = () => {
    const byName = new Map<string, number>();
    for (const { name } of index.dataNodes) {
      const shown = name || '(no ##name)';
      byName.set(shown, (byName.get(shown) ?? 0) + 1);
    }
    return byName;
  };
  const dataNodesText = () => {
    const parts = [...dataNodeCounts()].map(([name, count]) => `${counts.format(count)} ${name}`);
    return `${counts.format(index.dataNodes.length)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
  };

  const sectionText = (node: number): string => {
    if (node === walk.parts.get('header')) {
      return `version ${walk.header?.version ?? '?'}, ${countOf(walk.header?.nodeCount ?? 0, 'top-level entity', 'top-level entities')}`;
    }
    if (node === walk.parts.get('descriptor'))
      return walk.header?.descriptor ? descriptorText(walk.header.descriptor) : '';
    if (node === walk.parts.get('dataNodes')) return dataNodesText();
    return countOf(index.entities.length, 'entity', 'entities');
  };
  const sectionJson = (node: number): unknown => {
    if (node === walk.parts.get('header'))
      return { version: walk.header?.version ?? null, nodeCount: walk.header?.nodeCount ?? null };
    if (node === walk.parts.get('descriptor')) {
      const descriptor = walk.header?.descriptor;
      return descriptor ? { size: descriptor.size, fileType: descriptor.fileType } : null;
    }
    if (node === walk.parts.get('dataNodes')) return Object.fromEntries(dataNodeCounts());
    return { entities: index.entities.length };
  };

  const entityFields = (node: number): Fact[] => {
    const entity = index.entityByNode.get(node)!;
    const fields: Fact[] = [['Entity', entity.name]];
    fields.push([
      'Components',
      entity.components.length === 0 ? 'none' : entity.components.map((c) => c.typeName).join(', '),
    ]);
    const children = index.entities.filter((other) => other.parent === node).length;
    fields.push(['Child entities', counts.format(children)]);
    const uses = [...(index.uses.get(node) ?? [])];
    if (uses.length > 0) fields.push(['Uses data nodes', uses.map(pathOf).join('; ')]);
    return fields;
  };
  const ownFields = (node: number): Fact[] => {
    const fields: Fact[] = [];
    if (index.dataNodeByNode.has(node)) {
      const dataNode = index.dataNodeByNode.get(node)!;
      fields.push(['Data node', dataNode.name || '(no ##name)']);
      fields.push(['Id', dataNode.id ?? '(no 8-byte #id)']);
      const users = index.entities.filter((entity) => index.uses.get(entity.node)?.has(node));
      if (users.length > 0)
        fields.push(['Used by', users.map((entity) => pathOf(entity.node)).join('; ')]);
    }
    if (index.entityByNode.has(node)) fields.push(...entityFields(node));
    const component = index.componentNames.get(node);
    if (component !== undefined) fields.push(['Component', component]);
    const target = index.links.get(node);
    if (target !== undefined)
      fields.push(['Data node', `${pathOf(target)} (${dataNodeText(target)})`]);
    return fields;
  };

  const fields = (node: number): Fact[] => {
    const span: Span = { offset: table.starts[node]!, length: table.lengths[node]! };
    if (table.isSection(node))
      return [
        ['Part', sectionText(node)],
        ['Bytes', spanText(span)],
      ];
    if (table.bare.has(node)) return bareArchiveFields(table, node, ownFields(node));
    return keyNodeFields(table, reader, node, ownFields(node));
  };

  const typeText = (node: number): string => {
    if (table.isSection(node)) return 'scene part';
    if (index.dataNodeByNode.has(node)) return 'data node';
    if (index.entityByNode.has(node)) return 'entity';
    if (index.componentNames.has(node)) return 'component';
    return typeName(table.types[node]!);
  };
  const valueText = (node: number, limit: number): string | null => {
    let text: string | null;
    if (table.isSection(node)) text = sectionText(node);
    else if (index.dataNodeByNode.has(node)) text = dataNodeText(node);
    else if (index.entityByNode.has(node)) {
      const names = index.entityByNode.get(node)!.components.map((c) => c.typeName);
      text = names.length > 0 ? names.join(', ') : '(no components)';
    } else if (index.componentNames.has(node)) text = index.componentNames.get(node)!;
    else if (table.bare.has(node)) text = `{${counts.format(table.childCounts[node]!)} keys}`;
    else {
      text = reader.shortValue(node, limit);
      const target = index.links.get(node);
      if (target !== undefined && text !== null) text = `${text} → ${pathOf(target)}`;
    }
    return clipText(text, limit);
  };

  void fileLength;
  return {
    versionTagsText,
    descriptorText,
    dataNodesText,
    sectionText,
    sectionJson,
    fields,
    typeText,
    valueText,
  };
}
