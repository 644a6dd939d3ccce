/**
 * First renders of the keyed-archive view's parts under Node (no DOM, effects do not run):
 * each value layout from answers the format's own display code makes, the search results,
 * and file-derived strings escaped as text. Behaviour in a browser is in e2e/ka.spec.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displayValue, tableOf, typeName } from '../../../formats/ka/display.ts';
import {
  KA_TREE_VIEW as FORMAT_VIEW_KIND,
  KaType,
  type KaArchive,
  type KaValue,
} from '../../../formats/ka/types.ts';
import { floatsValue, idKey, intValue, textValue } from '../../../formats/ka/write.ts';
import { nodePane, viewPlugin } from '../registry.ts';
import { KaArchivePane } from './KaArchivePane.tsx';
import { exportName, KaExport } from './KaExport.tsx';
import { KaNodePane } from './KaNodePane.tsx';
import { ResultButton, SearchResults } from './KaSearch.tsx';
import { KaSummary, KaTypeCounts, typeCountRows } from './KaSummary.tsx';
import { KA_TREE_VIEW, type KaValueAnswer } from './ka-view-types.ts';
import { KaValueView } from './KaValueView.tsx';

const SPAN = { offset: 0x40, length: 20 };
const noop = () => undefined;

function answerOf(value: KaValue, table: ReturnType<typeof tableOf> = null): KaValueAnswer {
  return {
    kind: 'value',
    index: 7,
    typeId: value.type,
    typeName: typeName(value.type),
    value: displayValue(value, table, SPAN),
  };
}

const render = (value: KaValue, table: ReturnType<typeof tableOf> = null) =>
  renderToStaticMarkup(<KaValueView answer={answerOf(value, table)} onShowBytes={noop} />);

/** The text of each `<td>` of a table, row by row. */
function cells(html: string, testId: string): string[][] {
  const table = new RegExp(`<table[^>]*data-testid="${testId}"[^>]*>(.*?)</table>`).exec(html);
  expect(table, `table ${testId}`).not.toBeNull();
  const body = /<tbody>(.*)<\/tbody>/.exec(table![1]!)![1]!;
  return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!),
  );
}

describe('the plug-in', () => {
  it('is registered for the view kind the format names, for records and values', () => {
    expect(KA_TREE_VIEW).toBe(FORMAT_VIEW_KIND);
    expect(viewPlugin(KA_TREE_VIEW)?.filePane).toBe(KaArchivePane);
    expect(nodePane(KA_TREE_VIEW, 'record')).toBe(KaNodePane);
    expect(nodePane(KA_TREE_VIEW, 'value')).toBe(KaNodePane);
    expect(nodePane(KA_TREE_VIEW, 'entry')).toBeNull();
  });
});

describe('value layouts', () => {
  it('a matrix is a grid, row by row, numbers grouped and right-aligned', () => {
    const html = render(floatsValue(KaType.MATRIX3, [1, 2, 3, 4, 5, 6, 7, 8, 1234.5]));
    expect(html).toContain('data-kind="rows"');
    expect(cells(html, 'ka-matrix')).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '1,234.5'],
    ]);
    expect(html).toContain('<th scope="row">row 2</th>');
    expect(html).toContain('class="ka-num"');
  });

  it('a box names its corners; a vector its components', () => {
    const box = render(floatsValue(KaType.AABBOX3, [-1, -2, -3, 1, 2, 3]));
    expect(cells(box, 'ka-matrix')).toEqual([
      ['-1', '-2', '-3'],
      ['1', '2', '3'],
    ]);
    expect(box).toContain('<th scope="row">min</th>');
    expect(box).toContain('<th scope="row">max</th>');
    const vector = render(floatsValue(KaType.VECTOR3, [0.5, 6, -7.25]));
    expect(cells(vector, 'ka-vector')).toEqual([['0.5', '6', '-7.25']]);
    expect(vector).toContain('<th scope="col">z</th>');
    expect(vector).not.toContain('<th scope="col">w</th>');
  });

  it('a transform is its translation, scale and rotation', () => {
    const html = render(floatsValue(KaType.TRANSFORM, [1, 2, 3, 1, 1, 1, 0, 0, 0, 1]));
    expect(cells(html, 'ka-transform')).toEqual([
      ['1', '2', '3'],
      ['1', '1', '1'],
      ['0', '0', '0', '1'],
    ]);
    expect(html).toContain('<th scope="row">rotation</th>');
  });

  it('a colour is a swatch of its clamped channels, with the numbers', () => {
    const html = render(floatsValue(KaType.COLOR, [1, 0.5, 0, 0.25]));
    expect(html).toMatch(
      /class="ka-swatch-fill" data-testid="ka-color-swatch" style="background:rgb\(255 128 0 \/ 0\.25\)"/,
    );
    expect(cells(html, 'ka-color-channels')).toEqual([['1', '0.5', '0', '0.25']]);
    expect(html).toContain('#FF800040');
    expect(html).not.toContain('shown clamped');
    const bright = render(floatsValue(KaType.COLOR, [2, -1, 0.5, 1]));
    expect(bright).toContain('background:rgb(255 0 128 / 1)');
    expect(bright).toContain('shown clamped');
  });

  it('a 64-bit integer shows its decimal and hex', () => {
    const html = render({ kind: 'int64', type: KaType.UINT64, value: 12345678901234567890n });
    expect(html).toMatch(/data-testid="ka-bigint-decimal"[^>]*>12,345,678,901,234,567,890</);
    expect(html).toContain('title="12345678901234567890"');
    expect(html).toMatch(/data-testid="ka-bigint-hex"><code>0xAB54A98CEB1F0AD2</);
    const negative = render({ kind: 'int64', type: KaType.INT64, value: -2n });
    expect(negative).toMatch(/data-testid="ka-bigint-decimal"[^>]*>-2</);
    expect(negative).toContain('0xFFFFFFFFFFFFFFFE');
  });

  it('a 32-bit integer shows its hex too', () => {
    const html = render(intValue(KaType.INT32, -1));
    expect(html).toMatch(/<span class="ka-num">-1<\/span>/);
    expect(html).toContain('0xFFFFFFFF');
    expect(render(intValue(KaType.UINT32, 3_000_000_000))).toContain('3,000,000,000');
  });

  it('a string id shows its string, or that it has none', () => {
    const archive: KaArchive = {
      kind: 'top',
      strings: [
        { id: 0x5b93b294, bytes: new TextEncoder().encode('#hierarchy'), text: '#hierarchy' },
      ],
      entries: [{ key: idKey(0x5b93b294), value: { kind: 'stringId', type: 4, id: 0x5b93b294 } }],
    };
    const table = tableOf(archive, null);
    const html = render({ kind: 'stringId', type: KaType.STRING, id: 0x5b93b294 }, table);
    expect(html).toContain('<code>#0x5B93B294</code> → <q class="ka-text">#hierarchy</q>');
    const missing = render({ kind: 'stringId', type: KaType.FASTNAME, id: 1 }, table);
    expect(missing).toContain('#0x00000001');
    expect(missing).toContain('not in the string table');
  });

  it('a byte array is hex rows, a link into the hex view, and an 8-byte one an id', () => {
    const bytes = Uint8Array.from([0x0a, 0x0b, 0x0c, 0x0d, 0, 0, 0, 0x80]);
    const html = render({ kind: 'bytes', type: KaType.BYTE_ARRAY, bytes });
    expect(html).toContain('0a 0b 0c 0d 00 00 00 80');
    expect(html).toContain('data-testid="ka-show-bytes"');
    expect(html).toContain('Show in hex view');
    // Little-endian: the last byte is the top one.
    expect(html).toMatch(/data-testid="ka-bytes-u64"[^>]*>9,223,372,037,073,668,874 /);
    expect(html).toContain('0x800000000D0C0B0A');
    const long = render({ kind: 'bytes', type: 6, bytes: new Uint8Array(20).fill(0xff) });
    expect(long).not.toContain('ka-bytes-u64');
    expect(long).toContain(`${'ff '.repeat(15)}ff\nff ff ff ff<`);
    const withoutLink = renderToStaticMarkup(
      <KaValueView answer={answerOf({ kind: 'bytes', type: 6, bytes })} />,
    );
    expect(withoutLink).not.toContain('ka-show-bytes');
  });

  it('text is escaped, never markup', () => {
    const html = render(textValue('<img src=x onerror=alert(1)>'));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('a wide string says its width', () => {
    const html = render({
      kind: 'wideString',
      type: KaType.WIDE_STRING,
      width: 2,
      units: [0x68, 0x69],
      isAmbiguous: true,
    });
    expect(html).toContain('>hi</pre>');
    expect(html).toContain('2-byte units (UTF-16LE); 4-byte units would read too');
  });
});

describe('the archive pane', () => {
  it('shows "reading" until the worker answers', () => {
    const html = renderToStaticMarkup(<KaArchivePane fileId="f-none" />);
    expect(html).toContain('data-testid="ka-view"');
    expect(html).toContain('data-state="loading"');
  });

  it('summarises counts, most common type first', () => {
    const summary = {
      title: 'Keyed archive',
      version: 'v2 top',
      nodeCount: 12_345,
      typeCounts: { int32: 3, Vector3: 12_000, bool: 3, keyedArchive: 339 },
      stringTableSize: 1_024,
      archiveCount: 340,
      issueCount: 0,
    };
    expect(typeCountRows(summary.typeCounts).map(([name]) => name)).toEqual([
      'Vector3',
      'keyedArchive',
      'bool',
      'int32',
    ]);
    const html = renderToStaticMarkup(
      <>
        <KaSummary summary={summary} />
        <KaTypeCounts summary={summary} />
      </>,
    );
    expect(html).toContain('<dd>v2 top</dd>');
    expect(html).toContain('<dd>12,345</dd>');
    expect(html).toContain('<dd>1,024 strings</dd>');
    expect(html).toContain('<th scope="row">Vector3</th><td class="ka-num">12,000</td>');
  });

  it('exports under the file name with the new extension', () => {
    expect(exportName('newTest.dat', 'json')).toBe('newTest.json');
    expect(exportName('scene.tar.ka', 'yaml')).toBe('scene.tar.yaml');
    expect(exportName('settings', 'json')).toBe('settings.json');
    const html = renderToStaticMarkup(<KaExport fileId="f-none" fileName="a.ka" />);
    expect(html).toContain('data-testid="ka-export-json"');
    expect(html).toContain('data-testid="ka-export-yaml"');
    expect(html).not.toContain('ka-export-cancel');
  });
});

describe('search results', () => {
  it('lists the first matches and counts the rest', () => {
    const html = renderToStaticMarkup(
      <SearchResults
        fileId="f-none"
        needle="pos"
        answer={{ kind: 'search', indexes: [3, 9, 1_200], total: 1_250 }}
        onPick={noop}
      />,
    );
    expect((html.match(/data-testid="ka-search-result"/g) ?? []).length).toBe(3);
    expect(html).toContain('1,250 matches; the first 50 are listed');
    expect(html).toContain('1,247 more');
    // Until the worker answers, a row names its node and cannot be picked.
    expect(html).toContain('node #1,200');
    expect(html).toContain('aria-disabled="true"');
  });

  it('says when nothing matches', () => {
    const html = renderToStaticMarkup(
      <SearchResults
        fileId="f-none"
        needle="<zz>"
        answer={{ kind: 'search', indexes: [], total: 0 }}
        onPick={noop}
      />,
    );
    expect(html).toContain('Nothing matches “&lt;zz&gt;”.');
    expect(html).not.toContain('ka-search-more');
  });

  it('a result shows its path, type and value', () => {
    const html = renderToStaticMarkup(
      <ResultButton
        index={4}
        path="scene/<position>"
        typeName="Vector3"
        line="[1, 2, 3]"
        onPick={noop}
      />,
    );
    expect(html).toContain('scene/&lt;position&gt;');
    expect(html).toContain('Vector3');
    expect(html).toContain('[1, 2, 3]');
    expect(html).toContain('aria-disabled="false"');
  });
});
