import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../binary/format-error.ts';
import { FILE_COLUMNS, dmlTable, writeDmlTables } from '../../formats/dml/write.ts';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import type { CompareProgress, NamedSource, Result } from './api.ts';
import { createDecoderImpl } from './impl.ts';

const text = (value: string) => new TextEncoder().encode(value);

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function wad(name: string, files: Record<string, string>): NamedSource[] {
  const bytes = writeKiwad(
    Object.entries(files).map(([path, data]) => ({ name: path, data: text(data) })),
  );
  return [{ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }];
}

const oldFiles = wad('old.wad', {
  'a/same.txt': 'same',
  'a/gone.txt': 'gone',
  'b/edit.xml': '<a>1</a>',
});
const newFiles = wad('new.wad', {
  'a/same.txt': 'same',
  'b/edit.xml': '<a>2</a>',
  'c/new.txt': 'n',
});

async function compared() {
  const decoder = createDecoderImpl({ startsHelpersAhead: false });
  const progress: CompareProgress[] = [];
  const summary = value(await decoder.compare(oldFiles, newFiles, (p) => progress.push(p)));
  return { decoder, summary, progress };
}

/** A Blob that counts the reads of its bytes. */
class CountedBlob extends Blob {
  reads = 0;
  override slice(start?: number, end?: number, type?: string): Blob {
    this.reads++;
    return super.slice(start, end, type);
  }
}

function counted(files: NamedSource[]): { files: NamedSource[]; blob: CountedBlob } {
  const source = files[0]!;
  if (!('blob' in source)) throw new Error('a local file was expected');
  const blob = new CountedBlob([source.blob]);
  return { files: [{ name: source.name, blob }], blob };
}

/** A file's own decoder, with the file open: it tells the facts of its nodes. */
async function openedDecoder(files: NamedSource[]) {
  const decoder = createDecoderImpl({ startsHelpersAhead: false });
  value(await decoder.open(files, () => undefined));
  return decoder;
}

describe("compare from the facts the files' own decoders hold", () => {
  it('diffs without reading either file, then opens both for the change view', async () => {
    const oldSide = counted(oldFiles);
    const newSide = counted(newFiles);
    const facts = {
      old: value((await openedDecoder(oldFiles)).nodeFacts()),
      new: value((await openedDecoder(newFiles)).nodeFacts()),
    };
    const decoder = createDecoderImpl({ startsHelpersAhead: false });
    const firstRows: number[] = [];
    const summary = value(
      await decoder.compare(
        oldSide.files,
        newSide.files,
        (progress) => {
          if (progress.rowCount > 0 && firstRows.length === 0) {
            firstRows.push(oldSide.blob.reads + newSide.blob.reads);
          }
        },
        facts,
      ),
    );
    expect(firstRows).toEqual([0]);
    expect(summary).toMatchObject({
      counts: { added: 1, removed: 1, changed: 1, unchanged: 1 },
      hasContent: true,
    });
    decoder.diffShow(['changed'], '');
    const row = decoder.diffRows(1, 1)[0]!.diff!;
    const oldView = value(await decoder.diffSide('old', row.oldIndex, 1024));
    expect(new TextDecoder().decode(oldView.bytes!)).toBe('<a>1</a>');
    expect(oldSide.blob.reads).toBeGreaterThan(0);
  });

  it("runs in the old file's own decoder: its open session, the new file's facts", async () => {
    const host = await openedDecoder(oldFiles);
    const oldSide = counted(oldFiles);
    const newSide = counted(newFiles);
    const facts = value((await openedDecoder(newFiles)).nodeFacts());
    let readsAtFirstRows = -1;
    const summary = value(
      await host.compare(
        oldSide.files,
        newSide.files,
        (progress) => {
          if (progress.rowCount > 0 && readsAtFirstRows < 0) {
            readsAtFirstRows = oldSide.blob.reads + newSide.blob.reads;
          }
        },
        { old: 'open-file', new: facts },
      ),
    );
    expect(readsAtFirstRows).toBe(0);
    expect(summary.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    const at = host.diffRowOfPath('b/edit.xml');
    const row = host.diffRows(at, 1)[0]!.diff!;
    const [oldView, newView] = [
      value(await host.diffSide('old', row.oldIndex, 1024)),
      value(await host.diffSide('new', row.newIndex, 1024)),
    ];
    expect(new TextDecoder().decode(oldView.bytes!)).toBe('<a>1</a>');
    expect(new TextDecoder().decode(newView.bytes!)).toBe('<a>2</a>');
    // Its own file was read from its own sources, never opened again.
    expect(oldSide.blob.reads).toBe(0);
    // Released, the comparison is gone; the file's own tree is not.
    host.diffRelease();
    expect(host.diffRows(0, 10)).toEqual([]);
    expect(host.diffExport('csv').ok).toBe(false);
    expect(host.getRows(0, 1)).toHaveLength(1);
  });

  it('refuses a side whose read stopped, and facts of two formats', async () => {
    const decoder = createDecoderImpl({ startsHelpersAhead: false });
    const facts = value((await openedDecoder(oldFiles)).nodeFacts());
    const stopped = {
      ...facts,
      fatal: {
        code: ErrorCode.UNEXPECTED_EOF,
        message: 'unexpected end of data at 0x28: entry 3 cut short',
        offset: 40,
        format: '',
        path: '',
      },
    };
    const partly = await decoder.compare(oldFiles, newFiles, () => undefined, {
      old: facts,
      new: stopped,
    });
    // The code and offset once, then the file and what stopped it.
    expect(partly).toMatchObject({
      ok: false,
      error: {
        code: ErrorCode.UNEXPECTED_EOF,
        message:
          'unexpected end of data at 0x28: new.wad was read only in part (what was not read would show as removed or added): entry 3 cut short',
      },
    });
    const other = await decoder.compare(oldFiles, newFiles, () => undefined, {
      old: facts,
      new: { ...facts, format: 'other', label: 'Other' },
    });
    expect(other).toMatchObject({ ok: false, error: { code: ErrorCode.BAD_VALUE } });
  });

  it('tells no facts while nothing is open', () => {
    const decoder = createDecoderImpl({ startsHelpersAhead: false });
    expect(decoder.nodeFacts().ok).toBe(false);
  });
});

describe('compare in the decoder worker', () => {
  it('opens both files, counts each status and shows every change, unchanged hidden', async () => {
    const { decoder, summary, progress } = await compared();
    expect(summary.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(progress.at(-1)!.counts).toEqual(summary.counts);
    const rows = decoder.diffRows(0, summary.rowCount);
    expect(
      rows.map((row) => `${'  '.repeat(row.depth - 1)}${row.name}:${row.diff?.status ?? 'folder'}`),
    ).toEqual([
      'a:folder',
      '  gone.txt:removed',
      'b:folder',
      '  edit.xml:changed',
      'c:folder',
      '  new.txt:added',
    ]);
    expect(rows[0]!.counts).toEqual({ added: 0, removed: 1, changed: 0, unchanged: 1 });
  });

  it('filters by status and by path, and finds a row by its path', async () => {
    const { decoder } = await compared();
    expect(decoder.diffShow(['changed'], '')).toEqual({ rowCount: 2, matchCount: 1 });
    expect(decoder.diffShow(['added', 'removed', 'changed', 'unchanged'], '*.txt').matchCount).toBe(
      3,
    );
    const at = decoder.diffRowOfPath('a/same.txt');
    expect(decoder.diffRows(at, 1)[0]!.diff!.status).toBe('unchanged');
  });

  it('gives both sides of a change: details and content', async () => {
    const { decoder } = await compared();
    decoder.diffShow(['changed'], '');
    const row = decoder.diffRows(1, 1)[0]!.diff!;
    const oldSide = value(await decoder.diffSide('old', row.oldIndex, 1024));
    const newSide = value(await decoder.diffSide('new', row.newIndex, 1024));
    expect(new TextDecoder().decode(oldSide.bytes!)).toBe('<a>1</a>');
    expect(new TextDecoder().decode(newSide.bytes!)).toBe('<a>2</a>');
    expect(newSide.details.path).toBe('b/edit.xml');
  });

  it('exports the rows shown as CSV and JSON', async () => {
    const { decoder } = await compared();
    decoder.diffShow(['added', 'removed'], '');
    const csv = await value(decoder.diffExport('csv')).text();
    expect(csv.split('\r\n').map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      'path,status',
      'a/gone.txt,removed',
      'c/new.txt,added',
      '',
    ]);
    const json = JSON.parse(await value(decoder.diffExport('json')).text()) as {
      entries: unknown[];
    };
    expect(json).toMatchObject({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(json.entries).toHaveLength(2);
  });

  it('refuses files of two formats', async () => {
    const decoder = createDecoderImpl({ startsHelpersAhead: false });
    const other = [{ name: 'x.txt', blob: new Blob(['plain text']) }];
    const result = await decoder.compare(oldFiles, other, () => undefined);
    expect(result.ok).toBe(false);
  });
});

describe('compare of two documents', () => {
  const file = (name: string, size: number, crc: number) => [name, '', 1, size, 0, 0, crc, 0];
  const list = (name: string, base: (string | number)[][]): NamedSource[] => {
    const bytes = writeDmlTables([
      dmlTable('About', [['Version', 'UINT']], [[1]]),
      dmlTable('Base', FILE_COLUMNS, base),
    ]);
    return [{ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }];
  };
  const oldList = list('old.bin', [file('Bin/a.dll', 10, 1), file('Bin/b.dll', 20, 2)]);
  const newList = list('LatestFileList.bin', [
    file('Bin/a.dll', 10, 1),
    file('Bin/b.dll', 21, 7),
    file('Bin/c.dll', 5, 9),
  ]);

  it('shows a node that holds others once: a folder with a diff row of its own', async () => {
    const decoder = createDecoderImpl({ startsHelpersAhead: false });
    const summary = value(await decoder.compare(oldList, newList, () => undefined));
    const rows = decoder.diffRows(0, summary.rowCount);
    const seen = rows.map((row) => `${row.depth} ${row.path}`);
    expect(new Set(seen).size).toBe(seen.length);
    const base = rows.filter((row) => row.path === 'Base');
    expect(base).toHaveLength(1);
    // The table changed (one more record) and holds the changed and added records.
    expect(base[0]).toMatchObject({ isFolder: true, isExpanded: true, depth: 1 });
    expect(base[0]!.diff!.status).toBe('changed');
    expect(base[0]!.counts).toMatchObject({ added: 1, changed: 1 });
    const under = rows.filter((row) => row.path.startsWith('Base/Bin'));
    expect(under.map((row) => [row.path, row.depth, row.diff?.status])).toEqual(
      expect.arrayContaining([
        ['Base/Bin∕b.dll', 2, 'changed'],
        ['Base/Bin∕c.dll', 2, 'added'],
      ]),
    );
    // Its row is found by its path, and closes like a folder.
    const at = decoder.diffRowOfPath('Base');
    expect(decoder.diffRows(at, 1)[0]!.diff!.status).toBe('changed');
    const before = summary.rowCount;
    expect(decoder.diffSetExpanded(base[0]!.nodeId, false)).toBeLessThan(before);
  });
});
