/**
 * What the scene's archives mean, found in the node table once the walk is done: which
 * archives are data nodes (`##name`, `#id`) and which are entities (`name`, components
 * under `components` → `0000`, `0001`, … with `comp.typename`), how entities nest, and which
 * values point at a data node by its id (a render batch's `rb.datasource` names its polygon
 * group, `rb.nmatname` its material, a material's `parentMaterialKey` its parent). It names
 * the nodes for the tree (in ../ka/container-table.ts) and keeps the links for the details
 * pane.
 */
import type { KaNodeReader } from '../ka/node-reader.ts';
import { KaType, type KaValue } from '../ka/types.ts';
import type { ContainerNodeTable } from '../ka/container-table.ts';

/** Keys whose u64 value is the `#id` of a data node, and what the node is to them. */
export const REFERENCE_KEYS: Readonly<Record<string, string>> = {
  'rb.datasource': 'polygon group',
  'rb.nmatname': 'material',
  parentMaterialKey: 'parent material',
  globalMaterialId: 'global material',
};

export interface SceneDataNode {
  node: number;
  index: number;
  name: string;
  /** `#id` as a decimal u64, or null. */
  id: string | null;
}

export interface SceneEntity {
  node: number;
  name: string;
  /** Its parent entity's node, or -1. */
  parent: number;
  /** Its component archives and their `comp.typename`. */
  components: Array<{ node: number; typeName: string }>;
}

export interface SceneIndex {
  dataNodes: SceneDataNode[];
  dataNodeByNode: Map<number, SceneDataNode>;
  entities: SceneEntity[];
  entityByNode: Map<number, SceneEntity>;
  /** Component archive → its type name. */
  componentNames: Map<number, string>;
  /** A value naming a data node → that data node's node. */
  links: Map<number, number>;
  /** An entity → the data nodes its values name. */
  uses: Map<number, Set<number>>;
}

/** The children of every node (by the table's parents), without an array per node. */
export class ChildLists {
  private readonly firsts: Uint32Array;
  private readonly order: Uint32Array;
  constructor(table: ContainerNodeTable) {
    const count = table.count;
    this.firsts = new Uint32Array(count + 2);
    for (let node = 0; node < count; node++) this.firsts[table.parents[node]! + 2]!++;
    for (let index = 2; index < count + 2; index++) this.firsts[index]! += this.firsts[index - 1]!;
    this.order = new Uint32Array(count);
    const next = this.firsts.slice(0, count + 1);
    for (let node = 0; node < count; node++) this.order[next[table.parents[node]! + 1]!++] = node;
  }
  /** Children of `node` (-1: the roots), in file order. */
  of(node: number): Uint32Array {
    return this.order.subarray(this.firsts[node + 1]!, this.firsts[node + 2]!);
  }
}

export function textOf(value: KaValue, node: number, table: ContainerNodeTable): string | null {
  if (value.kind === 'text') return value.text;
  if (value.kind === 'stringId') return table.table(node)?.byId.get(value.id) ?? null;
  return null;
}

export class SceneReader {
  readonly children: ChildLists;
  constructor(
    readonly table: ContainerNodeTable,
    readonly reader: KaNodeReader,
  ) {
    this.children = new ChildLists(table);
  }

  /** The child of `node` with key `key`, or -1. */
  child(node: number, key: string): number {
    for (const child of this.children.of(node)) {
      if (this.table.hasKey(child) && this.table.keyText(child) === key) return child;
    }
    return -1;
  }

  /** A leaf's value, or null when it does not read. */
  value(node: number): KaValue | null {
    if (node < 0 || this.reader.isContainer(node) || this.table.bare.has(node)) return null;
    if (this.table.isSection(node)) return null;
    try {
      return this.reader.leafValue(node);
    } catch {
      return null;
    }
  }

  text(node: number, key: string): string | null {
    const child = this.child(node, key);
    const value = this.value(child);
    return value ? textOf(value, child, this.table) : null;
  }

  /** `#id`: an 8-byte array holding a u64, as decimal. */
  id(node: number): string | null {
    const value = this.value(this.child(node, '#id'));
    if (value?.kind !== 'bytes' || value.bytes.length !== 8) return null;
    const view = new DataView(value.bytes.buffer, value.bytes.byteOffset, 8);
    return view.getBigUint64(0, true).toString();
  }
}

/**
 * Names data nodes and entities and finds the links. `entities` come in pre-order with
 * their parent entity's node (-1: top level), `shownUnder` is where top-level ones go.
 */
export function indexScene(
  scene: SceneReader,
  dataNodes: readonly number[],
  dataNodesUnder: number,
  entities: ReadonlyArray<{ node: number; parent: number }>,
  entitiesUnder: number,
): SceneIndex {
  const { table } = scene;
  const index: SceneIndex = {
    dataNodes: [],
    dataNodeByNode: new Map(),
    entities: [],
    entityByNode: new Map(),
    componentNames: new Map(),
    links: new Map(),
    uses: new Map(),
  };
  const names = dataNodes.map((node, at) => {
    const dataNode: SceneDataNode = {
      node,
      index: at,
      name: scene.text(node, '##name') ?? '',
      id: scene.id(node),
    };
    index.dataNodes.push(dataNode);
    index.dataNodeByNode.set(node, dataNode);
    return dataNode.name ? `${at} ${dataNode.name}` : String(at);
  });
  table.nameAll(dataNodesUnder, dataNodes, names, new Set());

  const byParent = new Map<number, number[]>();
  for (const { node, parent } of entities) {
    const entity: SceneEntity = {
      node,
      name: scene.text(node, 'name') ?? scene.text(node, '##name') ?? 'entity',
      parent,
      components: [],
    };
    const components = scene.child(node, 'components');
    if (components >= 0) {
      for (const slot of scene.children.of(components)) {
        if (table.types[slot] !== KaType.KEYED_ARCHIVE) continue;
        const typeName = scene.text(slot, 'comp.typename');
        if (typeName === null) continue;
        entity.components.push({ node: slot, typeName });
        index.componentNames.set(slot, typeName);
      }
    }
    index.entities.push(entity);
    index.entityByNode.set(node, entity);
    let siblings = byParent.get(parent);
    if (!siblings) byParent.set(parent, (siblings = []));
    siblings.push(node);
  }
  for (const [parent, siblings] of byParent) {
    // A child entity shares its parent's folder with the parent's own keys.
    const taken = new Set<string>();
    if (parent >= 0) for (const key of scene.children.of(parent)) taken.add(table.segment(key));
    const wanted = siblings.map((node) => index.entityByNode.get(node)!.name);
    table.nameAll(parent >= 0 ? parent : entitiesUnder, siblings, wanted, taken);
  }

  const byId = new Map<string, number>();
  for (const { node, id } of index.dataNodes) if (id !== null && !byId.has(id)) byId.set(id, node);
  for (let node = 0; node < table.count; node++) {
    const type = table.types[node];
    if (type !== KaType.UINT64 && type !== KaType.INT64) continue;
    if (!table.hasKey(node) || !Object.hasOwn(REFERENCE_KEYS, table.keyText(node) ?? '')) continue;
    const value = scene.value(node);
    if (value?.kind !== 'int64') continue;
    const target = byId.get(BigInt.asUintN(64, value.value).toString());
    if (target === undefined) continue;
    index.links.set(node, target);
    for (let up = table.parents[node]!; up >= 0; up = table.parents[up]!) {
      if (index.entityByNode.has(up)) {
        let used = index.uses.get(up);
        if (!used) index.uses.set(up, (used = new Set()));
        used.add(target);
        break;
      }
    }
  }
  return index;
}
