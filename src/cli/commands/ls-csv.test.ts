import { describe, expect, it } from 'vitest';
import { csvDocumentLines } from './ls-csv.ts';

describe('ls --csv of a document', () => {
  it('gives the keys of an object inside a record as columns, not JSON in a cell', () => {
    const text = csvDocumentLines([
      { table: 'Base', values: { SrcFileName: 'Bin/a.dll', Size: 3 } },
      { table: 'About', values: { Version: 1, table: 'x' } },
    ]);
    expect(text.split('\r\n')).toEqual([
      'table,SrcFileName,Size,Version,values.table',
      'Base,Bin/a.dll,3,,',
      'About,,,1,x',
      '',
    ]);
  });

  it('keeps a plain value as a column of its own', () => {
    expect(csvDocumentLines([7, 'a,b'])).toBe('value\r\n7\r\n"a,b"\r\n');
  });
});
