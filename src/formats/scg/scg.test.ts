/**
 * Scene geometry: the committed fixtures, files of one and several groups made by our
 * writer and read back byte for byte, the real PolygonGroup of DAVA's `tanksbox.sc2` (read
 * in place from ../shared/fixtures and put in an `SCPG` container: no public `.scg`
 * exists), the session's tree, what each group's keys mean, the size checks, and `info`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { KaType, type KaArchive } from '../ka/types.ts';
import { idKey, intValue, textValue, v1Archive, writeKa } from '../ka/write.ts';
import type { Session } from '../model.ts';
import { inlineServices, inlineViewJob } from '../services.ts';
import { scgCli } from './cli.ts';
import {
  FORMAT_SKINNED,
  makeScgFixtures,
  severalGroups,
  triangleGroup,
  validScgFiles,
} from './fixtures/make-fixtures.ts';
import { vertexFormatNames, vertexStride } from './geometry.ts';
import { scgJson } from './json.ts';
import { scgFormat } from './module.ts';
import { parseGroupAt, parseScg } from './read.ts';
import { openScgSession } from './session.ts';
import type { ScgFile } from './types.ts';
import { polygonGroupArchive, writeScg } from './write.ts';

const realPath = fileURLToPath(
  new URL('../../../../shared/fixtures/ka/tanksbox.sc2', import.meta.url),
);
const hasReal = existsSync(realPath);
const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function open(bytes: Uint8Array): Promise<Session> {
  return openScgSession({
    sources: [new MemoryByteSource(bytes, 'test.scg')],
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

describe('vertex formats', () => {
  it('names DAVA bits and sizes a vertex as GetVertexSize does', () => {
    expect(vertexFormatNames(0x18b)).toEqual([
      'VERTEX',
      'NORMAL',
      'TEXCOORD0',
      'TANGENT',
      'BINORMAL',
    ]);
    expect(vertexStride(0x18b)).toBe(56);
    expect(vertexFormatNames(FORMAT_SKINNED)).toEqual([
      'VERTEX',
      'NORMAL',
      'TEXCOORD0',
      'JOINTINDEX',
      'JOINTWEIGHT',
    ]);
    expect(vertexStride(FORMAT_SKINNED)).toBe(12 + 12 + 8 + 16 + 16);
    // COLOR is four bytes, not four floats.
    expect(vertexStride(0x05)).toBe(16);
    expect(vertexStride(0)).toBe(0);
  });

  it('shows bits DAVA does not define in hex, and leaves the stride unknown', () => {
    expect(vertexFormatNames(0x100001)).toEqual(['VERTEX', '0x100000']);
    expect(vertexFormatNames(-0x80000000)).toEqual(['0x80000000']);
    expect(vertexStride(0x100001)).toBeNull();
  });
});

describe.skipIf(!hasReal)('the PolygonGroup of tanksbox.sc2 (real DAVA data)', () => {
  const real = hasReal ? new Uint8Array(readFileSync(realPath)) : new Uint8Array(0);
  // The first data node of the scene: after its 12-byte header, an empty 8-byte version
  // tags archive, a 4-byte descriptor with its size, and the i32 data-node count (spec §10).
  const group = parseGroupAt(real, 32);
  const bytes = writeScg({ version: 1, groups: [group] }, { keepOrder: true });

  it('is the same archive, byte for byte, in a geometry file', () => {
    expect(group.span).toEqual({ offset: 32, length: 4550 });
    expect(bytes.subarray(16)).toEqual(real.subarray(32, 32 + 4550));
    // DAVA sorts keys as our writer does: sorting gives the same bytes.
    expect(writeScg({ version: 1, groups: [group] })).toEqual(bytes);
    const { value, fatal, issues } = parseScg(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(writeScg(value, { keepOrder: true })).toEqual(bytes);
  });

  it('reads its geometry: 0x18B, 56-byte vertices, 16-bit indices, all sizes agreeing', async () => {
    expect(scgJson(bytes).polygonGroups).toEqual([
      {
        name: 'PolygonGroup',
        id: '1',
        vertexCount: 72,
        indexCount: 108,
        vertexFormat: 0x18b,
        vertexFormatNames: ['VERTEX', 'NORMAL', 'TEXCOORD0', 'TANGENT', 'BINORMAL'],
        indexFormat: 0,
        packing: 0,
      },
    ]);
    const session = await open(bytes);
    expect(session.issues).toEqual([]);
    const node = nodeOf(session, 'Polygon groups/0 PolygonGroup');
    expect(field(session, node, 'Vertex stride')).toBe('56 bytes');
    expect(field(session, node, 'Vertices')).toBe('4,032 bytes = 72 × 56');
    expect(field(session, node, 'Indices')).toBe('216 bytes = 108 × 2');
    expect(field(session, node, 'Primitive type')).toBe('1 (triangle list)');
    expect(field(session, node, 'Primitive count')).toBe('36');
    expect(fact(session, 'Total vertices')).toBe('72');
    expect(fact(session, 'Total indices')).toBe('108');
  });
});

describe('committed fixtures', () => {
  for (const fixture of makeScgFixtures()) {
    it(`${fixture.file} is as made, and reads as expected`, async () => {
      expect(new Uint8Array(readFileSync(`${fixturesDir}${fixture.file}`))).toEqual(fixture.bytes);
      const session = await open(fixture.bytes);
      if (fixture.fatal) {
        expect(session.fatal).toMatchObject(fixture.fatal);
        expect(() => scgJson(fixture.bytes)).toThrow(FormatError);
      } else {
        expect(session.fatal).toBeNull();
        expect(session.issues).toEqual([]);
      }
    });
  }
});

describe('files made by the writer', () => {
  it('one group: header, the group and every key it has, round trip byte for byte', async () => {
    const model: ScgFile = { version: 1, groups: [triangleGroup(7n)] };
    const bytes = writeScg(model);
    expect(Array.from(bytes.subarray(0, 16))).toEqual([
      0x53, 0x43, 0x50, 0x47, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
    ]);
    const { value, fatal, issues } = parseScg(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(value.version).toBe(1);
    expect(value.groups[0]!.span).toEqual({ offset: 16, length: bytes.length - 16 });
    expect(writeScg(value)).toEqual(bytes);
    expect(writeScg(value, { keepOrder: true })).toEqual(bytes);

    const session = await open(bytes);
    expect(session.label).toBe('DAVA scene geometry v1');
    expect(paths(session)).toEqual([
      'Header',
      'Header/magic',
      'Header/version',
      'Header/node count',
      'Header/node count (again)',
      'Polygon groups',
      'Polygon groups/0 PolygonGroup',
      ...[
        '##name',
        '#id',
        'cubeTextureCoordCount',
        'indexCount',
        'indexFormat',
        'indices',
        'packing',
        'primitiveCount',
        'rhi_primitiveType',
        'textureCoordCount',
        'vertexCount',
        'vertexFormat',
        'vertices',
      ].map((key) => `Polygon groups/0 PolygonGroup/${key}`),
    ]);
    const again = nodeOf(session, 'Header/node count (again)');
    expect(session.details(again).span).toEqual({ offset: 12, length: 4 });
    expect(session.cell!(again, 'value')).toBe('1');
    expect(session.details(nodeOf(session, 'Header')).span).toEqual({ offset: 0, length: 16 });
    const format = nodeOf(session, 'Polygon groups/0 PolygonGroup/vertexFormat');
    expect(session.cell!(format, 'value')).toBe('11 = 0xB (VERTEX | NORMAL | TEXCOORD0)');
    const answer = await session.view!.request!({ kind: 'value', index: format }, inlineViewJob());
    expect(answer).toMatchObject({ typeName: 'int32', value: { kind: 'number', value: 11 } });
    const group = nodeOf(session, 'Polygon groups/0 PolygonGroup');
    expect(session.cell!(group, 'value')).toBe(
      'id 7, 3 vertices, 3 indices, VERTEX|NORMAL|TEXCOORD0',
    );
    expect(session.nodeTable().kind!(group)).toBe('record');
    const json = (await session.view!.request!(
      { kind: 'json', index: group },
      inlineViewJob(),
    )) as {
      text: string;
    };
    expect(JSON.parse(json.text).value.vertexCount).toEqual({ type: 'int32', value: 3 });
  });

  it('several groups: 16- and 32-bit indices, strips and lines, round trip byte for byte', async () => {
    const bytes = writeScg({ version: 1, groups: severalGroups() });
    const { value, fatal, issues, groups } = parseScg(bytes);
    expect(fatal).toBeNull();
    expect(issues).toEqual([]);
    expect(groups.map((info) => [info.vertexStride, info.indexSize, info.primitiveType])).toEqual([
      [56, 2, 1],
      [64, 4, 2],
      [16, 2, 10],
    ]);
    expect(groups[2]!.id).toBe('18364758544493064720');
    expect(writeScg(value)).toEqual(bytes);
    const session = await open(bytes);
    expect(fact(session, 'Node count')).toBe('3');
    expect(fact(session, 'Total vertices')).toBe('11');
    expect(fact(session, 'Total indices')).toBe('13');
    const skinned = nodeOf(session, 'Polygon groups/1 PolygonGroup');
    expect(field(session, skinned, 'Index format')).toBe('1 (32-bit)');
    expect(field(session, skinned, 'Indices')).toBe('20 bytes = 5 × 4');
    expect(field(session, skinned, 'Primitive count')).toBe('3');
    const yaml = (await session.view!.request!({ kind: 'yaml' }, inlineViewJob())) as {
      text: string;
    };
    expect(yaml.text.split('---\n')).toHaveLength(3);
    const search = await session.view!.request!(
      { kind: 'search', text: 'JOINTWEIGHT', limit: 10 },
      inlineViewJob(),
    );
    // The group's own summary and its vertexFormat key both name the bit.
    expect(search).toMatchObject({ total: 2 });
  });

  it('a file of no groups is the 16-byte header', async () => {
    const bytes = writeScg({ version: 1, groups: [] });
    expect(bytes).toHaveLength(16);
    const session = await open(bytes);
    expect(session.fatal).toBeNull();
    expect(fact(session, 'Total vertices')).toBe('0');
  });

  it('keeps trailing bytes as a warning with their span, and writes them back', async () => {
    const bytes = writeScg({ ...validScgFiles()['one-group.scg']!, trailing: Uint8Array.of(9, 9) });
    const { value, issues } = parseScg(bytes);
    expect(issues).toMatchObject([
      { code: 'TRAILING_BYTES', span: { offset: bytes.length - 2, length: 2 } },
    ]);
    expect(writeScg(value)).toEqual(bytes);
    const session = await open(bytes);
    expect(fact(session, 'Trailing bytes')).toBe(
      `2 at 0x${(bytes.length - 2).toString(16).toUpperCase()}`,
    );
  });
});

describe('size checks', () => {
  it('vertex bytes that disagree with count × stride: a warning on the vertices', async () => {
    const group = polygonGroupArchive({
      id: 1n,
      vertexFormat: 0x0b,
      vertexCount: 3,
      indices: [0, 1, 2],
      indexFormat: 0,
      vertices: new Uint8Array(95),
    });
    const bytes = writeScg({ version: 1, groups: [group] });
    const session = await open(bytes);
    const vertices = nodeOf(session, 'Polygon groups/0 PolygonGroup/vertices');
    const span = session.details(vertices).span;
    expect(session.issues).toMatchObject([
      {
        severity: 'warning',
        code: 'VERTICES_SIZE',
        entryIndex: vertices,
        // The value: after the key (type byte, u32 length, `vertices`), its type, length, bytes.
        span: { offset: span.offset + 1 + 4 + 8, length: 1 + 4 + 95 },
      },
    ]);
    const node = nodeOf(session, 'Polygon groups/0 PolygonGroup');
    expect(field(session, node, 'Vertices')).toBe('95 bytes, but 3 vertices × 32 bytes = 96');
    // The model's read says the same.
    expect(parseScg(bytes).issues.map((issue) => issue.code)).toEqual(['VERTICES_SIZE']);
  });

  it('index bytes that disagree with count × index size: a warning on the indices', async () => {
    const group = polygonGroupArchive({
      id: 1n,
      vertexFormat: 0x0b,
      vertexCount: 3,
      indices: [0, 1, 2],
      indexFormat: 1,
      indexBytes: new Uint8Array(6),
    });
    const session = await open(writeScg({ version: 1, groups: [group] }));
    const indices = nodeOf(session, 'Polygon groups/0 PolygonGroup/indices');
    expect(session.issues).toMatchObject([{ code: 'INDICES_SIZE', entryIndex: indices }]);
  });

  it('packed vertices, unknown bits and unknown index formats are not size-checked', async () => {
    const packed = polygonGroupArchive({
      id: 1n,
      vertexFormat: 0x0b,
      vertexCount: 3,
      indices: [],
      indexFormat: 0,
      packing: 1,
      vertices: new Uint8Array(10),
    });
    const unknownBits = polygonGroupArchive({
      id: 2n,
      vertexFormat: 0x200001,
      vertexCount: 2,
      indices: [],
      indexFormat: 0,
      vertices: new Uint8Array(10),
    });
    const unknownIndex = polygonGroupArchive({
      id: 3n,
      vertexFormat: 1,
      vertexCount: 0,
      indices: [],
      indexFormat: 7,
    });
    const session = await open(
      writeScg({ version: 1, groups: [packed, unknownBits, unknownIndex] }),
    );
    expect(session.issues.map((issue) => issue.code)).toEqual(['UNKNOWN_INDEX_FORMAT']);
    expect(field(session, nodeOf(session, 'Polygon groups/0 PolygonGroup'), 'Vertices')).toBe(
      '10 bytes; not checked: packed (packing 1)',
    );
    const second = nodeOf(session, 'Polygon groups/1 PolygonGroup');
    expect(field(session, second, 'Vertex format')).toBe('0x200001 (VERTEX | 0x200000)');
    expect(field(session, second, 'Vertex stride')).toBe('(unknown)');
  });

  it('an archive that is no polygon group, or lacks keys, is named and warned of', async () => {
    const other = v1Archive([['##name', textValue('NMaterial')]]);
    const partial = v1Archive([
      ['##name', textValue('PolygonGroup')],
      ['vertexCount', intValue(KaType.INT32, 3)],
    ]);
    const bytes = writeScg({ version: 1, groups: [other, partial] });
    const session = await open(bytes);
    expect(session.fatal).toBeNull();
    expect(session.issues.map((issue) => issue.code)).toEqual([
      'NOT_A_POLYGON_GROUP',
      'MISSING_FIELD',
    ]);
    expect(paths(session)).toContain('Polygon groups/0 NMaterial');
    expect(scgJson(bytes).polygonGroups[1]).toMatchObject({ vertexCount: 3, indexCount: null });
  });

  it('a group with no ##name is named by its #id', async () => {
    const group = triangleGroup(42n);
    group.entries = group.entries.filter((e) => e.key.kind !== 'text' || e.key.text !== '##name');
    const session = await open(writeScg({ version: 1, groups: [group] }));
    expect(paths(session)).toContain('Polygon groups/0 #id 42');
  });

  it('a v2 group is read, its ids resolved, with a warning: .scg stores v1', async () => {
    const v2: KaArchive = {
      kind: 'top',
      strings: [
        { id: 0x1234, bytes: new TextEncoder().encode('##name'), text: '##name' },
        { id: 0x5678, bytes: new TextEncoder().encode('Mesh'), text: 'Mesh' },
      ],
      entries: [
        { key: idKey(0x1234), value: { kind: 'stringId', type: KaType.STRING, id: 0x5678 } },
      ],
    };
    const bytes = writeScg({ version: 1, groups: [v2] });
    const { value, fatal, issues, groups } = parseScg(bytes);
    expect(fatal).toBeNull();
    expect(issues.map((issue) => issue.code)).toEqual(['NOT_V1', 'NOT_A_POLYGON_GROUP']);
    expect(issues[0]!.span).toEqual({ offset: 16, length: 4 });
    expect(groups[0]!.name).toBe('Mesh');
    expect(writeScg(value)).toEqual(bytes);
    const session = await open(bytes);
    expect(paths(session)).toContain('Polygon groups/0 Mesh/##name');
  });

  it('a v2 empty archive (4 bytes) is shorter than a group can be: the count is refused', () => {
    const empty: KaArchive = { kind: 'empty', strings: [], entries: [] };
    expect(writeKa(empty)).toHaveLength(4);
    const { fatal } = parseScg(writeScg({ version: 1, groups: [empty] }));
    expect(fatal).toMatchObject({ code: 'BAD_COUNT', offset: 8 });
  });
});

describe('module and info', () => {
  it('is detected by its magic, and by nothing else', () => {
    const bytes = writeScg(validScgFiles()['one-group.scg']!);
    expect(scgFormat.detect(bytes.subarray(0, 64))).toBe('magic');
    expect(scgFormat.detect(Uint8Array.of(0x53, 0x46, 0x56, 0x32))).toBeNull();
    expect(scgFormat.extensions).toEqual(['.scg']);
  });

  it('info prints each group, and --json gives the documented shape', async () => {
    const bytes = writeScg({ version: 1, groups: severalGroups() });
    const source = new MemoryByteSource(bytes, 'several.scg');
    const session = await open(bytes);
    const { json, lines } = await scgCli.info!({
      session,
      source,
      options: {},
      services: inlineServices(),
    });
    expect(json).toEqual({
      format: 'scg',
      version: 1,
      polygonGroups: [
        expect.objectContaining({ id: '1', vertexFormat: 0x18b, indexFormat: 0, packing: 0 }),
        {
          name: 'PolygonGroup',
          id: '2',
          vertexCount: 5,
          indexCount: 5,
          vertexFormat: FORMAT_SKINNED,
          vertexFormatNames: ['VERTEX', 'NORMAL', 'TEXCOORD0', 'JOINTINDEX', 'JOINTWEIGHT'],
          indexFormat: 1,
          packing: 0,
        },
        expect.objectContaining({ vertexFormatNames: ['VERTEX', 'COLOR'] }),
      ],
      issues: [],
    });
    expect(lines).toContain(
      '  1 PolygonGroup id 2: 5 vertices (0xC00B VERTEX|NORMAL|TEXCOORD0|JOINTINDEX|JOINTWEIGHT), 5 indices (32-bit), packing none',
    );
  });

  it('a file that does not read throws the FormatError with its offset', () => {
    const bytes = writeScg(validScgFiles()['one-group.scg']!);
    // The group's 13 pairs cannot fit in the 6 bytes left after its count at 0x14.
    const cut = bytes.subarray(0, 30);
    try {
      scgJson(cut);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormatError);
      expect(error).toMatchObject({ code: 'BAD_COUNT', offset: 0x14, format: 'scg' });
    }
  });
});
