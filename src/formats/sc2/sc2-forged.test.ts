/**
 * Forged fields: a valid scene from our writer with one field patched; the read stops with
 * the right code at the right offset (never a message check). Plus mutated bytes: a result
 * or a FormatError within a time budget, never another exception; and random scenes that
 * round-trip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../binary/format-error.ts';
import { KaType } from '../ka/types.ts';
import { intValue, v1Archive } from '../ka/write.ts';
import { CLASSIC_OFFSETS, classicScene } from './fixtures/make-fixtures.ts';
import { sc2FuzzTarget } from './fuzz-target.ts';
import { parseSc2 } from './read.ts';
import type { Sc2Entity, Sc2Scene } from './types.ts';
import { classicEntity, dataNodeArchive, descriptorBytes, writeSc2 } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

function patch(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const copy = bytes.slice();
  new DataView(copy.buffer).setInt32(at, value, true);
  return copy;
}

function fatalOf(bytes: Uint8Array) {
  const { fatal } = parseSc2(bytes);
  return fatal && { code: fatal.code, offset: fatal.offset };
}

describe('forged fields', () => {
  const bytes = writeSc2(classicScene(22));

  it('the offsets the forgeries use are where the fields are', () => {
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(CLASSIC_OFFSETS.descriptorSize, true)).toBe(4);
    expect(view.getUint32(CLASSIC_OFFSETS.dataNodeCount, true)).toBe(2);
    expect(
      Array.from(bytes.subarray(CLASSIC_OFFSETS.firstDataNode, CLASSIC_OFFSETS.firstDataNode + 4)),
    ).toEqual([0x4b, 0x41, 1, 0]);
  });

  it('a version below 1', () => {
    expect(fatalOf(patch(bytes, 4, 0))).toEqual({ code: 'UNSUPPORTED_VERSION', offset: 4 });
  });

  it('a negative or too large node count', () => {
    expect(fatalOf(patch(bytes, 8, -1))).toEqual({ code: 'BAD_COUNT', offset: 8 });
    expect(fatalOf(patch(bytes, 8, 1 << 24))).toEqual({ code: 'BAD_COUNT', offset: 8 });
  });

  it('a descriptor size past the end of the file', () => {
    const at = CLASSIC_OFFSETS.descriptorSize;
    expect(fatalOf(patch(bytes, at, bytes.length))).toEqual({ code: 'OUT_OF_BOUNDS', offset: at });
  });

  it('a data-node count the bytes left cannot hold, or below 0', () => {
    const at = CLASSIC_OFFSETS.dataNodeCount;
    expect(fatalOf(patch(bytes, at, 1000))).toEqual({ code: 'BAD_COUNT', offset: at });
    expect(fatalOf(patch(bytes, at, -3))).toEqual({ code: 'BAD_COUNT', offset: at });
  });

  it('a #childrenCount the bytes left cannot hold, or below 0', () => {
    const { value } = parseSc2(bytes);
    if (value.body.layout !== 'classic') throw new Error('not classic');
    const tank = value.body.entities[0]!.archive;
    const entry = tank.entries.find(
      (e) => e.key.kind === 'text' && e.key.text === '#childrenCount',
    )!;
    const at = entry.valueSpan!.offset + 1;
    expect(new DataView(bytes.buffer).getInt32(at, true)).toBe(2);
    expect(fatalOf(patch(bytes, at, 5000))).toEqual({ code: 'BAD_COUNT', offset: at });
    expect(fatalOf(patch(bytes, at, -1))).toEqual({ code: 'BAD_COUNT', offset: at });
    // One child more than there are archives: the walk runs out where the next would start.
    expect(fatalOf(patch(bytes, at, 4))).toEqual({ code: 'UNEXPECTED_EOF', offset: bytes.length });
  });

  it('a data node with a broken magic', () => {
    const copy = bytes.slice();
    copy[CLASSIC_OFFSETS.firstDataNode] = 0x4c;
    expect(fatalOf(copy)).toEqual({ code: 'BAD_MAGIC', offset: CLASSIC_OFFSETS.firstDataNode });
  });

  it('truncations stop with an error inside the file', () => {
    for (const end of [0, 3, 11, 13, 40, 46, 60, bytes.length - 1]) {
      const fatal = fatalOf(bytes.subarray(0, end));
      expect(fatal, `cut at ${end}`).not.toBeNull();
      expect(fatal!.offset).toBeLessThanOrEqual(end);
    }
  });

  it('entities nested deeper than 64 stop with TOO_LARGE at the 65th', () => {
    let entity: Sc2Entity = classicEntity('leaf', []);
    for (let depth = 0; depth < 65; depth++) entity = classicEntity(`e${depth}`, [], [entity]);
    const scene: Sc2Scene = { ...classicScene(22), nodeCount: 1 };
    if (scene.body.layout !== 'classic') throw new Error('not classic');
    scene.body.entities = [entity];
    const deep = writeSc2(scene);
    const { value, fatal } = parseSc2(deep);
    expect(fatal?.code).toBe('TOO_LARGE');
    let at: Sc2Entity | undefined =
      value.body.layout === 'classic' ? value.body.entities[0] : undefined;
    let depth = 0;
    while (at?.children[0]) {
      at = at.children[0];
      depth++;
    }
    expect(depth).toBe(63);
    expect(fatal?.offset).toBe(at!.archive.span!.offset + at!.archive.span!.length);
  });
});

const keyName = fc.stringMatching(/^[a-z.#]{1,8}$/);

const entityArb: fc.Memo<Sc2Entity> = fc.memo((depth) =>
  fc
    .record({
      name: fc.string({ maxLength: 6 }),
      children:
        depth > 1 ? fc.array(entityArb(depth - 1), { maxLength: 2 }) : fc.constant<Sc2Entity[]>([]),
    })
    .map(({ name, children }) => classicEntity(name, [], children)),
);

const sceneArb: fc.Arbitrary<Sc2Scene> = fc
  .record({
    version: fc.integer({ min: 14, max: 25 }),
    dataNodes: fc.array(fc.tuple(keyName, fc.bigInt({ min: 0n, max: 2n ** 64n - 1n })), {
      maxLength: 3,
    }),
    entities: fc.array(entityArb(3), { maxLength: 3 }),
    fileType: fc.integer({ min: 0, max: 3 }),
  })
  .map(({ version, dataNodes, entities, fileType }) => ({
    version,
    nodeCount: entities.length,
    versionTags: v1Archive([['v', intValue(KaType.INT32, version)]]),
    descriptor: descriptorBytes(fileType),
    body: {
      layout: 'classic' as const,
      dataNodes: dataNodes.map(([name, id]) => dataNodeArchive(name, id)),
      globalMaterial: null,
      entities,
    },
  }));

describe('properties', () => {
  it('random classic scenes round-trip byte for byte', () => {
    fc.assert(
      fc.property(sceneArb, (scene) => {
        const bytes = writeSc2(scene);
        const { value, fatal } = parseSc2(bytes);
        expect(fatal).toBeNull();
        expect(writeSc2(value)).toEqual(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it('mutated scenes give a session or a FormatError, quickly', async () => {
    const seeds = await sc2FuzzTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: seeds.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
        async (seedIndex, edits) => {
          const bytes = seeds[seedIndex]!.slice();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          const started = performance.now();
          try {
            await sc2FuzzTarget.exercise(bytes);
          } catch (error) {
            if (!(error instanceof FormatError)) throw error;
          }
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { numRuns: 200 },
    );
  });
});
