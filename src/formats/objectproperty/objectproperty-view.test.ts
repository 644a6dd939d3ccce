/**
 * The `objectproperty-tree` view: the module opens files with it; its summary, its rows
 * searched by name and value, its exports (JSON as the CLI prints it, XML with a list only),
 * and the hashes of a name with what a name or a hash is in the type lists.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode } from '../../binary/format-error.ts';
import { inlineServices, sideInputsOf, type SideInputFile } from '../services.ts';
import { djb2, propertyHash, stringId } from './hashes.ts';
import { objectPropertyFormat } from './module.ts';
import { TYPE_LISTS } from './settings.ts';
import { fixtureBytes } from './test-fixtures.ts';
import type {
  ObjectPropertyHashes,
  ObjectPropertyQuery,
  ObjectPropertyRows,
  ObjectPropertyViewSummary,
} from './types.ts';
import { OBJECT_PROPERTY_VIEW } from './view.ts';

const sink = { nodes: () => undefined, nodeRange: () => undefined };
const typesJson = { name: 'types.json', bytes: fixtureBytes('types.json') };
const NESTED = { shallow: 'true', flags: '1', mask: '7' };

async function openView(
  lists: SideInputFile[],
  name = 'nested-object.bin',
  settings: Record<string, string> = NESTED,
) {
  const services = { ...inlineServices(), sideInputs: sideInputsOf({ [TYPE_LISTS]: lists }) };
  const session = await objectPropertyFormat.open({
    sources: [new MemoryByteSource(fixtureBytes(name), name)],
    services,
    sink,
    settings,
  });
  const view = session.view!;
  const job = {
    signal: { isCancelled: false },
    pause: () => Promise.resolve(),
    progress: () => undefined,
  };
  const ask = <T>(query: ObjectPropertyQuery) => view.request!(query, job as never) as Promise<T>;
  return { session, view, ask };
}

describe('ObjectProperty view', () => {
  it('a typed decode: summary, rows by name and by value', async () => {
    const { view, ask } = await openView([typesJson]);
    expect(view.kind).toBe(OBJECT_PROPERTY_VIEW);
    expect(view.data()).toEqual<ObjectPropertyViewSummary>({
      kind: 'typed',
      mode: 'shallow',
      flags: 1,
      isBind: false,
      rootName: 'class Outer',
      typeLists: ['types.json'],
      nodeCount: 6,
    });
    const all = await ask<ObjectPropertyRows>({ kind: 'rows', text: '', limit: 100 });
    expect(all.rows.map((row) => [row.depth, row.name, row.value])).toEqual([
      [0, 'class Outer', 'class Outer'],
      [1, 'm_inner', 'class Inner'],
      [2, 'class Inner', 'class Inner'],
      [3, 'm_value', '42'],
      [3, 'm_name', '"nested"'],
      [1, 'm_count', '1'],
    ]);
    const byValue = await ask<ObjectPropertyRows>({ kind: 'rows', text: 'NEST', limit: 100 });
    expect(byValue.rows.map((row) => row.path)).toEqual(['class Outer/m_inner/class Inner/m_name']);
    const cut = await ask<ObjectPropertyRows>({ kind: 'rows', text: 'm_', limit: 2 });
    expect([cut.rows.length, cut.matchCount]).toEqual([2, 4]);
  });

  it('exports JSON and KingsIsle XML', async () => {
    const { ask } = await openView([typesJson]);
    const json = JSON.parse(await ask<string>({ kind: 'export', as: 'json' })) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({
      $class: 'class Outer',
      m_count: 1,
      m_inner: { m_value: 42, m_name: 'nested' },
    });
    const xml = await ask<string>({ kind: 'export', as: 'xml' });
    expect(xml).toContain('<Class Name="class Outer">');
    expect(xml).toContain('<m_name>nested</m_name>');
  });

  it('without a type list: a deep blob by hashes; XML is refused', async () => {
    const { view, ask } = await openView([], 'deep-size-boundary.bin', { flags: '1' });
    expect(view.data()).toMatchObject({ kind: 'generic', typeLists: [] });
    const json = JSON.parse(await ask<string>({ kind: 'export', as: 'json' })) as Record<
      string,
      unknown
    >;
    expect(json.$hash).toBe(stringId('class DeepSizeBoundary'));
    await expect(ask({ kind: 'export', as: 'xml' })).rejects.toMatchObject({
      code: ErrorCode.BAD_VALUE,
    });
  });

  it('a BINd file made of a deep blob decodes by the list', async () => {
    const blob = fixtureBytes('deep-size-boundary.bin');
    const bytes = new Uint8Array([0x42, 0x49, 0x4e, 0x64, ...blob]);
    const services = {
      ...inlineServices(),
      sideInputs: sideInputsOf({ [TYPE_LISTS]: [typesJson] }),
    };
    const session = await objectPropertyFormat.open({
      sources: [new MemoryByteSource(bytes, 'Outer.xml')],
      services,
      sink,
    });
    expect(session.view!.data()).toMatchObject({
      kind: 'typed',
      isBind: true,
      rootName: 'class DeepSizeBoundary',
    });
    expect(session.details(1)).toMatchObject({
      path: 'class DeepSizeBoundary/m_first',
      span: { offset: 16, length: 12 },
    });
  });

  it('hashes a name; looks names and hashes up both ways', async () => {
    const { ask } = await openView([typesJson]);
    const inner = await ask<ObjectPropertyHashes>({
      kind: 'hashes',
      text: 'm_inner',
      typeName: 'class Inner',
    });
    expect(inner).toMatchObject({
      stringId: stringId('m_inner'),
      djb2: djb2('m_inner'),
      propertyHash: propertyHash('class Inner', 'm_inner'),
    });
    expect(inner.names!.properties).toEqual([
      {
        className: 'class Outer',
        name: 'm_inner',
        type: 'class Inner',
        hash: propertyHash('class Inner', 'm_inner'),
      },
    ]);
    const byHash = await ask<ObjectPropertyHashes>({
      kind: 'hashes',
      text: String(stringId('class Outer')),
      typeName: '',
    });
    expect(byHash.propertyHash).toBeNull();
    expect(byHash.names!.classes).toEqual([{ name: 'class Outer', hash: stringId('class Outer') }]);
    const byName = await ask<ObjectPropertyHashes>({
      kind: 'hashes',
      text: 'class Outer',
      typeName: '',
    });
    expect(byName.names!.classes).toEqual([{ name: 'class Outer', hash: stringId('class Outer') }]);
    const { ask: bare } = await openView([], 'deep-size-boundary.bin', { flags: '1' });
    expect(
      (await bare<ObjectPropertyHashes>({ kind: 'hashes', text: 'x', typeName: '' })).names,
    ).toBeNull();
  });

  it('a file that does not decode names its view, which answers with a FormatError at the byte', async () => {
    const services = inlineServices();
    const session = await objectPropertyFormat.open({
      sources: [new MemoryByteSource(fixtureBytes('should-fail/null-root.bin'), 'null-root.bin')],
      services,
      sink,
      settings: { flags: '1' },
    });
    expect(session.fatal).not.toBeNull();
    expect(session.view!.kind).toBe(OBJECT_PROPERTY_VIEW);
    expect(session.fatal!.message).toContain('bit 32');
    expect(() => session.view!.data()).toThrow(
      expect.objectContaining({ code: session.fatal!.code, offset: 4 }),
    );
  });
});
