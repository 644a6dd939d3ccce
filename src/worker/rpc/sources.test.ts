/**
 * Sessions of several files through the worker: an index opened alone reports the volumes
 * it lacks; its entries show their metadata but say which volume to add; the volume added
 * after the open makes them read and verify, without reopening.
 */
import { describe, expect, it } from 'vitest';
import { writeTwoPart } from '../../formats/testing/two-part-write.ts';
import { twoPartFormat } from '../../formats/testing/two-part.ts';
import { unzipSync } from 'fflate';
import { davaTexSeeds } from '../../formats/dava-tex/fixtures/make-fixtures.ts';
import { rampDds } from '../../formats/dds/seeds.ts';
import { writeDvpl } from '../../formats/dvpl/write.ts';
import { FILE_REF, nodeRef, storedRef, type NamedBlob, type Result } from './api.ts';
import { createDecoderImpl } from './impl.ts';

const text = (value: string) => new TextEncoder().encode(value);

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const files = writeTwoPart([
  { name: 'data.001', files: [{ name: 'docs/readme.txt', data: text('in the first volume') }] },
  { name: 'data.002', files: [{ name: 'art/pixels.bin', data: new Uint8Array(300).fill(7) }] },
]);
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);
const index: NamedBlob = { name: 'game.twop', blob: blob(files.index) };
const volume = (name: string): NamedBlob => ({
  name,
  blob: blob(files.volumes.find((file) => file.name === name)!.bytes),
});

describe('a session of several files', () => {
  it('opens from the index alone, names the volumes it lacks, and takes them later', async () => {
    const decoder = createDecoderImpl({ formats: [twoPartFormat] });
    const opened = value(await decoder.open([index, volume('data.001')], () => undefined));
    expect(opened.format).toBe('two-part');
    expect(opened.capabilities.sources).toBe(true);
    expect(opened.sources).toEqual(['game.twop', 'data.001']);
    expect(opened.missingSources).toEqual([{ name: 'data.002', nodeCount: 1 }]);

    decoder.setAllExpanded(true);
    const rows = decoder.getRows(0, 100).filter((row) => row.entryIndex >= 0);
    const pixels = rows.find((row) => row.path === 'art/pixels.bin')!;
    const details = value(decoder.entryDetails(pixels.entryIndex));
    expect(details.size).toBe(300);
    expect(details.unavailable).toMatch(/data\.002/);
    const refused = await decoder.readRange(nodeRef(pixels.entryIndex), 0, 4);
    expect(refused.ok).toBe(false);

    const verifiedBefore = value(await decoder.verifyAll(() => undefined));
    expect(verifiedBefore).toMatchObject({ ok: 1, missing: 1, checked: 2 });

    const added = value(await decoder.addSources([volume('data.002')]));
    expect(added.missingSources).toEqual([]);
    expect(added.sources).toEqual(['game.twop', 'data.001', 'data.002']);
    const bytes = value(await decoder.readRange(nodeRef(pixels.entryIndex), 0, 300)).bytes;
    expect(bytes).toEqual(new Uint8Array(300).fill(7));
    expect(value(await decoder.verifyAll(() => undefined))).toMatchObject({ ok: 2, missing: 0 });
  });

  it('after a missing volume is added, its entries are unchecked and the summary says so', async () => {
    const decoder = createDecoderImpl({ formats: [twoPartFormat] });
    const opened = value(await decoder.open([index, volume('data.001')], () => undefined));
    expect(opened.verifySummary).toBeNull();
    expect(value(await decoder.verifyAll(() => undefined))).toMatchObject({
      ok: 1,
      missing: 1,
      unchecked: 0,
      checked: 2,
    });
    const added = value(await decoder.addSources([volume('data.002')]));
    // The missing entry is not "missing" any more, nor checked: unchecked, and counted so.
    expect(added.verifySummary).toMatchObject({ ok: 1, missing: 0, unchecked: 1, checked: 1 });
    decoder.setAllExpanded(true);
    const statuses = Object.fromEntries(
      decoder
        .getRows(0, 100)
        .filter((row) => row.entryIndex >= 0)
        .map((row) => [row.path, row.status]),
    );
    expect(statuses).toEqual({ 'art/pixels.bin': 'unchecked', 'docs/readme.txt': 'ok' });
  });

  it('zips what can be read and counts what cannot; stored bytes only where a source holds them', async () => {
    const decoder = createDecoderImpl({ formats: [twoPartFormat] });
    value(await decoder.open([index, volume('data.001')], () => undefined));
    const zip = value(await decoder.zip([], () => undefined, { folder: 'game' }));
    expect(zip).toMatchObject({ entryCount: 1, leftOut: 1 });
    expect(zip.leftOutReason).toMatch(/^art\/pixels\.bin: needs volume data\.002/);
    const unzipped = unzipSync(new Uint8Array(await zip.blob.arrayBuffer()));
    expect(Object.keys(unzipped)).toEqual(['game/docs/readme.txt']);

    decoder.setAllExpanded(true);
    const rows = decoder.getRows(0, 100).filter((row) => row.entryIndex >= 0);
    const pixels = rows.find((row) => row.path === 'art/pixels.bin')!;
    const readme = rows.find((row) => row.path === 'docs/readme.txt')!;
    const none = await decoder.readRange(storedRef(pixels.entryIndex), 0, 4);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.message).toMatch(/data\.002/);
    const stored = value(await decoder.readRange(storedRef(readme.entryIndex), 0, 100));
    expect(new TextDecoder().decode(stored.bytes)).toBe('in the first volume');
  });

  it('ignores a file it did not ask for, and a format that takes no other files says so', async () => {
    const decoder = createDecoderImpl({ formats: [twoPartFormat] });
    value(await decoder.open([index], () => undefined));
    const unrelated = value(
      await decoder.addSources([{ name: 'other.bin', blob: blob(text('x')) }]),
    );
    expect(unrelated.sources).toEqual(['game.twop']);
    expect(unrelated.missingSources.map((source) => source.name)).toEqual(['data.001', 'data.002']);

    const raw = createDecoderImpl();
    value(await raw.open([{ name: 'notes.txt', blob: blob(text('hello')) }], () => undefined));
    const result = await raw.addSources([volume('data.001')]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('BAD_VALUE');
  });

  describe('a wrapped source added later', () => {
    const { pixels, bytes: dds } = rampDds(4, 4);
    it('a descriptor opened alone names its image as missing, and takes it wrapped later', async () => {
      const decoder = createDecoderImpl();
      const opened = await decoder.open(
        [{ name: 'tank.tex', blob: blob(davaTexSeeds()[0]!) }],
        () => undefined,
      );
      if (!opened.ok) throw new Error(opened.error.message);
      expect(opened.value.missingSources).toEqual([
        { name: 'tank.dds', alternatives: ['tank.pvr', 'tank.ktx'], nodeCount: 1 },
      ]);
      const before = await decoder.describeImage(FILE_REF);
      expect(before.ok ? before.value : before.error.code).toBeNull();

      // Not the image's name: refused, and still missing.
      const other = await decoder.addSources([
        { name: 'hull.dds.dvpl', blob: blob(writeDvpl(dds, { type: 1 })) },
      ]);
      if (!other.ok) throw new Error(other.error.message);
      expect(other.value.sources).toEqual(['tank.tex']);
      expect(other.value.missingSources).toHaveLength(1);

      const added = await decoder.addSources([
        { name: 'tank.dds.dvpl', blob: blob(writeDvpl(dds, { type: 2 })) },
      ]);
      if (!added.ok) throw new Error(added.error.message);
      expect(added.value.sources).toEqual(['tank.tex', 'tank.dds']);
      expect(added.value.missingSources).toEqual([]);
      const info = await decoder.describeImage(FILE_REF);
      if (!info.ok) throw new Error(info.error.message);
      expect(info.value).toMatchObject({ width: 4, height: 4 });
      const decoded = await decoder.decodeImage(FILE_REF, { level: 0, layer: 0, face: 0 });
      if (!decoded.ok) throw new Error(decoded.error.message);
      expect(decoded.value.rgba).toEqual(pixels);
    });
  });
});
