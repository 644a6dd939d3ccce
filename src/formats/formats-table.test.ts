/** The committed formats tables are what `npm run docs:formats` writes from the registry. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FORMATS_TABLE_END,
  FORMATS_TABLE_FILES,
  FORMATS_TABLE_START,
  formatsTable,
  withFormatsTable,
} from './formats-table.ts';
import { FORMATS } from './registry.ts';

describe('formats table', () => {
  it.each(FORMATS_TABLE_FILES)('%s has the registry’s table (npm run docs:formats)', (file) => {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    expect(withFormatsTable(text, formatsTable(FORMATS)), 'run: npm run docs:formats').toBe(text);
  });

  it('has a row per format, in registry order, with its extensions', () => {
    const lines = formatsTable(FORMATS).split('\n');
    expect(lines).toHaveLength(2 + FORMATS.length);
    FORMATS.forEach((format, i) => {
      expect(lines[2 + i]).toContain(format.label);
      for (const extension of format.extensions) expect(lines[2 + i]).toContain(`\`${extension}\``);
    });
  });

  it('escapes pipes and pads columns evenly', () => {
    const table = formatsTable([{ label: 'A|B', extensions: ['.x'], summary: 'one\ntwo' }]);
    expect(table).toContain('A\\|B');
    expect(table).toContain('one two');
    const widths = new Set(table.split('\n').map((line) => line.length));
    expect(widths.size).toBe(1);
  });

  it('replaces only what lies between the markers, and insists on them', () => {
    const document = `before\n${FORMATS_TABLE_START}\nold\n${FORMATS_TABLE_END}\nafter\n`;
    const updated = withFormatsTable(document, '| t |');
    expect(updated.startsWith(`before\n${FORMATS_TABLE_START}\n`)).toBe(true);
    expect(updated.endsWith(`\n| t |\n\n${FORMATS_TABLE_END}\nafter\n`)).toBe(true);
    expect(updated).not.toContain('old');
    expect(withFormatsTable(updated, '| t |')).toBe(updated);
    expect(() => withFormatsTable('no markers', '')).toThrow(/formats:start/);
    expect(() => withFormatsTable(document + document, '')).toThrow(/formats:start/);
  });
});
