/**
 * The node table: paths unique where a stream repeats a property hash, and the session
 * streaming nodes by index in batches whose parents and names rebuild every path.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { NodeTable } from '../model.ts';
import { inlineServices, sideInputsOf } from '../services.ts';
import { generateBindFile } from './generate.ts';
import { objectNodeTable, objectNodes } from './nodes.ts';
import { decodeObjectProperty, decodeObjectTable } from './read.ts';
import { openObjectPropertySession } from './session.ts';
import { TYPE_LISTS } from './settings.ts';
import { fixtureBytes, fixtureTypes } from './test-fixtures.ts';
import { typeIndexOf } from './type-list.ts';
import type { SerializerConfig } from './types.ts';
import type { FormatError } from '../../binary/format-error.ts';

const DEEP: SerializerConfig = { isShallow: false, flags: 1, mask: 7, isManuallyCompressed: false };

describe('ObjectProperty node table', () => {
  it('a repeated property hash gets a path of its own, typed and generic', async () => {
    // deep-size-boundary.bin: three properties at bytes 12, 24 and 36 (size, hash, u32).
    const bytes = fixtureBytes('deep-size-boundary.bin').slice();
    bytes.copyWithin(28, 16, 20);
    for (const types of [fixtureTypes('types.json'), null]) {
      const { decode } = await decodeObjectProperty(bytes, { config: DEEP, types });
      const table = objectNodeTable(decode);
      const paths = Array.from({ length: table.count }, (_, index) => table.path(index));
      expect(paths).toHaveLength(4);
      expect(new Set(paths).size).toBe(4);
      expect(paths[2]).toBe(`${paths[1]} #2`);
      expect(table.nameOf(3)).not.toContain('#3');
    }
  });

  it('objectNodes reads the same table: paths, spans, summaries and fields', async () => {
    const generated = generateBindFile(3, { seed: 5 });
    const types = typeIndexOf([
      { name: 't.json', bytes: new TextEncoder().encode(generated.typeList) },
    ]);
    const { decode } = await decodeObjectProperty(generated.bytes, { types });
    const table = objectNodeTable(decode);
    const nodes = objectNodes(decode);
    expect(nodes).toHaveLength(table.count);
    nodes.forEach((node, index) => {
      expect(node.path).toBe(table.path(index));
      expect(node.span).toEqual(table.span(index));
      expect(node.fields.length).toBeGreaterThan(0);
      expect(typeof node.summary).toBe('string');
    });
  });

  it('the session hands every node over by index, in growing batches, parents first', async () => {
    const generated = generateBindFile(200, { seed: 7 });
    const batches: Int32Array[] = [];
    let tree: NodeTable | null = null;
    const sink = {
      nodes: () => {
        throw new Error('nodes as objects while the sink takes indexes');
      },
      nodeRange: () => undefined,
      documentNodes: (table: NodeTable, indexes: Int32Array) => {
        tree = table;
        batches.push(indexes);
      },
    };
    const lists = [{ name: 'types.json', bytes: new TextEncoder().encode(generated.typeList) }];
    const session = await openObjectPropertySession({
      sources: [new MemoryByteSource(generated.bytes, 'x.xml')],
      services: { ...inlineServices(), sideInputs: sideInputsOf({ [TYPE_LISTS]: lists }) },
      sink,
    });
    expect(session.fatal).toBeNull();
    const count = session.nodeCount();
    expect(count).toBeGreaterThan(2000);
    // A compressed file's root comes alone, before the rest of its stream is inflated.
    expect(Array.from(batches[0]!)).toEqual([0]);
    expect(batches[1]!.length).toBe(512);
    expect(batches.length).toBeGreaterThan(2);
    const handed = batches.flatMap((batch) => Array.from(batch));
    expect(handed).toEqual(Array.from({ length: count }, (_, index) => index));
    const table = tree! as NodeTable;
    const paths: string[] = [];
    for (let index = 0; index < count; index++) {
      const parent = table.parentOf!(index);
      expect(parent).toBeLessThan(index);
      paths.push(parent < 0 ? table.nameOf!(index) : `${paths[parent]}/${table.nameOf!(index)}`);
    }
    for (const index of [0, 1, count >> 1, count - 1]) {
      expect(paths[index]).toBe(session.nodeTable().path(index));
    }
    expect(session.details(count - 1).fields.length).toBeGreaterThan(0);
  });

  it('pauses between batches, and a file that fails part way keeps the nodes handed over', async () => {
    const generated = generateBindFile(300, { seed: 8, isCompressed: false });
    const lists = [{ name: 'types.json', bytes: new TextEncoder().encode(generated.typeList) }];
    const sideInputs = sideInputsOf({ [TYPE_LISTS]: lists });
    const good = await decodeObjectTable(generated.bytes, {
      types: typeIndexOf(lists),
    });
    // The object of item 250 of the root's list: its size field made to overrun the file.
    const { table } = good.decode;
    let object = -1;
    for (let index = 0, items = 0; index < table.count; index++) {
      if (table.nameOf(index) === '[250]') items++;
      if (items === 1 && table.parentOf(index) >= 0 && table.nameOf(index) === 'class DelveItem') {
        object = index;
        break;
      }
    }
    expect(object).toBeGreaterThan(0);
    const sizeAt = table.start(object) / 8 + 4;
    const bytes = generated.bytes.slice();
    new DataView(bytes.buffer).setUint32(sizeAt, 0xfffffff0, true);

    const events: string[] = [];
    let handed = 0;
    const session = await openObjectPropertySession({
      sources: [new MemoryByteSource(bytes, 'x.xml')],
      services: {
        ...inlineServices(),
        sideInputs,
        pause: () => {
          events.push('pause');
          return Promise.resolve();
        },
      },
      sink: {
        nodes: () => undefined,
        nodeRange: () => undefined,
        documentNodes: (_tree: NodeTable, indexes: Int32Array) => {
          events.push('nodes');
          handed += indexes.length;
        },
      },
    });
    expect(events.slice(0, 2)).toEqual(['nodes', 'pause']);
    expect(session.fatal).toMatchObject({ code: 'BAD_COUNT', offset: sizeAt });
    expect(session.nodeCount()).toBe(handed);
    expect(handed).toBeGreaterThan(512);
    expect(handed).toBeLessThanOrEqual(object);
    const tree = session.nodeTable();
    for (let index = 0; index < handed; index++) {
      expect(tree.path(index)).toBe(table.path(index));
      expect(session.details(index).span).toEqual(table.span(index));
    }
  });

  it('a file failing in a plain value keeps only nodes whose values read back', async () => {
    const generated = generateBindFile(300, { seed: 8, isCompressed: false });
    const lists = [{ name: 'types.json', bytes: new TextEncoder().encode(generated.typeList) }];
    const { table } = (await decodeObjectTable(generated.bytes, { types: typeIndexOf(lists) }))
      .decode;
    // The first string property past item 250: its u16 length made to overrun the file.
    let property = -1;
    for (let index = 0, isPast = false; index < table.count; index++) {
      if (table.nameOf(index) === '[250]' && table.parentOf(index) === 1) isPast = true;
      if (isPast && table.propertyOf(index)?.type === 'std::string') {
        property = index;
        break;
      }
    }
    expect(property).toBeGreaterThan(0);
    const lengthAt = table.valueStart(property) / 8;
    const bytes = generated.bytes.slice();
    new DataView(bytes.buffer).setUint16(lengthAt, 0xffff, true);
    const session = await openObjectPropertySession({
      sources: [new MemoryByteSource(bytes, 'x.xml')],
      services: { ...inlineServices(), sideInputs: sideInputsOf({ [TYPE_LISTS]: lists }) },
      sink: { nodes: () => undefined, nodeRange: () => undefined },
    });
    expect(session.fatal).not.toBeNull();
    expect(session.nodeCount()).toBeGreaterThan(0);
    expect(session.nodeCount()).toBeLessThanOrEqual(property);
    for (let index = 0; index < session.nodeCount(); index++) {
      expect(typeof session.cell!(index, 'value')).toBe('string');
      expect(session.details(index).fields.length).toBeGreaterThan(0);
    }
  });
});

describe('ObjectProperty root before the inflate', () => {
  const generated = generateBindFile(400, { seed: 11 });
  const lists = [{ name: 't.json', bytes: new TextEncoder().encode(generated.typeList) }];
  const types = typeIndexOf(lists);

  it('reads the root from the stream head and hands it over before inflating the rest', async () => {
    let seen: { count: number; path: string; tailInflated: boolean } | null = null;
    const early = await decodeObjectTable(
      generated.bytes,
      { types },
      {
        onTable(table) {
          this.root = () => {
            const stream = table.source.stream;
            seen = {
              count: table.count,
              path: table.path(0),
              tailInflated: stream.subarray(stream.length >> 1).some((byte) => byte !== 0),
            };
            return Promise.resolve();
          };
        },
        root: () => Promise.resolve(),
      },
    );
    expect(seen).toEqual({ count: 1, path: 'class DelveRoot', tailInflated: false });
    const whole = await decodeObjectTable(generated.bytes, { types });
    expect(early.decode.table.count).toBe(whole.decode.table.count);
    expect(early.decode.endBit).toBe(whole.decode.endBit);
    expect(early.decode.stream).toEqual(whole.decode.stream);
  });

  it('a stream damaged after its head fails as the whole inflate does, at the file offset', async () => {
    const damaged = generated.bytes.slice();
    for (let at = damaged.length - 400; at < damaged.length - 300; at++)
      damaged[at] = damaged[at]! ^ 0x5a;
    let rootHanded = 0;
    const failure = async (hooks: Parameters<typeof decodeObjectTable>[2]) => {
      try {
        await decodeObjectTable(damaged, { types }, hooks);
      } catch (error) {
        return error as FormatError;
      }
      throw new Error('decoded');
    };
    const early = await failure({
      root: () => {
        rootHanded++;
        return Promise.resolve();
      },
    });
    const whole = await failure({});
    expect(rootHanded).toBe(1);
    expect([early.code, early.offset]).toEqual([whole.code, whole.offset]);
    expect(early.offset).toBeLessThan(damaged.length);
    expect(early.detail).not.toContain('inflated stream');
  });
});
