/**
 * Keyed archives: the real DAVA test files from ../shared/fixtures/ka (read in place, never
 * copied; each key spells its value), the committed fixtures, synthetic v2 archives, wide
 * strings, the YAML export against DAVA's own YAML file, and the session.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../binary/format-error.ts';
import { recordingSink } from '../conformance/open.ts';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { FormatServices } from '../services.ts';
import { inlineServices, inlineViewJob } from '../services.ts';
import { displayValue, f32Text, typeName } from './display.ts';
import { archiveYaml } from './export.ts';
import { makeKaFixtures, v2TopArchive, V2_IDS } from './fixtures/make-fixtures.ts';
import { kaFormat } from './module.ts';
import { parseKa } from './read.ts';
import { openKaSession } from './session.ts';
import { KaType, bitsOfF32, type KaArchive, type KaValue, type KaViewAnswer } from './types.ts';
import {
  archiveValue,
  arrayValue,
  floatsValue,
  intValue,
  textKey,
  textValue,
  v1Archive,
  wideValue,
  writeKa,
} from './write.ts';

const realDir = fileURLToPath(new URL('../../../../shared/fixtures/ka/', import.meta.url));
const hasReal = existsSync(`${realDir}newTest.dat`);
const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The DAVA type each key name of the test files stands for (`VarType[4]` is an int32 4). */
const KEY_TYPES: Record<string, string> = {
  VarType: 'int32',
  bool: 'bool',
  byteArr: 'byteArray',
  float: 'float',
  int32: 'int32',
  int64: 'int64',
  uint32: 'uint32',
  uint64: 'uint64',
  string: 'string',
  wideString: 'wideString',
  vector2: 'Vector2',
  vector3: 'Vector3',
  vector4: 'Vector4',
  matrix2: 'Matrix2',
  matrix3: 'Matrix3',
  matrix4: 'Matrix4',
};

/** The value's arguments as the key would spell them. */
function spelled(value: KaValue): string[] {
  const shown = displayValue(value, null, { offset: 0, length: 0 });
  switch (shown.kind) {
    case 'bool':
      return [String(shown.value)];
    case 'number':
      return [String(shown.value)];
    case 'bigint':
      return [shown.decimal];
    case 'numbers':
      return shown.values.map(String);
    case 'rows':
      return shown.rows.flat().map(String);
    case 'text':
    case 'wideString':
      return [shown.text];
    case 'bytes':
      return (shown.hex.match(/../g) ?? []).map((pair) => `0x${pair.toUpperCase()}`);
    default:
      return [JSON.stringify(shown)];
  }
}

describe.skipIf(!hasReal)(
  `real files${hasReal ? '' : ' (skipped: ../shared/fixtures/ka not found)'}`,
  () => {
    it.each([
      ['oldTest.dat', 8],
      ['newTest.dat', 16],
    ])(
      '%s reads to its last byte, each key spells its value, and writes back the same bytes',
      (name, pairs) => {
        const bytes = new Uint8Array(readFileSync(`${realDir}${name}`));
        const { value, issues, fatal } = parseKa(bytes);
        expect(fatal).toBeNull();
        expect(issues).toEqual([]);
        expect(value.root.span).toEqual({ offset: 0, length: bytes.length });
        expect(value.root.entries).toHaveLength(pairs);
        for (const entry of value.root.entries) {
          expect(entry.key.kind).toBe('text');
          const key = entry.key.kind === 'text' ? entry.key.text : '';
          const match = /^(\w+)\[(.*)\]:$/.exec(key);
          expect(match, key).not.toBeNull();
          const [, name, args] = match!;
          expect(typeName(entry.value.type), key).toBe(KEY_TYPES[name!]);
          expect(spelled(entry.value), key).toEqual(args!.split(','));
        }
        expect(writeKa(value)).toEqual(bytes);
        // The model's own order is the file's (sorted) order too.
        expect(writeKa(value, { keepOrder: true })).toEqual(bytes);
      },
    );

    it('reads the wide string as UTF-32LE, unambiguously', () => {
      const bytes = new Uint8Array(readFileSync(`${realDir}oldTest.dat`));
      const wide = parseKa(bytes).value.root.entries.at(-1)!.value;
      expect(wide).toMatchObject({ kind: 'wideString', width: 4, isAmbiguous: false });
    });

    it('is detected by its magic; the texture descriptor is not', () => {
      for (const name of ['oldTest.dat', 'newTest.dat']) {
        expect(kaFormat.detect(new Uint8Array(readFileSync(`${realDir}${name}`)))).toBe('magic');
      }
      expect(kaFormat.detect(new Uint8Array(readFileSync(`${realDir}tanksbox.tex`)))).toBeNull();
    });
  },
);

describe('committed fixtures', () => {
  it.each(makeKaFixtures().map((fixture) => [fixture.file, fixture] as const))(
    '%s equals its definition and reads as expected',
    (file, fixture) => {
      const committed = new Uint8Array(readFileSync(`${fixturesDir}${file}`));
      expect(committed).toEqual(fixture.bytes);
      const { fatal, issues } = parseKa(committed);
      if (fixture.fatal) {
        expect(fatal).toMatchObject(fixture.fatal);
      } else {
        expect(fatal).toBeNull();
        expect(issues).toEqual([]);
        expect(writeKa(parseKa(committed).value)).toEqual(committed);
      }
    },
  );
});

describe('v2 archives', () => {
  const bytes = writeKa(v2TopArchive());
  const { value, issues, fatal } = parseKa(bytes);
  const entry = (id: number, archive: KaArchive = value.root) =>
    archive.entries.find((candidate) => candidate.key.kind === 'id' && candidate.key.id === id)!;

  it('reads the top archive, its table, and strings of all four types as ids', () => {
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(value.root.kind).toBe('top');
    expect(value.root.strings.map((string) => string.text)).toContain('#hierarchy');
    expect(entry(V2_IDS.name).value).toEqual({
      kind: 'stringId',
      type: KaType.STRING,
      id: V2_IDS.tank,
    });
    expect(entry(V2_IDS.title).value).toMatchObject({ kind: 'stringId', type: KaType.FASTNAME });
    expect(entry(V2_IDS.path).value).toMatchObject({ kind: 'stringId', type: KaType.FILEPATH });
    expect(entry(V2_IDS.legacy).value).toMatchObject({
      kind: 'stringId',
      type: KaType.WIDE_STRING,
    });
    expect(writeKa(value)).toEqual(bytes);
  });

  it('reads sub and empty children with the top table; the empty one is 4 bytes', () => {
    const child = entry(V2_IDS.child).value;
    expect(child.kind === 'archive' && child.archive.kind).toBe('sub');
    const empty = child.kind === 'archive' ? entry(V2_IDS.empty, child.archive).value : null;
    expect(empty).toMatchObject({ kind: 'archive', archive: { kind: 'empty', entries: [] } });
    expect(empty?.kind === 'archive' && empty.archive.span?.length).toBe(4);
  });

  it('reads an array of archives', () => {
    const nodes = entry(V2_IDS.nodes).value;
    expect(nodes.kind).toBe('array');
    const kinds =
      nodes.kind === 'array'
        ? nodes.items.map((item) => item.value.kind === 'archive' && item.value.archive.kind)
        : [];
    expect(kinds).toEqual(['sub', 'empty', 'sub']);
  });

  it('reads a v1 archive nested in v2 in plain mode, and a sub below it with the top table', () => {
    const nested = entry(V2_IDS.hierarchy).value;
    const archive = nested.kind === 'archive' ? nested.archive : null;
    expect(archive?.kind).toBe('v1');
    const plain = archive?.entries.find(
      (pair) => pair.key.kind === 'text' && pair.key.text === 'plain',
    );
    expect(plain?.value).toMatchObject({ kind: 'text', text: 'not an id' });
    expect(
      archive?.entries.find((pair) => pair.key.kind === 'text' && pair.key.text === 'wide')?.value,
    ).toMatchObject({
      kind: 'wideString',
      width: 4,
    });
  });

  it('reads the 4-byte empty archive', () => {
    const empty = parseKa(Uint8Array.of(0x4b, 0x41, 0x02, 0xff));
    expect(empty.fatal).toBeNull();
    expect(empty.value.root).toMatchObject({
      kind: 'empty',
      entries: [],
      span: { offset: 0, length: 4 },
    });
  });

  it('reports ids a sub archive with no top archive cannot resolve, with their offsets', () => {
    const sub: KaArchive = {
      kind: 'sub',
      strings: [],
      entries: [{ key: { kind: 'id', id: 7 }, value: { kind: 'stringId', type: 4, id: 9 } }],
    };
    const result = parseKa(writeKa(sub));
    expect(result.fatal).toBeNull();
    expect(result.issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['UNRESOLVED_ID', 8],
      ['UNRESOLVED_ID', 13],
    ]);
    expect(result.value.root.entries[0]!.value).toEqual({ kind: 'stringId', type: 4, id: 9 });
  });
});

describe('wide strings', () => {
  const inArchive = (value: KaValue, after?: KaValue) =>
    writeKa(
      v1Archive(
        after
          ? [
              ['a', value],
              ['b', after],
            ]
          : [['a', value]],
      ),
    );
  const wideOf = (bytes: Uint8Array, options = {}) =>
    parseKa(bytes, options).value.root.entries[0]!.value;

  it.each([2, 4] as const)(
    'finds width %i from what follows (last pair and before a key)',
    (width) => {
      for (const after of [undefined, textValue('next')]) {
        const value = wideValue('hé €', width);
        const read = wideOf(inArchive(value, after));
        expect(read).toMatchObject({
          kind: 'wideString',
          width,
          units: (value as { units: number[] }).units,
        });
        expect(writeKa(parseKa(inArchive(value, after)).value)).toEqual(inArchive(value, after));
      }
    },
  );

  it('notes a string both widths read, and keeps width 4; the option forces a width', () => {
    // 0x00050041 is a code point; as UTF-16 it is `A` followed by a type byte (5): both fit.
    const units: KaValue = {
      kind: 'wideString',
      type: 5,
      width: 4,
      units: [0x50041],
      isAmbiguous: false,
    };
    const bytes = writeKa(v1Archive([['a', arrayValue([units, intValue(KaType.INT32, 1)])]]));
    const array = wideOf(bytes);
    const first = array.kind === 'array' ? array.items[0]!.value : null;
    expect(first).toMatchObject({ width: 4, isAmbiguous: true });
    const forced = wideOf(writeKa(v1Archive([['a', wideValue('ab', 2)]])), { wideStringWidth: 2 });
    expect(forced).toMatchObject({ width: 2, isAmbiguous: false });
  });
});

/** keyed_archive_original.yaml's pairs, in its order. */
function originalYamlArchive(): KaArchive {
  const f = (type: Parameters<typeof floatsValue>[0], values: number[]) =>
    floatsValue(type, values);
  const pairs: Array<[string, KaValue]> = [
    ['mapNamebool', { kind: 'bool', type: 1, byte: 1 }],
    ['mapNameint32', intValue(KaType.INT32, -202)],
    ['mapNameUInt32', intValue(KaType.UINT32, 101)],
    ['mapNameint64', { kind: 'int64', type: 9, value: -303n }],
    ['mapNameUInt64', { kind: 'int64', type: 10, value: 40004n }],
    ['mapNamefloat', f(KaType.FLOAT, [5.6])],
    ['mapNamevector2', f(KaType.VECTOR2, [7.1, 7.2])],
    ['mapNameVector3', f(KaType.VECTOR3, [8.1, 8.2, 8.3])],
    ['mapNameVector4', f(KaType.VECTOR4, [9.1, 9.2, 9.3, 9.4])],
    ['mapNameString', textValue('regularString')],
    ['mapNameWideString', wideValue('wideString')],
    ['mapNameMatrix2', f(KaType.MATRIX2, [1.1, 1.2, 1.3, 1.4])],
    ['mapNameMatrix3', f(KaType.MATRIX3, [2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9])],
    [
      'mapNameMatrix4',
      f(
        KaType.MATRIX4,
        [3.1, 3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 3.9, 3.01, 3.02, 3.03, 3.04, 3.05, 3.06, 3.07],
      ),
    ],
    [
      'mapNameByteArrey',
      {
        kind: 'bytes',
        type: 6,
        bytes: Uint8Array.of(0x14, 0x1e, 0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a),
      },
    ],
    [
      'mapNameKArch',
      archiveValue({
        kind: 'v1',
        strings: [],
        entries: [
          { key: textKey('map_INNER_ARCH_Namebool'), value: { kind: 'bool', type: 1, byte: 1 } },
          { key: textKey('map_INNER_ARCH_Name2bool'), value: { kind: 'bool', type: 1, byte: 1 } },
        ],
      }),
    ],
    ['mapNameInt8', intValue(KaType.INT8, -8)],
    ['mapNameUInt8', intValue(KaType.UINT8, 8)],
    ['mapNameInt16', intValue(KaType.INT16, -16)],
    ['mapNameUInt16', intValue(KaType.UINT16, 16)],
    ['mapNameColor', f(KaType.COLOR, [124, 100, 75, 255])],
  ];
  return v1Archive(pairs);
}

describe.skipIf(!hasReal)('YAML export', () => {
  it("writes DAVA's YAML: keyed_archive_original.yaml, but for its stray spaces", () => {
    const original = readFileSync(`${realDir}keyed_archive_original.yaml`, 'utf8');
    // The hand-made file has spaces after some colons and before others; YAML ignores them.
    const normalized = original
      .split('\n')
      .map((line) => line.trimEnd().replace(/ +:$/, ':'))
      .join('\n')
      .trimEnd();
    // Through the writer and reader first, so the floats are the file's f32 values.
    const archive = parseKa(writeKa(originalYamlArchive(), { keepOrder: true })).value.root;
    expect(archiveYaml(archive).trimEnd()).toBe(normalized);
  });

  it('shortens f32 values to the text that reads back the same', () => {
    expect(f32Text(bitsOfF32(3.01))).toBe('3.01');
    expect(f32Text(bitsOfF32(1 / 3))).toBe('0.33333334');
    expect(f32Text(0x7fc00001)).toBe('NaN');
  });
});

function noPauseServices(counter: { pauses: number }): FormatServices {
  return { ...inlineServices(), pause: () => Promise.resolve(void counter.pauses++) };
}

describe('session', () => {
  async function open(bytes: Uint8Array, services: FormatServices = inlineServices()) {
    const { sink, record } = recordingSink();
    const session = await openKaSession({
      sources: [new MemoryByteSource(bytes, 'x.ka')],
      services,
      sink,
    });
    return { session, record };
  }

  it('has a node per key and element, with paths of keys, kinds, cells and details', async () => {
    const bytes = writeKa(
      v1Archive([
        ['a/b', textValue('slash')],
        [
          'list',
          arrayValue([
            intValue(KaType.INT32, 5),
            archiveValue(v1Archive([['', floatsValue(KaType.VECTOR2, [1, 2])]])),
          ]),
        ],
        ['%', { kind: 'bool', type: 1, byte: 1 }],
      ]),
    );
    const { session, record } = await open(bytes);
    const table = session.nodeTable();
    const paths = Array.from({ length: session.nodeCount() }, (_, index) => table.path(index));
    expect(paths).toEqual(['%25', 'a%2Fb', 'list', 'list/0', 'list/1', 'list/1/%']);
    expect(record.nodes.size).toBe(6);
    expect(table.kind!(2)).toBe('record');
    expect(table.kind!(3)).toBe('value');
    expect(session.cell!(1, 'type')).toBe('string');
    expect(session.cell!(1, 'value')).toBe('"slash"');
    expect(session.cell!(5, 'value')).toBe('[1, 2]');
    const details = session.details(1);
    // After the header and count (8) and the pair `%` = true (key 6 + value 2): key 8 + value 10.
    expect(details.span).toEqual({ offset: 16, length: 18 });
    expect(details.fields).toContainEqual(['Value bytes', '0x18 (10 bytes)']);
    expect(details.fields).toContainEqual(['Key', '"a/b"']);
    expect(session.facts).toContainEqual(['Version', 'v1']);
  });

  it('answers the view: values, search, JSON and YAML', async () => {
    const { session } = await open(writeKa(v2TopArchive()));
    const ask = (query: unknown) =>
      session.view!.request!(query, inlineViewJob()) as Promise<KaViewAnswer>;
    const paths = Array.from({ length: session.nodeCount() }, (_, index) =>
      session.nodeTable().path(index),
    );
    const nameIndex = paths.indexOf('name');
    expect(await ask({ kind: 'value', index: nameIndex })).toMatchObject({
      typeName: 'string',
      value: { kind: 'stringId', id: V2_IDS.tank, text: 'T-34 / 85' },
    });
    const search = await ask({ kind: 'search', text: 'HIERARCHY', limit: 1 });
    expect(search).toMatchObject({ kind: 'search', total: 2 });
    const json = await ask({ kind: 'json', index: paths.indexOf('child') });
    expect(JSON.parse((json as { text: string }).text)).toEqual({
      type: 'keyedArchive',
      value: {
        name: { type: 'string', value: 'child', id: V2_IDS.child },
        empty: { type: 'keyedArchive', value: {} },
      },
    });
    const yaml = await ask({ kind: 'yaml' });
    expect((yaml as { text: string }).text).toContain(
      '    "#dataNodes":\n        variantVector:\n            - keyedArchive:',
    );
    expect(session.view!.data()).toMatchObject({ version: 'v2 top', stringTableSize: 10 });
    await expect(ask({ kind: 'value', index: 999 })).rejects.toBeInstanceOf(FormatError);
  });

  it('streams a large archive in batches with pauses between them', async () => {
    const items = Array.from({ length: 20_000 }, (_, index) => intValue(KaType.INT32, index));
    const counter = { pauses: 0 };
    const { session, record } = await open(
      writeKa(v1Archive([['many', arrayValue(items)]])),
      noPauseServices(counter),
    );
    expect(session.nodeCount()).toBe(20_001);
    expect(record.nodes.size).toBe(20_001);
    expect(counter.pauses).toBeGreaterThanOrEqual(2);
    expect(session.nodeTable().path(20_000)).toBe('many/19999');
  });

  it('keeps what was read before a bad value, and its error', async () => {
    const bytes = writeKa(
      v1Archive([
        ['a', intValue(KaType.INT32, 1)],
        ['b', archiveValue(v1Archive([['c', textValue('x')]]))],
      ]),
    );
    bytes[bytes.length - 6] = 40; // the type byte of `c`'s value
    const { session, record } = await open(bytes);
    expect(session.fatal).toMatchObject({ code: 'BAD_VALUE', offset: bytes.length - 6 });
    expect(record.nodes.size).toBe(session.nodeCount());
    expect(session.nodeTable().path(0)).toBe('a');
  });
});
