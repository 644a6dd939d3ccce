/**
 * The one-pass node table: what each node reads back from the stream when asked equals what
 * was written (random objects of the fixture classes, against the writer's model) and what
 * the shared fixtures hold; the table keeps its nodes in typed arrays, no object per node.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectJson, valueJson, type JsonValue } from './export.ts';
import { FIXTURE_VALUES } from './fixture-values.ts';
import { generateBindFile, randomObject } from './generate.ts';
import { stringId } from './hashes.ts';
import { NodeTag, type ObjectNodeTable } from './node-table.ts';
import { decodeObjectTable } from './read.ts';
import { shallowValueOf } from './table-values.ts';
import { fixtureBytes, fixtureConfig, fixtureNames, fixtureTypes } from './test-fixtures.ts';
import { typeIndexOf } from './type-list.ts';
import { streamDraws, writeDrawn } from './random-streams.ts';

const types = fixtureTypes('types.json');
const classes = [...types.classes.values()];

/** The children of `parent` in the table, found by parent index alone. */
function childrenOf(table: ObjectNodeTable, parent: number): number[] {
  const children: number[] = [];
  for (let index = parent + 1; index < table.count; index++) {
    if (table.parentOf(index) === parent) children.push(index);
  }
  return children;
}

/** One node's value as JSON, from the node's own on-demand value and its child nodes. */
function nodeJson(table: ObjectNodeTable, node: number): JsonValue {
  const value = shallowValueOf(table, node)!;
  if (value.kind === 'objectRef') return value.node < 0 ? null : objectAt(table, value.node);
  if (value.kind === 'items') {
    const items = childrenOf(table, node);
    expect(items).toHaveLength(value.count);
    return items.map((item) => nodeJson(table, item));
  }
  return valueJson(value);
}

/** An object node as export.ts's JSON shape, read node by node (not through the typed tree). */
function objectAt(table: ObjectNodeTable, node: number): { [key: string]: JsonValue } {
  expect(table.tag(node)).toBe(NodeTag.OBJECT);
  const json: { [key: string]: JsonValue } = {
    $class: table.classNameOf(node),
    $hash: table.hashOf(node),
  };
  for (const property of childrenOf(table, node)) {
    expect(table.tag(property)).toBe(NodeTag.PROPERTY);
    if (!table.hasValue(property)) continue;
    json[table.propertyOf(property)!.name] = nodeJson(table, property);
  }
  return json;
}

describe('ObjectProperty node table', () => {
  it('every node of a random object reads back the value written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(classes.length - 1),
        fc.integer(),
        streamDraws,
        async (at, seed, draw) => {
          const model = randomObject(types, classes[at]!, seed);
          // Every property in shallow mode too (mask 0), so the model is the whole expectation.
          const { bytes, config } = writeDrawn(model, types, { ...draw, mask: 0 });
          const { decode } = await decodeObjectTable(bytes, { config, types });
          expect(objectAt(decode.table, 0)).toEqual(objectJson(model));
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each(fixtureNames())('%s: each node reads back the fixture’s value', async (name) => {
    const { decode } = await decodeObjectTable(fixtureBytes(name), {
      config: fixtureConfig(name),
      types,
    });
    const expected = FIXTURE_VALUES[name]!;
    expect(objectAt(decode.table, 0)).toEqual({
      ...expected,
      $hash: stringId(String(expected.$class)),
    });
  });

  it('holds its nodes in typed arrays: no object per node of a typed decode', async () => {
    const generated = generateBindFile(50, { seed: 9 });
    const list = typeIndexOf([
      { name: 'g.json', bytes: new TextEncoder().encode(generated.typeList) },
    ]);
    const { decode } = await decodeObjectTable(generated.bytes, { types: list });
    const { table } = decode;
    expect(table.count).toBeGreaterThan(1000);
    expect(table.heldParts).toBe(0);
    const columns = Object.values(table as unknown as Record<string, unknown>).filter((value) =>
      ArrayBuffer.isView(value),
    );
    // Parents, child counts, tags, starts, ends, keys and property references.
    expect(columns).toHaveLength(7);
    // Each node's child count, kept as nodes are added, is the number whose parent it is.
    const children = new Uint32Array(table.count);
    for (let node = 0; node < table.count; node++) {
      const parent = table.parentOf(node);
      if (parent >= 0) children[parent]!++;
    }
    for (let node = 0; node < table.count; node++) {
      if (table.childCount(node) !== children[node]) {
        expect.fail(
          `node ${node}: ${table.childCount(node)} children, ${children[node]} by parents`,
        );
      }
    }
    for (const value of Object.values(table as unknown as Record<string, unknown>)) {
      if (Array.isArray(value)) expect(value.length).toBeLessThan(100);
    }
  });

  it('a walk without a type list keeps its guessed parts (small by nature)', async () => {
    const { decode } = await decodeObjectTable(fixtureBytes('deep-size-boundary.bin'), {
      config: fixtureConfig('deep-size-boundary.bin'),
    });
    expect(decode.kind).toBe('generic');
    expect(decode.table.heldParts).toBe(decode.table.count);
  });
});
