/**
 * The DML tables plug-in: registered for the view kind the format's sessions name, with the
 * grid's panes for the file, its tables and records; which columns of a real list show as
 * sizes and checksums; and a first render of its grid over a generated list's summary.
 * Behaviour in a browser is in e2e/dml.spec.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { generateLatestFileList } from '../../../formats/dml/generate.ts';
import { DmlGrid } from '../../../formats/dml/grid-view.ts';
import { DmlNodes } from '../../../formats/dml/nodes.ts';
import { parseDmlTables } from '../../../formats/dml/read.ts';
import { DML_TABLES_VIEW as FORMAT_VIEW_KIND } from '../../../formats/dml/types.ts';
import { dmlTable, writeDmlTables } from '../../../formats/dml/write.ts';
import { GridView } from '../grid/GridView.tsx';
import { nodePane, viewPlugin } from '../registry.ts';
import { dmlColumnDisplay } from './columns.ts';
import { DML_TABLES_VIEW } from './plugin.ts';

function summaryOf(drafts: ReturnType<typeof generateLatestFileList>) {
  const bytes = writeDmlTables(drafts);
  const { tables } = parseDmlTables(bytes).value;
  return new DmlGrid(tables, new DmlNodes(tables), 'LatestFileList.bin', bytes).summary();
}

describe('the plug-in', () => {
  it('is registered for the view kind the format names: the file, its tables and records', () => {
    expect(DML_TABLES_VIEW).toBe(FORMAT_VIEW_KIND);
    const plugin = viewPlugin(DML_TABLES_VIEW);
    expect(plugin?.label).toBe('DML tables');
    expect(nodePane(DML_TABLES_VIEW, 'section')).not.toBeNull();
    expect(nodePane(DML_TABLES_VIEW, 'record')).toBe(nodePane(DML_TABLES_VIEW, 'section'));
    // Template fields keep the generic pane.
    expect(nodePane(DML_TABLES_VIEW, 'value')).toBeNull();
  });

  it('shows the file pane as loading before the tables come', () => {
    const FilePane = viewPlugin(DML_TABLES_VIEW)!.filePane;
    const html = renderToStaticMarkup(<FilePane fileId="f-none" />);
    expect(html).toContain('data-state="loading"');
    expect(html).toContain('Reading the tables…');
  });
});

describe('column displays', () => {
  it('sizes and CRCs of a file list, by their fields’ names and types', () => {
    const summary = summaryOf(generateLatestFileList({ seed: 1, wadCount: 1 }));
    const base = summary.tables.find((table) => table.name === 'Base')!;
    expect(
      Object.fromEntries(base.columns.map((column) => [column.label, dmlColumnDisplay(column)])),
    ).toEqual({
      SrcFileName: 'plain',
      TarFileName: 'plain',
      FileType: 'plain',
      Size: 'size',
      HeaderSize: 'size',
      CompressedHeaderSize: 'size',
      CRC: 'checksum',
      HeaderCRC: 'checksum',
    });
  });

  it('only whole, unsigned fields: a float or a signed field named so stays a number', () => {
    const summary = summaryOf([
      dmlTable(
        'Odd',
        [
          ['Size', 'FLT'],
          ['Delta', 'INT'],
          ['FooCRC', 'INT'],
          ['SizeText', 'STR'],
          ['PageSize', 'USHRT'],
        ],
        [[1.5, -1, -2, 'x', 4096]],
      ),
    ]);
    expect(summary.tables[0]!.columns.map(dmlColumnDisplay)).toEqual([
      'plain',
      'plain',
      'plain',
      'plain',
      'size',
    ]);
  });
});

describe('the grid of a generated list', () => {
  it('lists every table with its record count; the first is `_TableList`', () => {
    const drafts = generateLatestFileList({ seed: 5, wadCount: 3, baseCount: 12 });
    const summary = summaryOf(drafts);
    const html = renderToStaticMarkup(
      <GridView fileId="f-none" summary={summary} displayOf={dmlColumnDisplay} rowNoun="record" />,
    );
    expect(html).toContain(`aria-label="Tables (${drafts.length})"`);
    expect(html).toMatch(/_TableList<\/span><span class="grid-table-count" title="6 records">6</);
    expect(html).toContain('title="12 records">12</span>');
    expect(html).toContain('aria-label="Records of _TableList"');
    expect(html).toContain('title="Name (STR): sort ascending"');
  });
});
