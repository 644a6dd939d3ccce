/**
 * The scene walk's sink for the session: it opens the scene's own nodes in the node table
 * (parts and bare archives) and has the keyed-archive walk put each archive's keys under
 * its node. It remembers what each archive is, so that once the walk is done the scene can
 * be indexed: for a classic scene from the roles the walk gave, for a Blitz scene from the
 * keys of its top archive (`#dataNodes`, `#hierarchy`, nested `#hierarchy`).
 */
import type { KaWalkSink } from '../ka/read.ts';
import { KaType } from '../ka/types.ts';
import type { Sc2Header, Sc2PartKind, Sc2Role, Sc2Sink } from './read.ts';
import { indexScene, type SceneIndex, type SceneReader } from './scene-index.ts';
import { ContainerWalkSink, SECTION_TYPE } from '../ka/container-table.ts';

const PART_NAMES: Readonly<Record<Sc2PartKind, string>> = {
  header: 'Header',
  descriptor: 'Descriptor',
  dataNodes: 'Data nodes',
  entities: 'Entities',
};

const ROLE_NAMES: Partial<Record<Sc2Role, string>> = {
  versionTags: 'Version tags',
  globalMaterial: 'Global material',
  scene: 'Scene',
};

export class TableSink extends ContainerWalkSink implements Sc2Sink {
  header: Sc2Header | null = null;
  readonly parts = new Map<Sc2PartKind, number>();
  versionTags = -1;
  globalMaterial = -1;
  sceneArchive = -1;
  readonly dataNodes: number[] = [];
  /** Classic entities in pre-order, with their parent's ordinal. */
  private readonly entities: Array<{ node: number; parent: number }> = [];

  headerRead(header: Sc2Header): void {
    this.header = header;
  }

  beginPart(kind: Sc2PartKind, start: number): void {
    this.parts.set(
      kind,
      this.openOwn(-1, start, SECTION_TYPE, PART_NAMES[kind], this.topOrdinal++),
    );
  }

  endPart(_kind: Sc2PartKind, end: number): void {
    this.closeLast(end);
  }

  beginArchive(
    role: Sc2Role,
    start: number,
    ordinal: number,
    parent: number,
  ): { sink: KaWalkSink; owner: number } {
    const group = role === 'dataNode' ? 'dataNodes' : role === 'entity' ? 'entities' : null;
    const under = group ? (this.parts.get(group) ?? -1) : -1;
    const node = this.openOwn(
      under,
      start,
      KaType.KEYED_ARCHIVE,
      ROLE_NAMES[role] ?? null,
      under < 0 ? this.topOrdinal++ : ordinal,
    );
    if (role === 'versionTags') this.versionTags = node;
    else if (role === 'globalMaterial') this.globalMaterial = node;
    else if (role === 'scene') this.sceneArchive = node;
    else if (role === 'dataNode') this.dataNodes.push(node);
    else this.entities.push({ node, parent: parent < 0 ? -1 : this.entities[parent]!.node });
    return { sink: this.table, owner: node };
  }

  endArchive(_role: Sc2Role, end: number): void {
    this.closeLast(end);
  }

  /** What the archives are, once every node is in. */
  index(scene: SceneReader): SceneIndex {
    const { table } = this;
    if (this.sceneArchive < 0) {
      return indexScene(
        scene,
        this.dataNodes,
        this.parts.get('dataNodes') ?? -1,
        this.entities,
        this.parts.get('entities') ?? -1,
      );
    }
    const archivesIn = (array: number) =>
      array >= 0 && table.types[array] === KaType.ARRAY
        ? [...scene.children.of(array)].filter((node) => table.types[node] === KaType.KEYED_ARCHIVE)
        : [];
    const dataNodes = scene.child(this.sceneArchive, '#dataNodes');
    const hierarchy = scene.child(this.sceneArchive, '#hierarchy');
    for (const [node, name] of [
      [dataNodes, 'Data nodes'],
      [hierarchy, 'Entities'],
    ] as const) {
      if (node < 0) continue;
      table.setName(node, name);
      table.showUnder(node, -1);
    }
    if (hierarchy < 0) {
      this.issue({
        severity: 'warning',
        code: 'NO_HIERARCHY',
        message: 'the scene archive has no #hierarchy: no entities',
        entryIndex: this.sceneArchive,
      });
    }
    // Pre-order through nested #hierarchy arrays; nesting is bounded by the archive reader.
    const entities: Array<{ node: number; parent: number }> = [];
    const pending = archivesIn(hierarchy)
      .reverse()
      .map((node) => ({ node, parent: -1 }));
    for (let next = pending.pop(); next; next = pending.pop()) {
      entities.push(next);
      const children = archivesIn(scene.child(next.node, '#hierarchy'));
      for (const child of children.reverse()) pending.push({ node: child, parent: next.node });
    }
    return indexScene(scene, archivesIn(dataNodes), dataNodes, entities, hierarchy);
  }
}
