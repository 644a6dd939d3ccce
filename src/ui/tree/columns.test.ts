import { describe, expect, it } from 'vitest';
import { ARCHIVE_COLUMNS, type ColumnDef } from '../../formats/model.ts';
import type { TreeRow } from '../../worker/rpc/api.ts';
import {
  columnIdsOf,
  fileCell,
  gridTemplate,
  ownCell,
  rowCell,
  unionColumns,
  type ColumnSets,
} from './columns.ts';
import { treeFilesOf } from './use-tree-files.ts';

const DOCUMENT: ColumnSets = {
  default: [
    { id: 'size', label: 'Bytes', kind: 'size' },
    { id: 'offset', label: 'Offset', kind: 'hex' },
  ],
  objects: [
    { id: 'logic', label: 'Logic', kind: 'text' },
    { id: 'x', label: 'X', kind: 'number' },
  ],
};
const ARCHIVE: ColumnSets = { default: ARCHIVE_COLUMNS };
const ids = (columns: readonly ColumnDef[]) => columns.map((column) => column.id);

function row(fields: Partial<TreeRow> = {}): TreeRow {
  return {
    nodeId: 1,
    parentId: -1,
    depth: 1,
    name: 'a.bin',
    path: 'a.bin',
    kind: 'entry',
    isFolder: false,
    isExpanded: false,
    entryIndex: 0,
    size: 2048,
    storedSize: 1024,
    isCompressed: true,
    checksum: 0x1234,
    status: 'unchecked',
    entryCount: 0,
    columnSet: 'default',
    cells: {},
    ...fields,
  };
}

describe('tree columns', () => {
  it('unites the column sets of every file, each id once, default sets first', () => {
    expect(ids(unionColumns([ARCHIVE, DOCUMENT]))).toEqual([
      'size',
      'stored',
      'ratio',
      'status',
      'offset',
      'logic',
      'x',
    ]);
    expect(ids(unionColumns([DOCUMENT]))).toEqual(['size', 'offset', 'logic', 'x']);
  });

  it('gives files a size column when no format declares one, and none without files', () => {
    expect(unionColumns([{ default: [] }])).toEqual([{ id: 'size', label: 'Size', kind: 'size' }]);
    expect(unionColumns([])).toEqual([]);
  });

  it('fills the columns of a row set; unknown sets fall back to the default', () => {
    expect([...columnIdsOf(DOCUMENT, 'objects')]).toEqual(['logic', 'x']);
    expect([...columnIdsOf(DOCUMENT, 'nope')]).toEqual(['size', 'offset']);
    expect(columnIdsOf(undefined, 'default').size).toBe(0);
  });

  it('makes generic cells: human sizes with exact bytes, ratio, checksum state', () => {
    const [size, stored, ratio, status] = ARCHIVE_COLUMNS as [
      ColumnDef,
      ColumnDef,
      ColumnDef,
      ColumnDef,
    ];
    expect(rowCell(size, row())).toEqual({ text: '2.00 KiB', title: '2,048 bytes' });
    expect(rowCell(stored, row())).toEqual({ text: '1.00 KiB', title: '1,024 bytes, compressed' });
    expect(rowCell(ratio, row()).text).toBe('50%');
    expect(rowCell(status, row({ status: 'missing' }))).toMatchObject({
      text: 'missing',
      className: 'status-missing',
    });
    expect(rowCell(status, row({ status: 'unsupported' })).text).toBe('unsupported');
    const folder = row({ kind: 'folder', isFolder: true, entryIndex: -1, entryCount: 1200 });
    expect(rowCell(status, folder).text).toBe('1,200 entries');
  });

  it("makes a format's own cells: text as is, numbers with separators, hex", () => {
    expect(ownCell('text', '<b>x</b>').text).toBe('<b>x</b>');
    expect(ownCell('number', 1234567).text).toBe('1,234,567');
    expect(ownCell('hex', 0x5f4)).toEqual({ text: '0x5F4', title: '1,524' });
    expect(ownCell('number', null).text).toBe('');
    const offset = DOCUMENT['default']![1]!;
    expect(rowCell(offset, row({ cells: { offset: 16 } })).text).toBe('0x10');
  });

  it("fills a file's row with its totals and leaves its format's own columns blank", () => {
    const totals = { size: 10, storedSize: 5, status: { text: '✓ verified' } };
    expect(fileCell(ARCHIVE_COLUMNS[2]!, totals).text).toBe('50%');
    expect(fileCell(ARCHIVE_COLUMNS[3]!, totals).text).toBe('✓ verified');
    expect(fileCell(DOCUMENT['default']![1]!, totals).text).toBe('');
  });

  it('lays the name out flexibly until the pane is measured, then at its fitted width', () => {
    expect(gridTemplate(null, [80, 80])).toBe('minmax(10rem, 1fr) 80px 80px 22px');
    expect(gridTemplate(300, [80, 56])).toBe('300px 80px 56px 22px');
  });
});

describe('open files in the tree', () => {
  it('nests files opened from entries, and numbers siblings per parent', () => {
    const files = treeFilesOf([
      ['f1', null, ARCHIVE],
      ['f2', 'f1', { default: [] }],
      ['f3', 'f2', null],
      ['f4', 'f1', DOCUMENT],
      ['f5', 'gone', null],
    ]);
    expect([...files.nesting]).toEqual([
      ['f1', 0],
      ['f2', 1],
      ['f3', 2],
      ['f4', 1],
      ['f5', 0],
    ]);
    expect(files.siblings.get('f1')).toEqual({ position: 1, size: 2 });
    expect(files.siblings.get('f5')).toEqual({ position: 2, size: 2 });
    expect(files.siblings.get('f4')).toEqual({ position: 2, size: 2 });
    expect(files.siblings.get('f3')).toEqual({ position: 1, size: 1 });
    expect(files.columnSets.has('f3')).toBe(false);
  });

  it("shows the selected file's columns, not every open format's", () => {
    const shape: Parameters<typeof treeFilesOf>[0] = [
      ['f1', null, ARCHIVE],
      ['f2', null, DOCUMENT],
      ['f3', null, null],
    ];
    expect(ids(treeFilesOf(shape, 'f2').columns)).toEqual(['size', 'offset', 'logic', 'x']);
    expect(ids(treeFilesOf(shape, 'f1').columns)).toEqual(ids(ARCHIVE_COLUMNS));
    // No selection: the first file's. A file still opening: a size, as any file has.
    expect(ids(treeFilesOf(shape, null).columns)).toEqual(ids(ARCHIVE_COLUMNS));
    expect(ids(treeFilesOf(shape, 'f3').columns)).toEqual(['size']);
    expect(treeFilesOf([], null).columns).toEqual([]);
  });

  it('keeps the columns of the files a selected file was opened from, theirs first', () => {
    const shape: Parameters<typeof treeFilesOf>[0] = [
      ['f1', null, ARCHIVE],
      ['f2', 'f1', null],
      ['f3', 'f1', DOCUMENT],
      ['f4', 'gone', DOCUMENT],
    ];
    expect(ids(treeFilesOf(shape, 'f2').columns)).toEqual(ids(ARCHIVE_COLUMNS));
    const archiveIds = ids(ARCHIVE_COLUMNS);
    expect(ids(treeFilesOf(shape, 'f3').columns)).toEqual([
      ...archiveIds,
      ...['size', 'offset', 'logic', 'x'].filter((id) => !archiveIds.includes(id)),
    ]);
    // A parent that is no longer open adds nothing.
    expect(ids(treeFilesOf(shape, 'f4').columns)).toEqual(['size', 'offset', 'logic', 'x']);
  });
});
