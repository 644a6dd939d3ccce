/**
 * Scenes: the real DAVA `tanksbox.sc2` (read in place from ../shared/fixtures, never
 * copied), the committed fixtures, synthetic Blitz scenes and the undocumented versions
 * 26–29 in both layouts, nested entity trees, and the session's tree and links.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { inlineServices, inlineViewJob } from '../services.ts';
import type { Session } from '../model.ts';
import { blitzSceneFile, classicScene, makeSc2Fixtures } from './fixtures/make-fixtures.ts';
import { sc2Json } from './json.ts';
import { sc2Format } from './module.ts';
import { parseSc2 } from './read.ts';
import { openSc2Session } from './session.ts';
import { classicEntity, writeSc2 } from './write.ts';
import type { Sc2Scene } from './types.ts';

const realPath = fileURLToPath(
  new URL('../../../../shared/fixtures/ka/tanksbox.sc2', import.meta.url),
);
const hasReal = existsSync(realPath);
const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function open(bytes: Uint8Array): Promise<Session> {
  return openSc2Session({
    sources: [new MemoryByteSource(bytes, 'test.sc2')],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

function paths(session: Session): string[] {
  const table = session.nodeTable();
  return Array.from({ length: session.nodeCount() }, (_, index) => table.path(index));
}

function nodeOf(session: Session, path: string): number {
  const index = paths(session).indexOf(path);
  expect(index, path).toBeGreaterThanOrEqual(0);
  return index;
}

function field(session: Session, node: number, label: string): string | undefined {
  return session.details(node).fields.find(([name]) => name === label)?.[1];
}

function fact(session: Session, label: string): string | undefined {
  return session.facts.find(([name]) => name === label)?.[1];
}

describe.skipIf(!hasReal)('tanksbox.sc2 (real DAVA file)', () => {
  const bytes = hasReal ? new Uint8Array(readFileSync(realPath)) : new Uint8Array(0);

  it('is detected by its magic', () => {
    expect(sc2Format.detect(bytes.subarray(0, 64))).toBe('magic');
  });

  it('reads its header, three data nodes and one entity, to the last byte', () => {
    const { value, fatal, issues, choice } = parseSc2(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(choice.layout).toBe('classic');
    expect(value.version).toBe(22);
    expect(value.nodeCount).toBe(1);
    expect(value.versionTags?.entries).toEqual([]);
    expect(value.descriptor).toMatchObject({ size: 4, fileType: 0 });
    expect(value.trailing).toBeUndefined();
    const body = value.body;
    if (body.layout !== 'classic') throw new Error('not classic');
    expect(body.globalMaterial).toBeNull();
    expect(body.dataNodes[0]!.span).toEqual({ offset: 32, length: 4550 });
    const last = body.entities[0]!.archive.span!;
    expect(last.offset + last.length).toBe(bytes.length);
    expect(Array.from(bytes.subarray(32, 40))).toEqual([0x4b, 0x41, 1, 0, 13, 0, 0, 0]);
    const json = sc2Json(bytes);
    expect(json.dataNodes).toEqual([
      { name: 'PolygonGroup', id: '1', keyCount: 13 },
      { name: 'NMaterial', id: '2', keyCount: 7 },
      { name: 'NMaterial', id: '3', keyCount: 8 },
    ]);
    expect(json.entities).toEqual([
      {
        name: 'botspawn',
        components: ['TransformComponent', 'RenderComponent', 'CustomPropertiesComponent'],
        children: [],
      },
    ]);
  });

  it('writes back byte for byte', () => {
    const { value } = parseSc2(bytes);
    expect(writeSc2(value, { keepOrder: true })).toEqual(bytes);
    expect(writeSc2(value)).toEqual(bytes);
  });

  it('shows data nodes, the entity, its components and the data nodes it uses', async () => {
    const session = await open(bytes);
    expect(session.fatal).toBeNull();
    expect(fact(session, 'Layout')).toBe('classic');
    expect(fact(session, 'Descriptor')).toBe('4 bytes, file type 0 (scene)');
    expect(fact(session, 'Data nodes')).toBe('3 (1 PolygonGroup, 2 NMaterial)');
    const all = paths(session);
    expect(all.slice(0, 5)).toEqual([
      'Header',
      'Version tags',
      'Descriptor',
      'Data nodes',
      'Data nodes/0 PolygonGroup',
    ]);
    expect(all).toContain('Data nodes/2 NMaterial/textures/albedo');
    const entity = nodeOf(session, 'Entities/botspawn');
    expect(field(session, entity, 'Components')).toBe(
      'TransformComponent, RenderComponent, CustomPropertiesComponent',
    );
    expect(field(session, entity, 'Uses data nodes')).toBe(
      'Data nodes/0 PolygonGroup; Data nodes/1 NMaterial',
    );
    const source = nodeOf(
      session,
      'Entities/botspawn/components/0001/rc.renderObj/ro.batches/0000/rb.datasource',
    );
    expect(session.cell!(source, 'value')).toBe('1 → Data nodes/0 PolygonGroup');
    expect(session.details(source).span).toEqual({ offset: expect.any(Number), length: 27 });
    const answer = await session.view!.request!({ kind: 'value', index: source }, inlineViewJob());
    expect(answer).toMatchObject({ typeName: 'uint64', value: { kind: 'bigint', decimal: '1' } });
    const group = nodeOf(session, 'Data nodes/0 PolygonGroup');
    expect(session.details(group).span).toEqual({ offset: 32, length: 4550 });
    const json = (await session.view!.request!(
      { kind: 'json', index: group },
      inlineViewJob(),
    )) as {
      text: string;
    };
    expect(JSON.parse(json.text).value['##name']).toEqual({
      type: 'string',
      value: 'PolygonGroup',
    });
  });
});

describe.skipIf(!hasReal)('tanksbox.sc2 in the keyed-archive view', () => {
  it('is titled a scene, and counts values only: its own parts are no values', async () => {
    const session = await open(new Uint8Array(readFileSync(realPath)));
    const data = session.view!.data as () => {
      title: string;
      nodeCount: number;
      typeCounts: Record<string, number>;
    };
    const summary = data();
    expect(summary.title).toBe('DAVA scene');
    expect(Object.keys(summary.typeCounts)).not.toContain('scene part');
    const values = Object.values(summary.typeCounts).reduce((sum, count) => sum + count, 0);
    // Header, descriptor, data nodes and entities: the scene's own parts.
    expect(summary.nodeCount - values).toBe(4);
  });
});

describe('committed fixtures', () => {
  for (const fixture of makeSc2Fixtures()) {
    it(`${fixture.file} is as made, and reads as expected`, async () => {
      expect(new Uint8Array(readFileSync(`${fixturesDir}${fixture.file}`))).toEqual(fixture.bytes);
      const session = await open(fixture.bytes);
      if (fixture.fatal) {
        expect(session.fatal).toMatchObject(fixture.fatal);
      } else {
        expect(session.fatal).toBeNull();
        expect(session.issues.filter((issue) => issue.severity !== 'info')).toEqual([]);
      }
    });
  }
});

describe('layouts', () => {
  it('reads classic scenes with nested entities in pre-order', async () => {
    const bytes = writeSc2(classicScene(22));
    expect(sc2Json(bytes).entities).toEqual([
      {
        name: 'tank',
        components: ['TransformComponent'],
        children: [
          {
            name: 'hull',
            components: ['TransformComponent', 'RenderComponent'],
            children: [{ name: 'turret', components: [], children: [] }],
          },
          { name: 'hull', components: [], children: [] },
        ],
      },
      { name: 'light', components: [], children: [] },
    ]);
    const session = await open(bytes);
    const all = paths(session);
    expect(all).toContain('Entities/tank/hull/turret');
    // Two children named alike: the second gets its position.
    expect(all).toContain('Entities/tank/hull%#1');
    expect(all).toContain('Entities/light');
    const hull = nodeOf(session, 'Entities/tank/hull');
    expect(field(session, hull, 'Uses data nodes')).toBe(
      'Data nodes/0 PolygonGroup; Data nodes/1 NMaterial',
    );
    expect(field(session, hull, 'Child entities')).toBe('1');
  });

  it('reads the GlobalMaterial archive between data nodes and entities', async () => {
    const bytes = writeSc2(classicScene(24, true));
    const { value } = parseSc2(bytes);
    expect(value.body.layout === 'classic' && value.body.globalMaterial?.entries.length).toBe(2);
    const session = await open(bytes);
    expect(fact(session, 'Global material')).toBe('yes');
    const link = nodeOf(session, 'Global material/globalMaterialId');
    expect(session.cell!(link, 'value')).toBe('2 → Data nodes/1 NMaterial');
  });

  it('reads Blitz scenes: one v2 top archive, children in nested #hierarchy', async () => {
    const bytes = writeSc2(blitzSceneFile(31));
    const { value, fatal, choice } = parseSc2(bytes);
    expect(fatal).toBeNull();
    expect(choice).toEqual({ layout: 'blitz', tried: ['blitz'], failures: [] });
    expect(value.descriptor?.size).toBe(20);
    const json = sc2Json(bytes);
    expect(json.dataNodes).toEqual([
      { name: 'PolygonGroup', id: '7', keyCount: 2 },
      { name: 'NMaterial', id: '8', keyCount: 2 },
    ]);
    expect(json.entities[0]!.children.map((child) => child.name)).toEqual(['gun', 'gun']);
    expect(json.entities[0]!.children[1]!.children[0]!.name).toBe('muzzle');
    const session = await open(bytes);
    expect(fact(session, 'Layout')).toBe('Blitz');
    const all = paths(session);
    expect(all).toContain('Data nodes/0 PolygonGroup/##name');
    expect(all).toContain('Entities/tank/gun%#1/muzzle');
    expect(all).toContain('Scene/#sceneComponents');
    const tank = nodeOf(session, 'Entities/tank');
    expect(field(session, tank, 'Components')).toBe('RenderComponent');
    expect(field(session, tank, 'Uses data nodes')).toBe(
      'Data nodes/0 PolygonGroup; Data nodes/1 NMaterial',
    );
    expect(writeSc2(value, { keepOrder: true })).toEqual(bytes);
  });

  for (const version of [26, 27, 28, 29]) {
    it(`v${version}: tries classic, then Blitz, and names the one that read`, async () => {
      const classic = writeSc2(classicScene(version));
      expect(parseSc2(classic).choice).toEqual({
        layout: 'classic',
        tried: ['classic'],
        failures: [],
      });
      const blitz = writeSc2(blitzSceneFile(version));
      const read = parseSc2(blitz);
      expect(read.fatal).toBeNull();
      expect(read.choice.layout).toBe('blitz');
      expect(read.choice.tried).toEqual(['classic', 'blitz']);
      expect(read.choice.failures).toHaveLength(1);
      const session = await open(blitz);
      expect(session.fatal).toBeNull();
      expect(fact(session, 'Layout')).toMatch(
        /^Blitz \(v\d+ is undocumented: tried classic, then blitz; Blitz read; classic: /,
      );
      expect(writeSc2(read.value, { keepOrder: true })).toEqual(blitz);
    });
  }

  it('keeps trailing bytes as a warning and writes them back', () => {
    const bytes = writeSc2({ ...classicScene(22), trailing: Uint8Array.of(1, 2, 3) });
    const { value, issues, fatal } = parseSc2(bytes);
    expect(fatal).toBeNull();
    expect(issues).toMatchObject([
      { code: 'TRAILING_BYTES', span: { offset: bytes.length - 3, length: 3 } },
    ]);
    expect(writeSc2(value)).toEqual(bytes);
  });

  it('reads an old scene (< 10) with neither version tags nor a descriptor', () => {
    const scene: Sc2Scene = {
      ...classicScene(9),
      versionTags: null,
      descriptor: null,
    };
    const bytes = writeSc2(scene);
    const { value, fatal } = parseSc2(bytes);
    expect(fatal).toBeNull();
    expect(value.versionTags).toBeNull();
    expect(value.descriptor).toBeNull();
    expect(writeSc2(value)).toEqual(bytes);
  });

  it('a classic entity with no #childrenCount is read as childless, with a warning', () => {
    const scene = classicScene(22);
    if (scene.body.layout !== 'classic') throw new Error('not classic');
    const entity = classicEntity('lonely', []);
    entity.archive.entries = entity.archive.entries.filter(
      (entry) => entry.key.kind !== 'text' || entry.key.text !== '#childrenCount',
    );
    scene.body.entities = [entity];
    scene.nodeCount = 1;
    const { fatal, issues } = parseSc2(writeSc2(scene));
    expect(fatal).toBeNull();
    expect(issues.map((issue) => issue.code)).toEqual(['NO_CHILDREN_COUNT']);
  });
});
