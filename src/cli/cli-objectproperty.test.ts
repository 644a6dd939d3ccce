/**
 * The CLI on ObjectProperty data: `info --json` of a `BINd` file (detected) and of blobs
 * (opened as such by their settings), with type lists given by `--types` (repeatable, JSON
 * and XML alike) and without; `hash` of names and properties; malformed input in one line
 * naming the byte and bit (exit 1).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateBindFile } from '../formats/objectproperty/generate.ts';
import { propertyHash, stringId } from '../formats/objectproperty/hashes.ts';
import { FIXTURES } from '../formats/objectproperty/test-fixtures.ts';
import { cliIn } from './testing/run-cli.ts';

const work = mkdtempSync(join(tmpdir(), 'delve-cli-objectproperty-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const generated = generateBindFile(2, { seed: 3 });
writeFileSync(join(work, 'Item.xml'), generated.bytes);
writeFileSync(join(work, 'generated.json'), generated.typeList);
writeFileSync(join(work, 'broken.json'), '{"version": 2, "classes": ');

const cli = cliIn(work);
const fixture = (name: string) => new URL(name, FIXTURES).pathname;

/** The fixtures' settings (shallow, STATEFUL, mask 7) and their JSON type list. */
const SHALLOW_TYPED = [
  '--shallow',
  '--flags',
  '1',
  '--mask',
  '7',
  '--types',
  fixture('types.json'),
];

interface InfoJson {
  format: string;
  mode: string;
  flags: number;
  root: Record<string, unknown>;
}

async function infoJson(...args: string[]): Promise<InfoJson> {
  const { code, out, errLines } = await cli('info', ...args, '--json');
  expect(errLines).toEqual([]);
  expect(code).toBe(0);
  return JSON.parse(out) as InfoJson;
}

describe('info on ObjectProperty data', () => {
  it('a shallow blob with a type list: the typed tree', async () => {
    const info = await infoJson(fixture('nested-object.bin'), ...SHALLOW_TYPED);
    expect(info).toMatchObject({ format: 'objectproperty', mode: 'shallow', flags: 1 });
    expect(info.root).toEqual({
      $class: 'class Outer',
      $hash: stringId('class Outer'),
      m_inner: {
        $class: 'class Inner',
        $hash: stringId('class Inner'),
        m_value: 42,
        m_name: 'nested',
      },
      m_count: 1,
    });
  });

  it('the XML type list gives the same root as the JSON one, and lists merge', async () => {
    const args = [fixture('all-scalars-shallow.bin'), '--shallow', '--flags', '1', '--mask', '7'];
    const fromJson = await infoJson(...args, '--types', fixture('types.json'));
    const fromXml = await infoJson(...args, '--types', fixture('types.xml'));
    const merged = await infoJson(
      ...args,
      '--types',
      join(work, 'generated.json'),
      '--types',
      fixture('types.xml'),
    );
    expect(fromXml.root).toEqual(fromJson.root);
    expect(merged.root).toEqual(fromJson.root);
    expect(fromJson.root).toMatchObject({
      m_int64: '1311768467463790320',
      m_uint: 0xdeadbeef,
      m_char: -42,
    });
  });

  it('a blob through its manual zlib wrapper, and enums by name', async () => {
    const info = await infoJson(
      fixture('with-compression.bin'),
      '--shallow',
      '--flags',
      '1',
      '--mask',
      '7',
      '--manual-compression',
      '--types',
      fixture('types.json'),
    );
    expect(info.flags).toBe(9);
    expect(info.root).toMatchObject({ $class: 'class AllScalars', m_float: 1.5 });
    const flags = await infoJson(fixture('bitflags-string.bin'), ...SHALLOW_TYPED);
    expect(flags.root).toMatchObject({ m_flags: 'FLAG_B|FLAG_C' });
  });

  it('a deep blob without a type list: hashes, offsets, sizes and guesses', async () => {
    const info = await infoJson(fixture('deep-size-boundary.bin'), '--flags', '1');
    expect(info.root).toEqual({
      $hash: stringId('class DeepSizeBoundary'),
      sizeBits: 320,
      properties: ['m_first', 'm_second', 'm_third'].map((name, at) => ({
        hash: propertyHash('unsigned int', name),
        offsetBits: 96 + at * 96,
        sizeBits: 96,
        guess: {
          bits: 32,
          unsigned: String(0x11111111 * (at + 1)),
          signed: String(0x11111111 * (at + 1)),
          float: expect.any(Number) as number,
        },
      })),
    });
  });

  it('a BINd file is detected, read deep and compressed, typed by its list', async () => {
    const info = await infoJson('Item.xml', '--types', 'generated.json');
    expect(info).toMatchObject({ format: 'objectproperty', mode: 'deep', flags: 9 });
    expect(info.root.$class).toBe('class DelveRoot');
    expect((info.root.m_items as unknown[]).length).toBe(2);
    expect(info.root.m_count).toBe(2);
    const bare = await infoJson('Item.xml');
    expect(bare.root.$hash).toBe(stringId('class DelveRoot'));
    expect(bare.root.properties).toHaveLength(3);
  });

  it('text output lists the facts and a line per node', async () => {
    const { code, out } = await cli('info', 'Item.xml', '--types', 'generated.json');
    expect(code).toBe(0);
    expect(out).toMatch(/mode +deep/);
    expect(out).toMatch(/^ {2}m_count 2$/m);
  });

  it('malformed input is one line naming the byte and the bit, exit 1', async () => {
    const { code, out, errLines } = await cli(
      'info',
      fixture('should-fail/null-root.bin'),
      '--flags',
      '1',
      '--json',
    );
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(/null-root\.bin: bad value at 0x4: .*bit 32/);
  });

  it('a type list that is not one names the list, exit 1', async () => {
    const { code, errLines } = await cli('info', 'Item.xml', '--types', 'broken.json');
    expect(code).toBe(1);
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toContain('broken.json');
  });
});

describe('hash', () => {
  it('gives the string ID and djb2 of a text', async () => {
    const { code, out } = await cli('hash', 'm_packedName', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ stringId: stringId('m_packedName'), djb2: 307420154 });
  });

  it('gives a property hash from --property and --type, no text needed', async () => {
    const { code, out } = await cli(
      'hash',
      '--property',
      'm_equipmentSetList',
      '--type',
      'class SharedPointer<class EquipmentSet>',
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ propertyHash: 1788831224 });
  });

  it('looks a hash up in the type lists given', async () => {
    const hash = String(propertyHash('class Inner', 'm_inner'));
    const { code, out } = await cli('hash', hash, '--types', fixture('types.xml'), '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out).names).toEqual({
      classes: [],
      properties: [{ className: 'class Outer', name: 'm_inner', type: 'class Inner' }],
    });
  });
});
