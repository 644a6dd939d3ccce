import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode } from '../../binary/format-error.ts';
import { readKiwad } from '../../formats/kiwad/read.ts';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import { draftWwdLevel, draftWwdPlane } from '../../formats/wwd/draft.ts';
import type { WwdViewData } from '../../formats/wwd/session.ts';
import { writeWwd } from '../../formats/wwd/write.ts';
import { KaType } from '../../formats/ka/types.ts';
import {
  archiveValue,
  floatsValue,
  textValue,
  v1Archive,
  writeKa,
} from '../../formats/ka/write.ts';
import {
  FILE_REF,
  LOGICAL_REF,
  nodeRef,
  type OpenProgress,
  type Result,
  type TreeRow,
} from './api.ts';
import { createDecoderImpl } from './impl.ts';

const encoder = new TextEncoder();
const files = {
  'Data/config.xml': encoder.encode('<config><value>1</value></config>'),
  'Data/Deep/nested.json': encoder.encode('{"a": [1, 2, 3]}'),
  'Audio/theme.mp3': encoder.encode('ID3 not really an mp3, but stored as one'),
  'Audio/zeroed.ogg': encoder.encode('OggS this entry gets zeroed'),
  'readme.txt': encoder.encode('hello '.repeat(1000)),
};

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function makeArchive(): Promise<Uint8Array> {
  const bytes = writeKiwad(
    Object.entries(files).map(([name, data]) => ({ name, data })),
    { version: 2, flags: 1 },
  );
  const { value: archive } = await readKiwad(new MemoryByteSource(bytes));
  const zeroed = archive.entries.find((entry) => entry.name === 'Audio/zeroed.ogg')!;
  bytes.fill(0, zeroed.dataOffset, zeroed.dataOffset + zeroed.storedSize);
  const broken = archive.entries.find((entry) => entry.name === 'readme.txt')!;
  bytes[broken.dataOffset + broken.storedSize - 1]! ^= 0xff;
  return bytes;
}

async function openArchive(bytes: Uint8Array, name = 'test.wad') {
  const decoder = createDecoderImpl();
  const progress: OpenProgress[] = [];
  const summary = value(
    await decoder.open([{ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }], (p) =>
      progress.push(p),
    ),
  );
  return { decoder, summary, progress };
}

function names(rows: TreeRow[]): string[] {
  return rows.map((row) => `${row.depth}:${row.name}`);
}

describe('decoder worker implementation', () => {
  it('opens a KIWAD, reports progress and summary, and pages rows', async () => {
    const { decoder, summary, progress } = await openArchive(await makeArchive());
    expect(summary.format).toBe('kiwad');
    expect(summary.formatLabel).toBe('KIWAD v2');
    expect(summary.entryCount).toBe(5);
    expect(summary.fatal).toBeNull();
    expect(progress.at(-1)).toEqual({ entriesRead: 5, entryCount: 5, rowCount: 3 });
    expect(names(decoder.getRows(0, 100))).toEqual(['1:Audio', '1:Data', '1:readme.txt']);
    const data = decoder.getRows(1, 1)[0]!;
    expect(decoder.setExpanded(data.nodeId, true)).toBe(5);
    expect(names(decoder.getRows(0, 100))).toEqual([
      '1:Audio',
      '1:Data',
      '2:Deep',
      '2:config.xml',
      '1:readme.txt',
    ]);
    expect(decoder.setFilter('*.json')).toEqual({ rowCount: 3, matchCount: 1 });
    const json = decoder.getRows(2, 1)[0]!;
    expect(json.path).toBe('Data/Deep/nested.json');
    expect(decoder.rowIndexOf(json.nodeId)).toBe(2);
  });

  it('reads entry content by range and as a blob, inflated', async () => {
    const { decoder } = await openArchive(await makeArchive());
    decoder.setFilter('config.xml');
    const row = decoder.getRows(0, 10).find((r) => r.name === 'config.xml')!;
    const range = value(await decoder.readRange(nodeRef(row.entryIndex), 1, 6));
    expect(new TextDecoder().decode(range.bytes)).toBe('config');
    expect(range.totalSize).toBe(files['Data/config.xml'].length);
    const blob = value(await decoder.readBlob(nodeRef(row.entryIndex)));
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(files['Data/config.xml']);
    const head = value(await decoder.readRange(FILE_REF, 0, 5));
    expect(new TextDecoder().decode(head.bytes)).toBe('KIWAD');
  });

  it('computes digests of an entry', async () => {
    const { decoder } = await openArchive(await makeArchive());
    decoder.setFilter('nested.json');
    const row = decoder.getRows(0, 10).find((r) => r.name === 'nested.json')!;
    const digests = value(await decoder.digest(nodeRef(row.entryIndex), () => {}));
    expect(digests.sha256).toBe(
      createHash('sha256').update(files['Data/Deep/nested.json']).digest('hex'),
    );
  });

  it('verifies every entry: ok, unpatched and mismatch', async () => {
    const { decoder } = await openArchive(await makeArchive());
    const summary = value(await decoder.verifyAll(() => {}));
    expect(summary).toEqual({
      ok: 3,
      mismatched: 1,
      unpatched: 1,
      missing: 0,
      unsupported: 0,
      errors: 0,
      unchecked: 0,
      checked: 5,
      cancelled: false,
    });
    decoder.setAllExpanded(true);
    const statuses = Object.fromEntries(
      decoder
        .getRows(0, 100)
        .filter((row) => !row.isFolder)
        .map((row) => [row.path, row.status]),
    );
    expect(statuses).toEqual({
      'Audio/theme.mp3': 'ok',
      'Audio/zeroed.ogg': 'unpatched',
      'Data/Deep/nested.json': 'ok',
      'Data/config.xml': 'ok',
      'readme.txt': 'mismatch',
    });
  });

  it('zips a folder with contents identical to the sources', async () => {
    const { decoder } = await openArchive(await makeArchive());
    const data = decoder.getRows(1, 1)[0]!;
    const { blob } = value(await decoder.zip([data.nodeId], () => {}));
    const unzipped = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(unzipped).sort()).toEqual(['Data/Deep/nested.json', 'Data/config.xml']);
    expect(unzipped['Data/config.xml']).toEqual(files['Data/config.xml']);
  });

  it('zips a document’s nodes as files with the extension of what they hold, named once each', async () => {
    const bytes = writeKa(
      v1Archive([
        ['title', textValue('hello')],
        ['position', floatsValue(KaType.VECTOR3, [1, 2, 3])],
        ['inner', archiveValue(v1Archive([['title', textValue('again')]]))],
      ]),
    );
    const { decoder, summary } = await openArchive(bytes, 'settings.ka');
    expect(summary.format).toBe('ka');
    const { blob } = value(await decoder.zip([], () => {}));
    const unzipped = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const paths = Object.keys(unzipped);
    expect(paths.length).toBe(summary.entryCount);
    for (const path of paths) expect(path, path).toMatch(/\.(bin|ka|txt)$/);
    expect(new Set(paths.map((path) => path.toLowerCase())).size).toBe(paths.length);
    // The content is the node's, byte for byte: the name changed, not the bytes.
    for (let index = 0; index < summary.entryCount; index++) {
      const details = value(await decoder.entryDetails(index));
      const read = value(await decoder.readRange(nodeRef(index), 0, details.size));
      const named = paths.find((path) => path.replace(/\.(bin|ka|txt)$/, '') === details.path);
      expect(named, details.path).toBeDefined();
      expect(unzipped[named!]).toEqual(read.bytes);
    }
  });

  it('keeps what was read of a damaged archive and reports the fatal error with its offset', async () => {
    const bytes = await makeArchive();
    const { value: archive } = await readKiwad(new MemoryByteSource(bytes));
    const { decoder, summary } = await openArchive(bytes.subarray(0, archive.journalEnd - 3));
    expect(summary.fatal?.code).toBe(ErrorCode.UNEXPECTED_EOF);
    expect(summary.fatal?.offset).toBeGreaterThan(13);
    expect(summary.entryCount).toBeGreaterThanOrEqual(1);
    expect(decoder.rowCount()).toBeGreaterThanOrEqual(1);
  });

  it('opens any other file as raw, previewable and hashable as a whole', async () => {
    const bytes = encoder.encode('just some text file');
    const { decoder, summary } = await openArchive(bytes, 'notes.txt');
    expect(summary.format).toBe('raw');
    expect(decoder.rowCount()).toBe(0);
    const digests = value(await decoder.digest(FILE_REF, () => {}));
    expect(digests.md5).toBe(createHash('md5').update(bytes).digest('hex'));
    const error = await decoder.readRange(nodeRef(0), 0, 4);
    expect(error.ok).toBe(false);
  });

  it('reads a small file once while opening it, a large one in pieces', async () => {
    // Each Blob read is a round trip to the browser's file reader.
    let slices = 0;
    class CountingBlob extends Blob {
      override slice(...args: Parameters<Blob['slice']>): Blob {
        slices++;
        return super.slice(...args);
      }
    }
    // An uncompressed level of a square plane: the reader reads all of it.
    const levelOf = (tilesWide: number) =>
      writeWwd(
        draftWwdLevel({
          planes: [
            draftWwdPlane({
              name: 'Action',
              flags: 1,
              tilesWide,
              tilesHigh: tilesWide,
              tiles: new Uint32Array(tilesWide * tilesWide),
            }),
          ],
        }),
        { compress: false },
      ) as Uint8Array<ArrayBuffer>;
    const small = levelOf(200); // 160 KB: past the head kept for larger files
    const opened = value(
      await createDecoderImpl().open(
        [{ name: 'a.wwd', blob: new CountingBlob([small]) }],
        () => undefined,
      ),
    );
    expect(opened.format).toBe('wwd');
    expect(slices).toBe(1);
    slices = 0;
    const large = levelOf(800); // 2.5 MB
    value(
      await createDecoderImpl().open(
        [{ name: 'b.wwd', blob: new CountingBlob([large]) }],
        () => undefined,
      ),
    );
    expect(slices).toBeGreaterThan(1);
  });

  it('cancels a running job', async () => {
    const { decoder } = await openArchive(await makeArchive());
    const pending = decoder.zip([], () => decoder.cancel('zip'));
    const result = await pending;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(ErrorCode.CANCELLED);
  });
});

describe('decoder worker on a WWD level', () => {
  const fixture = new URL('../../formats/wwd/fixtures/', import.meta.url);

  it('opens the level as a document of sections with fields and spans in the decoded bytes', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const name = readdirSync(fixture).find((file) => /\.wwd$/i.test(file))!;
    const bytes = new Uint8Array(readFileSync(new URL(name, fixture)));
    const { decoder, summary } = await openArchive(bytes, name);
    expect(summary).toMatchObject({ format: 'wwd', layout: 'document', fatal: null });
    expect(summary.capabilities).toEqual({
      content: true,
      verify: false,
      view: 'wwd-level',
      // It takes the REZ archive it names, for its art.
      sources: true,
      wrappedNode: null,
      installCheck: false,
    });
    expect(names(decoder.getRows(0, 10)).slice(0, 2)).toEqual(['1:Header', '1:Planes']);
    const header = decoder.getRows(0, 1)[0]!;
    const details = value(decoder.entryDetails(header.entryIndex));
    expect(details.span).toEqual({ offset: 0, length: 1524 });
    expect(details.fields.length).toBeGreaterThan(10);
    const logical = value(await decoder.readRange(LOGICAL_REF, 0, 4));
    expect(Array.from(logical.bytes)).toEqual([0xf4, 0x05, 0, 0]);
    const view = value(decoder.documentView());
    expect(view.kind).toBe('wwd-level');
    const { level } = view.data as WwdViewData;
    expect(level.planes.length).toBeGreaterThan(0);
    expect(level.planes[0]!.tiles).toBeInstanceOf(Uint32Array);
    const section = value(await decoder.readRange(nodeRef(header.entryIndex), 0, 4));
    expect(section.totalSize).toBe(1524);
  });
});

describe('nested files', () => {
  it('detects an entry that is a file of a known format and opens it as a file of its own', async () => {
    const { draftWwdLevel } = await import('../../formats/wwd/draft.ts');
    const { writeWwd } = await import('../../formats/wwd/write.ts');
    const level = writeWwd(draftWwdLevel(), { compress: true });
    const bytes = writeKiwad(
      [
        { name: 'Levels/one.wwd', data: level },
        { name: 'notes.txt', data: encoder.encode('not a level') },
      ],
      { version: 2, flags: 1 },
    );
    const { decoder } = await openArchive(bytes);
    decoder.setAllExpanded(true);
    const rows = decoder.getRows(0, 100).filter((row) => row.entryIndex >= 0);
    const levelRow = rows.find((row) => row.name === 'one.wwd')!;
    const notesRow = rows.find((row) => row.name === 'notes.txt')!;
    expect(value(await decoder.detectContent(nodeRef(levelRow.entryIndex), 'one.wwd'))).toEqual({
      format: 'wwd',
      label: 'WWD level',
    });
    expect(value(await decoder.detectContent(nodeRef(notesRow.entryIndex), 'notes.txt'))).toBe(
      null,
    );

    const child = createDecoderImpl();
    const blob = value(await decoder.readBlob(nodeRef(levelRow.entryIndex)));
    const opened = value(await child.open([{ name: 'one.wwd', blob }], () => undefined));
    expect(opened).toMatchObject({ format: 'wwd', layout: 'document', fatal: null });
    // The parent is untouched by what the child does.
    expect(decoder.rowCount()).toBe(rows.length + 1);
  });
});
