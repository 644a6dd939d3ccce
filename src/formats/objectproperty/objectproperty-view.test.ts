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
  ObjectPropertyBlobCheck,
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
      [0, 'class Outer', '2 properties'],
      [1, 'm_inner', 'class Inner'],
      [2, 'class Inner', '2 properties'],
      [3, 'm_value', '42'],
      [3, 'm_name', '"nested"'],
      [1, 'm_count', '1'],
    ]);
    const byValue = await ask<ObjectPropertyRows>({ kind: 'rows', text: 'NEST', limit: 100 });
    expect(byValue.rows.map((row) => row.path)).toEqual(['class Outer/m_inner/class Inner/m_name']);
    const cut = await ask<ObjectPropertyRows>({ kind: 'rows', text: 'm_', limit: 2 });
    expect([cut.rows.length, cut.matchCount]).toEqual([2, 4]);
    // A class is found by the object's name and by the property that holds it, once each.
    const byClass = await ask<ObjectPropertyRows>({ kind: 'rows', text: 'class Inner', limit: 9 });
    expect(byClass.rows.map((row) => [row.name, row.value])).toEqual([
      ['m_inner', 'class Inner'],
      ['class Inner', '2 properties'],
    ]);
  });

  it('an object’s row says its class once: as its name, its count of properties as its value', async () => {
    const { ask } = await openView([], 'deep-size-boundary.bin', { flags: '1' });
    const generic = await ask<ObjectPropertyRows>({ kind: 'rows', text: '', limit: 100 });
    const [root] = generic.rows;
    expect(root!.name).toBe(`#0x${stringId('class DeepSizeBoundary').toString(16).toUpperCase()}`);
    expect(root!.value).toBe('3 properties');
    expect(
      generic.rows.filter((row) => row.kind === 'section' && row.value.includes('0x')),
    ).toEqual([]);
    const { ask: typed } = await openView([typesJson], 'deep-size-boundary.bin', { flags: '1' });
    const rows = await typed<ObjectPropertyRows>({ kind: 'rows', text: '', limit: 100 });
    expect(rows.rows[0]).toMatchObject({ name: 'class DeepSizeBoundary', value: '3 properties' });
    // A shallow root without a list: its hash is its name; nothing else was read.
    const { ask: bare } = await openView([]);
    const hashOnly = await bare<ObjectPropertyRows>({ kind: 'rows', text: '', limit: 100 });
    expect(hashOnly.rows.map((row) => [row.name, row.value])).toEqual([
      [`#0x${stringId('class Outer').toString(16).toUpperCase()}`, '(needs a type list)'],
    ]);
  });

  it('says whether a pasted blob decodes with given settings, at its byte and bit when not', async () => {
    const { ask } = await openView([typesJson]);
    const nested = fixtureBytes('nested-object.bin');
    const check = (bytes: Uint8Array, settings: Record<string, string>) =>
      ask<ObjectPropertyBlobCheck>({ kind: 'check-blob', bytes, settings });
    expect(await check(nested, NESTED)).toEqual({ error: null, nodeCount: 6 });
    const wrong = await check(nested, { flags: '0', mask: '0x18' });
    expect(wrong.error).not.toBeNull();
    expect(wrong.nodeCount).toBe(0);
    const nullRoot = await check(fixtureBytes('should-fail/null-root.bin'), { flags: '1' });
    expect(nullRoot.error).toMatchObject({ code: ErrorCode.BAD_VALUE, offset: 4 });
    expect(nullRoot.error!.message).toContain('bit 32');
    // A bad setting is the blob's error too; the same bytes as a BINd file ignore the settings.
    const badFlags = await check(nested, { ...NESTED, flags: 'two' });
    expect(badFlags.error).toMatchObject({ code: ErrorCode.BAD_VALUE, offset: 0 });
    const bind = new Uint8Array([
      0x42,
      0x49,
      0x4e,
      0x64,
      ...fixtureBytes('deep-size-boundary.bin'),
    ]);
    expect((await check(bind, { flags: 'two' })).error).toBeNull();
    // A question that sends no bytes is refused, not answered.
    await expect(
      ask({ kind: 'check-blob', bytes: [1, 2] as never, settings: {} }),
    ).rejects.toMatchObject({ code: ErrorCode.BAD_VALUE });
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
