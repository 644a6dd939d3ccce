/**
 * WoWs index reader and writer: committed fixtures, the real files from
 * ../shared/fixtures/wows, packages made by our writer (every blob unpacks), and the
 * generated game folders. Forged fields and properties live in wows-forged.test.ts and
 * wows-properties.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BASIC_FILES,
  BASIC_VOLUME,
  basicPackage,
  makeWowsFixtures,
  unpackWowsRecord,
} from './fixtures/make-fixtures.ts';
import { makeWowsGameFolder, writeWowsBuild } from './game-folder.ts';
import { cityHash64Text } from './hashes.ts';
import {
  describeCompression,
  fileRecordSpan,
  joinU64,
  nodeId,
  nodeName,
  nodeNameSpan,
  nodeRecordSpan,
  parseWowsIndex,
  WOWS_ROOT_PARENT_ID,
} from './read.ts';
import type { WowsIndex } from './types.ts';
import { buildWowsPackage, rawFromWowsIndex, writeWowsIndex, writeWowsIndexRaw } from './write.ts';

const fixturesDir = new URL('./fixtures/', import.meta.url);
const realDir = fileURLToPath(new URL('../../../../shared/fixtures/wows/', import.meta.url));
const hasReal = existsSync(realDir);
const text = (value: string) => new TextEncoder().encode(value);

function parseClean(bytes: Uint8Array): WowsIndex {
  const result = parseWowsIndex(bytes);
  expect(result.fatal).toBeNull();
  return result.value;
}

/** Test oracle: every node's full path, following parents by id (depth capped). */
function fullPaths(index: WowsIndex): string[] {
  const byId = new Map<bigint, number>();
  for (let node = 0; node < index.nodes.count; node++) byId.set(nodeId(index, node), node);
  return Array.from({ length: index.nodes.count }, (_, node) => {
    const parts: string[] = [];
    for (let at: number | undefined = node, depth = 0; at !== undefined && depth < 32; depth++) {
      parts.unshift(nodeName(index, at));
      at = byId.get(joinU64(index.nodes.parentLo[at]!, index.nodes.parentHi[at]!));
    }
    return parts.join('/');
  });
}

/** Path of each file record's node. */
function recordPaths(index: WowsIndex): string[] {
  const paths = fullPaths(index);
  const byId = new Map<bigint, string>();
  for (let node = 0; node < index.nodes.count; node++) byId.set(nodeId(index, node), paths[node]!);
  return Array.from({ length: index.files.count }, (_, record) => {
    const id = joinU64(index.files.resourceLo[record]!, index.files.resourceHi[record]!);
    return byId.get(id) ?? `<no node ${id}>`;
  });
}

/** Every record of `index` unpacks from `pkg`; returns the contents by path. */
function unpackAll(index: WowsIndex, pkg: Uint8Array): Map<string, Uint8Array | string> {
  const paths = recordPaths(index);
  return new Map(paths.map((path, record) => [path, unpackWowsRecord(index, record, pkg)]));
}

/** Blobs lie end to end from 0, each followed by its 16-byte trailer, and fill the pkg. */
function expectContiguous(index: WowsIndex, pkgLength: number): void {
  const order = Array.from({ length: index.files.count }, (_, record) => record).sort(
    (a, b) => index.files.offsets[a]! - index.files.offsets[b]!,
  );
  let expected = 0;
  for (const record of order) {
    expect(index.files.offsets[record]).toBe(expected);
    expected += index.files.storedSizes[record]! + 16;
  }
  expect(expected).toBe(pkgLength);
}

describe('committed fixtures', () => {
  const fixtures = makeWowsFixtures();

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    '%s is up to date',
    (file, fixture) => {
      const committed = new Uint8Array(readFileSync(new URL(file, fixturesDir)));
      expect(committed, 'regenerate with make-fixtures').toEqual(fixture.bytes);
    },
  );

  const indexes = fixtures.filter((fixture) => fixture.file.endsWith('.idx'));
  it.each(indexes.map((fixture) => [fixture.file, fixture] as const))(
    '%s parses as expected',
    (_file, fixture) => {
      const result = parseWowsIndex(fixture.bytes);
      if (fixture.fatal) {
        expect(result.fatal).toMatchObject({ ...fixture.fatal, format: 'wows' });
      } else {
        expect(result.fatal).toBeNull();
        expect(result.issues.map((issue) => issue.code)).toEqual(fixture.issueCodes);
      }
    },
  );

  it('basic.idx + basic_0001.pkg hold the basic files, every one unpacking', () => {
    const { index: indexBytes, pkg } = basicPackage();
    const index = parseClean(indexBytes);
    const contents = unpackAll(index, pkg);
    expect(contents).toEqual(new Map(BASIC_FILES.map((file) => [file.path, file.bytes])));
    expectContiguous(index, pkg.length);
    expect(index.volumes).toMatchObject([{ name: BASIC_VOLUME, hasLegacyPrefix: false }]);
  });

  it('strips the //.// prefix of old builds from volume names', () => {
    const fixture = fixtures.find((each) => each.file === 'legacy-prefix.idx')!;
    const [volume] = parseClean(fixture.bytes).volumes;
    expect(volume).toMatchObject({ name: 'legacy_0001.pkg', hasLegacyPrefix: true });
    expect(volume!.nameSpan.length).toBe('//.//legacy_0001.pkg'.length + 1);
  });

  it('stuff-like.idx: the name after a garbage volume name_ptr is found, with warnings', () => {
    const fixture = fixtures.find((each) => each.file === 'stuff-like.idx')!;
    const result = parseWowsIndex(fixture.bytes);
    expect(result.value.volumes[0]!.name).toBe(BASIC_VOLUME);
    expect(result.issues.every((issue) => issue.severity === 'warning')).toBe(true);
  });
});

describe.runIf(hasReal)('real file vehicles_level6_usa.idx', () => {
  const bytes = hasReal
    ? new Uint8Array(readFileSync(`${realDir}/vehicles_level6_usa.idx`))
    : new Uint8Array(0);

  it('has the header of spec §10 and no issues', () => {
    const result = parseWowsIndex(bytes);
    expect(result.fatal).toBeNull();
    expect(result.issues).toEqual([]);
    expect(result.value.header).toEqual({
      magic: 'ISFP',
      versionWord: 0x02000000,
      storedHash: 0xc4842c07,
      computedHash: 0xc4842c07,
      pointerSize: 64,
      nodeCount: 54,
      fileCount: 39,
      volumeCount: 1,
      reserved1C: 0,
      nodeTableOffset: 0x38,
      fileTableOffset: 0xc13,
      volumeTableOffset: 0x1363,
    });
    expect(result.value.nodes.count).toBe(54);
    expect(result.value.files.count).toBe(39);
  });

  it('reads node 0, record[0], record[4] and the volume as spec §10 gives them', () => {
    const index = parseClean(bytes);
    expect(nodeName(index, 0)).toBe('AGS206_3in50_MK21_Sub_mg.dds');
    expect(nodeNameSpan(index, 0)).toEqual({ offset: 0x38 + 1728, length: 29 });
    expect(nodeId(index, 0)).toBe(0x17a7c11a02dc5e18n);
    expect(nodeRecordSpan(index, 0)).toEqual({ offset: 0x38, length: 32 });
    const names = Array.from({ length: 54 }, (_, node) => index.nodes.nameLengths[node]! + 1);
    expect(names.reduce((sum, length) => sum + length, 0)).toBe(1307);

    const paths = recordPaths(index);
    const { files } = index;
    expect(paths[4]).toBe(
      'content/gameplay/usa/gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds',
    );
    expect(joinU64(files.resourceLo[4]!, files.resourceHi[4]!)).toBe(9050552029570354906n);
    expect([files.offsets[4], files.storedSizes[4], files.crcs[4], files.sizes[4]]).toEqual([
      0x6226f, 1799, 0xb3def470, 2872,
    ]);
    expect(paths[0]).toMatch(/\/AGS206_3in50_MK21_Sub\/AGS206_3in50_MK21_Sub\.geometry$/);
    expect([files.offsets[0], files.storedSizes[0], files.sizes[0], files.crcs[0]]).toEqual([
      0, 174483, 460907, 0xd69d9f90,
    ]);
    expect(fileRecordSpan(index, 4)).toEqual({ offset: 0xc13 + 4 * 48, length: 48 });
    for (let record = 0; record < 39; record++) {
      expect(
        describeCompression(files.compressionTypes[record]!, files.compressionFlags[record]!),
      ).toBe('deflate');
    }
    expectContiguous(index, 9_192_417);

    const volume = index.volumes[0]!;
    expect(volume).toEqual({
      name: 'vehicles_level6_usa_0001.pkg',
      hasLegacyPrefix: false,
      idLo: 0xebc214ff >>> 0,
      idHi: 0x92f4232d,
      record: { offset: 0x1363, length: 24 },
      nameSpan: { offset: 0x1363 + 24, length: 29 },
    });
    expect(volume.nameSpan.offset + volume.nameSpan.length).toBe(bytes.length);
  });

  it('has 15 directories and 39 files, every id the CityHash64 of its path', () => {
    const index = parseClean(bytes);
    const paths = fullPaths(index);
    const fileIds = new Set(recordPaths(index).map((path) => cityHash64Text(path)));
    let directories = 0;
    for (let node = 0; node < index.nodes.count; node++) {
      expect(nodeId(index, node)).toBe(cityHash64Text(paths[node]!));
      if (!fileIds.has(nodeId(index, node))) directories++;
    }
    expect(directories).toBe(15);
    const topLevel = paths.flatMap((path, node) => (path.includes('/') ? [] : [node]));
    for (const node of topLevel) {
      expect(joinU64(index.nodes.parentLo[node]!, index.nodes.parentHi[node]!)).toBe(
        WOWS_ROOT_PARENT_ID,
      );
    }
    expect(joinU64(index.volumes[0]!.idLo, index.volumes[0]!.idHi)).toBe(
      cityHash64Text('vehicles_level6_usa_0001.pkg'),
    );
  });

  it('is written back byte for byte from what was read', () => {
    expect(writeWowsIndexRaw(rawFromWowsIndex(parseClean(bytes)))).toEqual(bytes);
  });

  it.each([
    ['corrupted_000000.idx', 'BAD_VALUE', 0xc3],
    ['corrupted_000001.idx', 'BAD_VALUE', 0xb8],
  ])('crasher %s ends in a FormatError (%s at %i)', (file, code, offset) => {
    const crasher = new Uint8Array(readFileSync(`${realDir}/${file}`));
    const result = parseWowsIndex(crasher);
    expect(result.fatal).toMatchObject({ code, offset, format: 'wows' });
  });
});

describe('names', () => {
  it('decodes ASCII, UTF-8 and latin-1 names', () => {
    const latin1 = Uint8Array.of(0x63, 0x61, 0x66, 0xe9); // "café" in latin-1: not UTF-8
    const { index } = buildWowsPackage(
      [
        { path: 'plain/ascii.txt', bytes: text('a') },
        { path: 'ünïcode/файл.txt', bytes: text('b') },
      ],
      { volumeName: 'names_0001.pkg' },
    );
    const parsed = parseClean(index);
    const names = Array.from({ length: parsed.nodes.count }, (_, node) => nodeName(parsed, node));
    expect(names).toEqual(['plain', 'ascii.txt', 'ünïcode', 'файл.txt']);

    const latinIndex = writeWowsIndex({
      nodes: [{ name: latin1, id: 1n, parentId: WOWS_ROOT_PARENT_ID }],
      files: [],
      volumes: [{ name: 'names_0001.pkg' }],
    });
    expect(nodeName(parseClean(latinIndex), 0)).toBe('café');
  });

  it('names compressions', () => {
    expect(describeCompression(0, 0)).toBe('stored');
    expect(describeCompression(5, 1)).toBe('deflate');
    expect(describeCompression(6, 7)).toBe('type 6');
    expect(describeCompression(5, 0)).toBe('type 5');
    expect(describeCompression(0, 1)).toBe('type 0');
  });
});

describe('game folders', () => {
  const folder = makeWowsGameFolder();
  const byPath = new Map(folder.map((file) => [file.path, file.bytes]));
  const indexFiles = (build: number) =>
    folder.filter((file) => file.path.startsWith(`bin/${build}/idx/`));

  it('lays out bin/<build>/idx and res_packages, with an older and a partial newer build', () => {
    expect(indexFiles(7012345).map((file) => file.path)).toEqual([
      'bin/7012345/idx/system_data.idx',
      'bin/7012345/idx/vehicles_level6_usa.idx',
      'bin/7012345/idx/spaces_ocean.idx',
    ]);
    expect(indexFiles(7011345)).toHaveLength(1);
    const newer = folder.filter((file) => file.path.startsWith('bin/7013345/'));
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.some((file) => file.path.includes('/idx/'))).toBe(false);
    expect(makeWowsGameFolder({ olderBuild: null, newerPartialBuild: null })).toHaveLength(6);
  });

  it('every index parses, names a pkg that is there, and every entry unpacks but the type-6 one', () => {
    const contentIds = new Set<bigint>();
    const kinds = new Set<string>();
    for (const { path, bytes } of [...indexFiles(7012345), ...indexFiles(7011345)]) {
      const result = parseWowsIndex(bytes);
      expect(result.fatal, path).toBeNull();
      const index = result.value;
      const pkg = byPath.get(`res_packages/${index.volumes[0]!.name}`);
      expect(pkg, path).toBeDefined();
      expectContiguous(index, pkg!.length);
      for (const [entry, content] of unpackAll(index, pkg!)) {
        const kind = typeof content === 'string' ? content : content.length === 0 ? 'empty' : 'ok';
        kinds.add(kind);
        if (kind === 'type 6') expect(entry).toBe('content/lesta/packed.dat');
        else expect(content, entry).toBeInstanceOf(Uint8Array);
      }
      for (let record = 0; record < index.files.count; record++) {
        kinds.add(
          describeCompression(
            index.files.compressionTypes[record]!,
            index.files.compressionFlags[record]!,
          ),
        );
      }
      const paths = fullPaths(index);
      paths.forEach((each, node) => each === 'content' && contentIds.add(nodeId(index, node)));
    }
    expect(contentIds).toEqual(new Set([cityHash64Text('content')]));
    expect([...kinds].sort()).toEqual(['deflate', 'empty', 'ok', 'stored', 'type 6']);
  });

  it('streams a big build in chunks: exact node counts, clean indexes, blobs that unpack', async () => {
    const files = new Map<string, Uint8Array[]>();
    const summary = await writeWowsBuild(
      { indexCount: 3, nodesPerIndex: 200, pkgBytes: 300_000, chunkSize: 16_384 },
      (path, chunk) => void files.set(path, [...(files.get(path) ?? []), chunk.slice()]),
    );
    const joined = (path: string): Uint8Array => {
      const chunks = files.get(path) ?? [];
      const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      chunks.reduce((at, chunk) => (out.set(chunk, at), at + chunk.length), 0);
      return out;
    };
    expect(summary.nodeCount).toBe(600);
    expect(summary.pkgBytes).toBeGreaterThan(200_000);
    expect(summary.pkgBytes).toBeLessThan(400_000);
    expect(files.get(summary.indexes[0]!.pkgPath)!.length).toBeGreaterThan(1);
    for (const entry of summary.indexes) {
      const index = parseClean(joined(entry.indexPath));
      expect(index.nodes.count).toBe(200);
      const pkg = joined(entry.pkgPath);
      expect(pkg.length).toBe(entry.pkgLength);
      expectContiguous(index, pkg.length);
      for (const content of unpackAll(index, pkg).values())
        expect(content).toBeInstanceOf(Uint8Array);
    }
  });
});
