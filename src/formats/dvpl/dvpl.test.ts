import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { writeKiwad } from '../kiwad/write.ts';
import type { NodeStatus, Session } from '../model.ts';
import { DETECT_HEAD_LENGTH, detectFormat, inlineRegistryServices } from '../registry.ts';
import { inlineServices, type NestedFileService } from '../services.ts';
import { dvplCli, type DvplInfo } from './cli.ts';
import { FIXTURE_CONTENT, makeFixtures } from './fixtures/make-fixtures.ts';
import { DVPL_FOOTER_SIZE } from './read.ts';
import { dvplInnerName, openDvplSession } from './session.ts';
import { writeDvpl } from './write.ts';

const NO_SINK = { nodes: () => undefined, nodeRange: () => undefined };

async function open(
  bytes: Uint8Array,
  name = 'file.txt.dvpl',
  services = inlineRegistryServices(),
): Promise<Session> {
  return openDvplSession({ sources: [new MemoryByteSource(bytes, name)], services, sink: NO_SINK });
}

async function verifyAll(session: Session): Promise<NodeStatus[]> {
  const statuses: NodeStatus[] = [];
  await session.verify!.run([0], (index, status) => (statuses[index] = status), {
    isCancelled: false,
    throwIfCancelled: () => undefined,
  });
  return statuses;
}

describe('committed fixtures', () => {
  const fixtures = makeFixtures();

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))(
    '%s equals its definition and reads as expected',
    async (file, fixture) => {
      const committed = readFileSync(new URL(`./fixtures/${file}`, import.meta.url));
      expect(new Uint8Array(committed)).toEqual(fixture.bytes);
      const session = await open(fixture.bytes, file.split('/').pop()!);
      if (fixture.fatal) {
        expect({ code: session.fatal?.code, offset: session.fatal?.offset }).toEqual(fixture.fatal);
        return;
      }
      expect(session.fatal).toBeNull();
      expect(session.issues.map((issue) => issue.code)).toEqual(fixture.issueCodes);
      expect((await session.content!.read(0)).bytes).toEqual(fixture.content);
    },
  );
});

describe('the session', () => {
  it('is one entry named like the file without .dvpl, holding the decoded payload', async () => {
    const session = await open(writeDvpl(FIXTURE_CONTENT, { type: 1 }), 'maps/desert.sc2.dvpl');
    expect(session.nodeCount()).toBe(1);
    expect(session.nodeTable().path(0)).toBe('desert.sc2');
    expect(session.nodeTable().size(0)).toBe(FIXTURE_CONTENT.length);
    expect(session.label).toBe('DVPL, LZ4 block (1)');
    const details = session.details(0);
    expect(details.isCompressed).toBe(true);
    expect(details.record).toEqual({ offset: details.span.length, length: DVPL_FOOTER_SIZE });
    expect(session.content!.storedSpan(0)).toBeNull();
    expect(Object.fromEntries(session.facts)).toMatchObject({
      Type: 'LZ4 block (1)',
      'Uncompressed size': `${FIXTURE_CONTENT.length} bytes`,
      Contents: 'desert.sc2: Raw file',
    });
    expect(await verifyAll(session)).toEqual(['ok']);
  });

  it('names the inner file without the extension in any case, and never empty', () => {
    expect(dvplInnerName('Data/Foo.TEX.DVPL')).toBe('Foo.TEX');
    expect(dvplInnerName('odd.bin')).toBe('odd.bin');
    expect(dvplInnerName('.dvpl')).toBe('payload');
  });

  it('gives a stored payload as a span of the file', async () => {
    const bytes = writeDvpl(FIXTURE_CONTENT, { type: 0 });
    const stored = (await open(bytes)).content!.storedSpan(0)!;
    expect(stored.span).toEqual({ offset: 0, length: FIXTURE_CONTENT.length });
  });

  it('verifies a CRC mismatch as mismatch, keeps the payload readable', async () => {
    const fixture = makeFixtures().find((each) => each.file === 'bad-crc.txt.dvpl')!;
    const session = await open(fixture.bytes);
    expect(session.issues[0]).toMatchObject({
      code: 'CRC_MISMATCH',
      severity: 'error',
      span: { offset: fixture.bytes.length - 12, length: 4 },
    });
    expect(await verifyAll(session)).toEqual(['mismatch']);
    expect((await session.content!.read(0)).bytes).toEqual(FIXTURE_CONTENT);
  });

  it('has no entry when the footer is broken, and content reads throw the decode error', async () => {
    const fixtures = makeFixtures();
    const badMagic = await open(
      fixtures.find((each) => each.file.endsWith('bad-magic.dvpl'))!.bytes,
    );
    expect(badMagic.nodeCount()).toBe(0);
    const badBlock = fixtures.find((each) => each.file.endsWith('lz4-offset-before-start.dvpl'))!;
    const session = await open(badBlock.bytes);
    expect(session.nodeCount()).toBe(1);
    await expect(session.content!.read(0)).rejects.toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: 2,
    });
  });
});

describe('nested files: the payload opens through the registry as what it is', () => {
  const archive = writeKiwad([{ name: 'a.txt', data: new TextEncoder().encode('inside') }]);

  it.each([0, 1, 2, 3] as const)(
    'a KIWAD inside a type %i .dvpl is detected by its magic',
    async (type) => {
      const session = await open(writeDvpl(archive, { type }), 'Root.wad.dvpl');
      const { bytes } = await session.content!.read(0);
      const name = session.nodeTable().path(0);
      // What the worker's detectContent does for "Open as file": head and name through the registry.
      expect(detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), name)).toBe('kiwad');
      expect(Object.fromEntries(session.facts).Contents).toMatch(/^Root\.wad: KIWAD/);
    },
  );

  it('asks the host what the payload is: the services carry detection, not an import', async () => {
    const asked: string[] = [];
    const nested: NestedFileService = {
      identify: (bytes, name) => {
        asked.push(`${name} ${bytes.length}`);
        return { id: 'host-format', label: 'Host format' };
      },
      open: () => Promise.reject(new Error('not opened here')),
    };
    const session = await open(writeDvpl(archive), 'Root.wad.dvpl', inlineServices(nested));
    expect(asked).toEqual([`Root.wad ${archive.length}`]);
    expect(Object.fromEntries(session.facts).Contents).toBe('Root.wad: Host format');
    // A host that opens no nested files knows no format of them.
    const alone = await open(writeDvpl(archive), 'Root.wad.dvpl', inlineServices());
    expect(Object.fromEntries(alone.facts).Contents).toBe('Root.wad: unknown format');
  });

  it('a .dvpl is detected by its name only (its magic is at the end)', () => {
    const bytes = writeDvpl(FIXTURE_CONTENT);
    expect(detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), 'x.txt.dvpl')).toBe('dvpl');
    expect(detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), 'x.bin')).toBe('raw');
  });
});

describe('CLI info', () => {
  it('prints the footer fields and the inner file’s own info', async () => {
    const archive = writeKiwad([{ name: 'a.txt', data: new TextEncoder().encode('inside') }]);
    const bytes = writeDvpl(archive, { type: 2 });
    const source = new MemoryByteSource(bytes, 'Root.wad.dvpl');
    const session = await open(bytes, source.name);
    const services = inlineRegistryServices();
    const info = await dvplCli.info!({ session, source, options: {}, services });
    const json = info.json as DvplInfo;
    expect(json).toMatchObject({
      format: 'dvpl',
      type: 2,
      uncompressedSize: archive.length,
      compressedSize: bytes.length - DVPL_FOOTER_SIZE,
      crc: { match: true },
      inner: { name: 'Root.wad', format: 'kiwad', error: null },
    });
    expect(json.inner.info).toMatchObject({ format: 'kiwad' });
    expect(info.lines[0]).toBe('file        Root.wad.dvpl');
    expect(info.lines).toContain('inner       Root.wad (kiwad)');
  });

  it('describes an inner file of no known format by its digests (the raw format’s info)', async () => {
    const bytes = writeDvpl(FIXTURE_CONTENT, { type: 3 });
    const source = new MemoryByteSource(bytes, 'notes.txt.dvpl');
    const services = inlineRegistryServices();
    const info = await dvplCli.info!({ session: await open(bytes), source, options: {}, services });
    expect((info.json as DvplInfo).inner).toMatchObject({ format: 'raw', error: null });
  });
});
