/**
 * The session: nodes in stream order with the bytes their bits lie in (file spans, or the
 * inflated stream's for a compressed file), fields for the details pane, facts, issues;
 * type lists through the services' side inputs, settings for a blob.
 */
import { floatText } from './nodes.ts';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { fixtureBytes } from './test-fixtures.ts';
import { inlineServices, sideInputsOf, type SideInputFile } from '../services.ts';
import { generateBindFile } from './generate.ts';
import { TYPE_LISTS, typeIndexFor } from './settings.ts';
import { openObjectPropertySession } from './session.ts';
import type { FormatModule } from '../model.ts';
import { objectPropertyFormat } from './module.ts';
import { decodeObjectProperty } from './read.ts';
import { objectNodes } from './nodes.ts';

const sink = { nodes: () => undefined, nodeRange: () => undefined };

function open(bytes: Uint8Array, lists: SideInputFile[] = [], settings?: Record<string, string>) {
  const services = { ...inlineServices(), sideInputs: sideInputsOf({ [TYPE_LISTS]: lists }) };
  return openObjectPropertySession({
    sources: [new MemoryByteSource(bytes, 'x.xml')],
    services,
    sink,
    ...(settings ? { settings } : {}),
  });
}

const typesJson = { name: 'types.json', bytes: fixtureBytes('types.json') };

describe('ObjectProperty session', () => {
  it('detects BINd by content only', () => {
    const { bytes } = generateBindFile(1);
    const format: FormatModule = objectPropertyFormat;
    expect(format.detect(bytes.subarray(0, 64), 'a.xml')).toBe('magic');
    expect(format.detect(fixtureBytes('list-simple.bin'), 'list-simple.bin')).toBeNull();
    expect(format.detect(new TextEncoder().encode('<?xml version="1.0"?>'), 'a.xml')).toBeNull();
  });

  it('a blob opened with its settings: nodes with paths, kinds and byte spans', async () => {
    const session = await open(fixtureBytes('nested-object.bin'), [typesJson], {
      shallow: 'true',
      flags: '1',
      mask: '7',
    });
    expect(session.fatal).toBeNull();
    const table = session.nodeTable();
    const nodes = Array.from({ length: session.nodeCount() }, (_, at) => [
      table.path(at),
      session.details(at).span,
    ]);
    expect(nodes).toEqual([
      ['class Outer', { offset: 4, length: 24 }],
      ['class Outer/m_inner', { offset: 8, length: 16 }],
      ['class Outer/m_inner/class Inner', { offset: 8, length: 16 }],
      ['class Outer/m_inner/class Inner/m_value', { offset: 12, length: 4 }],
      ['class Outer/m_inner/class Inner/m_name', { offset: 16, length: 8 }],
      ['class Outer/m_count', { offset: 24, length: 4 }],
    ]);
    expect(session.details(4).fields).toContainEqual(['Value', '"nested"']);
    expect(session.cell!(5, 'value')).toBe('1');
    // The Value column of the tree: an object's row counts its properties (its class is its
    // name); the property that holds an object names its class.
    expect([0, 1, 2].map((at) => session.cell!(at, 'value'))).toEqual([
      '2 properties',
      'class Inner',
      '2 properties',
    ]);
    expect(session.facts).toContainEqual(['Mode', 'shallow']);
  });

  it('bit fields map to the bytes that hold their bits', async () => {
    const session = await open(fixtureBytes('bit-integers-shallow.bin'), [typesJson], {
      shallow: 'true',
      flags: '1',
      mask: '7',
    });
    const table = session.nodeTable();
    const at = Array.from({ length: session.nodeCount() }, (_, index) => table.path(index)).indexOf(
      'class BitIntegers/m_bui3',
    );
    // bi2, bui2, bi3 take bits 64–70; bui3 is bits 71–73: bytes 8 and 9.
    expect(session.details(at).span).toEqual({ offset: 8, length: 2 });
  });

  it('a compressed BINd file: spans in the inflated stream (logical)', async () => {
    const { bytes, typeList } = generateBindFile(2, { seed: 4 });
    const session = await open(bytes, [
      { name: 'generated.json', bytes: new TextEncoder().encode(typeList) },
    ]);
    expect(session.fatal).toBeNull();
    expect(session.details(0).spanBase).toBe('logical');
    expect(session.logical).toBeDefined();
    const content = await session.content!.read(0);
    expect(content.bytes.length).toBe(session.details(0).span.length);
  });

  it('a shallow blob without a list tells that one is needed', async () => {
    const session = await open(fixtureBytes('list-simple.bin'), [], {
      shallow: 'true',
      flags: '1',
    });
    expect(session.issues.map((issue) => issue.code)).toEqual(['TYPE_LIST_NEEDED']);
    expect(session.nodeCount()).toBe(1);
    // The root's class hash in hex as the tree shows hashes, and in decimal as lists give it.
    const hash = session.nodeTable().path(0);
    const fact = session.facts.find(([label]) => label === 'Root class hash')?.[1];
    expect(fact).toMatch(/^0x[0-9A-F]{8} \(\d+\)$/);
    expect(hash).toContain(fact!.slice(0, 10));
  });

  it('a 32-bit guess reads as a float with the digits it holds', () => {
    expect(floatText(Math.fround(1.1443742118159064e-28), 32)).toBe('1.144374e-28');
    expect(floatText(Math.fround(0.1), 32)).toBe('0.1');
    expect(floatText(3.5, 32)).toBe('3.5');
    expect(floatText(Number.NaN, 32)).toBe('NaN');
    expect(floatText(0.1, 64)).toBe('0.1');
  });

  it('a malformed blob is a fatal error at its offset, the session still opens', async () => {
    const session = await open(fixtureBytes('should-fail/null-root.bin'), [], { flags: '1' });
    expect(session.fatal).toMatchObject({ code: 'BAD_VALUE', offset: 4 });
    expect(session.label).toBe('ObjectProperty blob');
    expect(session.nodeCount()).toBe(0);
  });

  it('the type index is built once per set of lists, and container items are nodes', async () => {
    const lists = [typesJson];
    const services = { ...inlineServices(), sideInputs: sideInputsOf({ [TYPE_LISTS]: lists }) };
    const index = typeIndexFor(services);
    expect(index).not.toBeNull();
    expect(typeIndexFor(services)).toBe(index);
    expect(
      typeIndexFor({ ...services, sideInputs: sideInputsOf({ [TYPE_LISTS]: [typesJson] }) }),
    ).not.toBe(index);
    expect(typeIndexFor(inlineServices())).toBeNull();
    const { decode } = await decodeObjectProperty(fixtureBytes('list-simple.bin'), {
      config: { isShallow: true, flags: 1, mask: 7, isManuallyCompressed: false },
      types: index,
    });
    const items = objectNodes(decode).filter((node) =>
      node.path.startsWith('class WithList/m_values/'),
    );
    expect(items.map((node) => [node.path.split('/').pop(), node.span, node.summary])).toEqual(
      [1, 2, 3, 4, 5].map((value, at) => [
        `[${at}]`,
        { offset: 12 + at * 4, length: 4 },
        String(value),
      ]),
    );
  });
});
