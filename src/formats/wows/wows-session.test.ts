/**
 * The WoWs session: the real index with every path, indexes of a build merged into one
 * tree, volumes paired by name (missing, then added), extraction of stored, deflated and
 * unsupported entries, verify outcomes counted apart, and the checks across merged nodes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { NodeStatus, Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { makeWowsGameFolder, wowsGameFolderIndexes } from './game-folder.ts';
import { gatherWowsFiles } from './gather.ts';
import { cityHash64Text } from './hashes.ts';
import { openWowsSession } from './session.ts';
import { buildWowsPackage, planWowsIndex, writeWowsIndexRaw } from './write.ts';

const FIXTURE = '../shared/fixtures/wows/vehicles_level6_usa.idx';
const NO_SINK = { nodes: () => undefined, nodeRange: () => undefined };
const text = (value: string) => new TextEncoder().encode(value);

function open(files: readonly { name: string; bytes: Uint8Array }[]): Promise<Session> {
  return openWowsSession({
    sources: files.map(({ name, bytes }) => new MemoryByteSource(bytes, name)),
    services: inlineServices(),
    sink: NO_SINK,
  });
}

async function verifyAll(session: Session): Promise<NodeStatus[]> {
  const statuses: NodeStatus[] = [];
  const toRun: number[] = [];
  for (let entry = 0; entry < session.nodeCount(); entry++) {
    const status = session.verify!.precheck!(entry);
    if (status === null) toRun.push(entry);
    else statuses[entry] = status;
  }
  await session.verify!.run(toRun, (entry, status) => (statuses[entry] = status), {
    isCancelled: false,
    throwIfCancelled: () => undefined,
  });
  return statuses;
}

/** The game folder's current build as sources, the way a drop gathers it. */
function currentBuild(): { name: string; bytes: Uint8Array }[] {
  const folder = makeWowsGameFolder();
  const [group] = gatherWowsFiles(folder.map(({ path, bytes }) => ({ path, size: bytes.length })));
  return group!.choices[0]!.files.map((at) => ({
    name: folder[at]!.path.slice(folder[at]!.path.lastIndexOf('/') + 1),
    bytes: folder[at]!.bytes,
  }));
}

/** The current build's indexes, and the volumes they name (in the order they name them). */
async function splitBuild() {
  const files = currentBuild();
  const indexes = files.filter((file) => file.name.endsWith('.idx'));
  const named = (await open(indexes)).sources!.missing().map((missing) => missing.name);
  expect(named.length).toBeGreaterThan(2);
  const volumes = named.map((name) => files.find((file) => file.name === name)!);
  return { indexes, volumes };
}

/** Source bytes of the game folder's files, by path. */
function sourceBytes(): Map<string, Uint8Array> {
  return new Map(
    wowsGameFolderIndexes().flatMap((index) => index.files.map((file) => [file.path, file.bytes])),
  );
}

describe('wows session: the real index', () => {
  it('lists its 39 files with every path, all ids and the header hash ok, the pkg missing', async () => {
    const session = await open([
      { name: 'vehicles_level6_usa.idx', bytes: new Uint8Array(readFileSync(FIXTURE)) },
    ]);
    expect(session.fatal).toBeNull();
    expect(session.nodeCount()).toBe(39);
    const facts = Object.fromEntries(session.facts);
    expect(facts['Nodes']).toBe('54 (15 folders, 39 files)');
    expect(facts['Node ids']).toMatch(/^54 ok/);
    expect(facts['Header hash']).toMatch(/^0xC4842C07 ok/);
    const paths = Array.from({ length: 39 }, (_, entry) => session.nodeTable().path(entry));
    for (const path of paths) expect(cityHash64Text(path)).toBeTypeOf('bigint');
    const ao = 'content/gameplay/usa/gun/secondary/textures/AGS206_3in50_MK21_Sub_ao.dds';
    const entry = paths.indexOf(ao);
    expect(entry).toBe(4);
    const details = session.details(entry);
    expect(details).toMatchObject({
      span: { offset: 402031, length: 1799 },
      spanSource: 'vehicles_level6_usa_0001.pkg',
      size: 2872,
      storedSize: 1799,
      checksum: 0xb3def470,
      isCompressed: true,
    });
    expect(session.cell!(entry, 'compression')).toBe('deflate');
    expect(session.cell!(entry, 'volume')).toBe('vehicles_level6_usa_0001.pkg');
    expect(session.sources!.missing()).toEqual([
      { name: 'vehicles_level6_usa_0001.pkg', nodeCount: 39 },
    ]);
    expect(session.content!.unavailable!(entry)).toMatch(/vehicles_level6_usa_0001\.pkg/);
    await expect(session.content!.read(entry)).rejects.toMatchObject({
      code: 'MISSING_SOURCE',
      offset: 402031,
    });
    expect(new Set(await verifyAll(session))).toEqual(new Set(['missing']));
  });
});

describe('wows session: a build', () => {
  it('merges every index into one tree, shared folders once, volumes by name', async () => {
    const session = await open(currentBuild());
    expect(session.fatal).toBeNull();
    expect(session.issues.filter((issue) => issue.severity !== 'info')).toEqual([]);
    const paths = Array.from({ length: session.nodeCount() }, (_, entry) =>
      session.nodeTable().path(entry),
    );
    expect(new Set(paths)).toEqual(new Set(sourceBytes().keys()));
    expect(session.sources!.missing()).toEqual([]);
    expect(session.facts.find(([label]) => label === 'Node ids')?.[1]).toMatch(/ok/);
  });

  it('says up front which entries cannot be read, and where stored bytes are', async () => {
    const { indexes, volumes } = await splitBuild();
    // The volume of the type-6 entry, and not the others.
    const given = volumes.find((file) => file.name.startsWith('system_data'))!;
    const session = await open([...indexes, given]);
    const sources = sourceBytes();
    const unavailable = session.content!.unavailable!;
    const storedBytes = session.content!.storedBytes!;
    let unsupported = 0;
    for (let entry = 0; entry < session.nodeCount(); entry++) {
      const path = session.nodeTable().path(entry);
      const volume = session.cell!(entry, 'volume');
      if (volume !== given.name) {
        // Its volume is missing: no bytes of it anywhere.
        expect(unavailable(entry), path).toContain(String(volume));
        expect(storedBytes(entry), path).toBeNull();
        continue;
      }
      const range = storedBytes(entry)!;
      const stored = await range.source.read(range.span.offset, range.span.length);
      expect(range.span.length, path).toBe(session.details(entry).storedSize);
      if (session.cell!(entry, 'compression') === 'type 6') {
        unsupported++;
        expect(unavailable(entry), path).toMatch(/^unsupported compression \(type 6/);
        // The blob as the .pkg holds it (the writer stores a type-6 entry's bytes as given).
        expect(stored, path).toEqual(sources.get(path));
      } else {
        expect(unavailable(entry), path).toBeNull();
      }
    }
    expect(unsupported).toBe(1);
  });

  it('reads stored and deflated entries byte for byte; type 6 fails on its own', async () => {
    const session = await open(currentBuild());
    const sources = sourceBytes();
    let unsupported = 0;
    for (let entry = 0; entry < session.nodeCount(); entry++) {
      const path = session.nodeTable().path(entry);
      if (session.cell!(entry, 'compression') === 'type 6') {
        unsupported++;
        await expect(session.content!.read(entry)).rejects.toMatchObject({
          code: 'UNSUPPORTED_COMPRESSION',
          message: expect.stringContaining('unsupported compression (type 6'),
        });
        continue;
      }
      const { bytes, warning } = await session.content!.read(entry);
      expect(warning, path).toBeNull();
      expect(bytes, path).toEqual(sources.get(path));
    }
    expect(unsupported).toBe(1);
  });

  it('verify counts ok, mismatch, missing and unsupported apart', async () => {
    const { indexes, volumes } = await splitBuild();
    // One volume left out, one blob corrupted in another.
    const corrupted = { ...volumes[0]!, bytes: volumes[0]!.bytes.slice() };
    corrupted.bytes[1] = corrupted.bytes[1]! ^ 0xff;
    const session = await open([...indexes, corrupted, ...volumes.slice(2)]);
    const statuses = await verifyAll(session);
    const counts = new Map<string, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    expect(session.sources!.missing().map((missing) => missing.name)).toEqual([volumes[1]!.name]);
    expect(counts.get('missing')).toBe(session.sources!.missing()[0]!.nodeCount);
    expect(counts.get('mismatch')).toBe(1);
    expect(counts.get('ok')).toBeGreaterThan(0);
    expect(statuses.length).toBe(session.nodeCount());
    // With every volume and nothing corrupted: ok but for the one unsupported entry.
    const whole = await verifyAll(await open([...indexes, ...volumes]));
    expect(whole.filter((status) => status !== 'ok')).toEqual(['unsupported']);
  });

  it('takes a missing volume later, by name without folders or case', async () => {
    const { indexes, volumes } = await splitBuild();
    const session = await open(indexes);
    expect(session.sources!.add(new MemoryByteSource(new Uint8Array(4), 'other.pkg'))).toBe(false);
    const first = volumes[0]!;
    const added = new MemoryByteSource(first.bytes, `C:\\Games\\${first.name.toUpperCase()}`);
    expect(session.sources!.add(added)).toBe(true);
    expect(session.sources!.add(new MemoryByteSource(first.bytes, first.name))).toBe(false);
    expect(session.sources!.missing()).toHaveLength(volumes.length - 1);
    const statuses = await verifyAll(session);
    expect(statuses.filter((status) => status === 'ok').length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 'missing').length).toBeGreaterThan(0);
  });

  it('checks the trailer: a record whose trailer disagrees is a mismatch', async () => {
    const { index, pkg } = buildWowsPackage([{ path: 'a/b.txt', bytes: text('hello wows') }], {
      volumeName: 't_0001.pkg',
    });
    const broken = pkg.slice();
    const at = broken.length - 8; // the trailer's unpacked size
    broken[at] = broken[at]! ^ 1;
    const session = await open([
      { name: 't.idx', bytes: index },
      { name: 't_0001.pkg', bytes: broken },
    ]);
    expect(await verifyAll(session)).toEqual(['mismatch']);
    // The content itself still reads: the trailer is not part of it.
    expect((await session.content!.read(0)).bytes).toEqual(text('hello wows'));
  });
  it('a blob past the end of its volume: highlighted as far as the volume goes, an error', async () => {
    const { index, pkg } = buildWowsPackage([{ path: 'a/b.txt', bytes: text('hello wows') }], {
      volumeName: 't_0001.pkg',
    });
    const cut = pkg.slice(0, 6);
    const session = await open([
      { name: 't.idx', bytes: index },
      { name: 't_0001.pkg', bytes: cut },
    ]);
    const details = session.details(0);
    expect(details.spanSource).toBe('t_0001.pkg');
    expect(details.span).toEqual({ offset: 0, length: cut.length });
    expect(details.fields.find(([label]) => label === 'Problem')?.[1]).toMatch(/past the end/);
    expect(session.verify!.precheck!(0)).toBe('error');
    await expect(session.content!.read(0)).rejects.toMatchObject({ code: 'OUT_OF_BOUNDS' });
  });
});

describe('wows session: checks across nodes', () => {
  it('reports an id that is not the CityHash64 of its path, without failing', async () => {
    const plan = planWowsIndex({
      nodes: [
        { name: 'dir', id: cityHash64Text('dir'), parentId: 0xdbb1a1d1b108b927n },
        { name: 'file.txt', id: 12345n, parentId: cityHash64Text('dir') },
      ],
      files: [],
      volumes: [{ name: 'x_0001.pkg', id: cityHash64Text('x_0001.pkg') }],
    } as never);
    const session = await open([{ name: 'x.idx', bytes: writeWowsIndexRaw(plan) }]);
    expect(session.fatal).toBeNull();
    expect(session.issues.map((issue) => issue.code)).toContain('ID_MISMATCH');
    expect(session.facts.find(([label]) => label === 'Node ids')?.[1]).toBe('1 ok, 1 mismatch');
  });
});
