/**
 * What DML tables add to the CLI (cli.ts): `info` and `ls`, in JSON and text, given a
 * session as the generic CLI gives it (src/cli runs them: `info FILE --json`, `ls FILE --json`).
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { CliInfoRequest } from '../model.ts';
import { inlineServices } from '../services.ts';
import { tableListQuirkTables } from './fixtures/make-fixtures.ts';
import { dmlFormat } from './module.ts';
import { openDmlSession } from './session.ts';
import { dmlTable, writeDmlTables } from './write.ts';

async function request(bytes: Uint8Array, name = 'LatestFileList.bin'): Promise<CliInfoRequest> {
  const source = new MemoryByteSource(bytes, name);
  const services = inlineServices();
  const session = await openDmlSession({
    sources: [source],
    services,
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
  return { session, source, options: {}, services };
}

const bytes = writeDmlTables([
  dmlTable(
    'Base',
    [
      ['SrcFileName', 'STR'],
      ['Size', 'UINT'],
      ['Id', 'GID'],
    ],
    [
      ['Bin/a.exe', 215, 2n ** 60n + 1n],
      ['Bin/"b".dll', 0, 0n],
    ],
  ),
  dmlTable('About', [['Version', 'UINT']], [[1]]),
]);

describe('the CLI of DML tables', async () => {
  const cli = await dmlFormat.cli();

  it('info --json: the tables, their fields with type names, record counts, the total', async () => {
    const info = await cli.info!(await request(bytes));
    expect(info.json).toEqual({
      format: 'dml',
      name: 'LatestFileList.bin',
      size: bytes.length,
      tables: [
        {
          name: 'Base',
          fields: [
            { name: 'SrcFileName', type: 'STR' },
            { name: 'Size', type: 'UINT' },
            { name: 'Id', type: 'GID' },
          ],
          records: 2,
        },
        { name: 'About', fields: [{ name: 'Version', type: 'UINT' }], records: 1 },
      ],
      totalRecords: 3,
      issues: [],
    });
    expect(info.lines).toContain('format      KingsIsle DML tables');
    expect(info.lines).toContain('tables      2');
    expect(info.lines).toContain('"Base": 2 records (SrcFileName STR, Size UINT, Id GID)');
  });

  it('info --json carries the issues, with their offsets', async () => {
    const info = await cli.info!(await request(writeDmlTables(tableListQuirkTables())));
    expect((info.json as { issues: unknown[] }).issues).toEqual([
      expect.objectContaining({ code: 'RECORD_SIZE_MISMATCH', offset: 46, entryIndex: 4 }),
      expect.objectContaining({ code: 'TABLE_LIST_MISMATCH' }),
    ]);
  });

  it('ls --json: every record as {table, values}, a GID as decimal text', async () => {
    const listing = await cli.list!(await request(bytes));
    expect([...listing.json]).toEqual([
      { table: 'Base', values: { SrcFileName: 'Bin/a.exe', Size: 215, Id: '1152921504606846977' } },
      { table: 'Base', values: { SrcFileName: 'Bin/"b".dll', Size: 0, Id: '0' } },
      { table: 'About', values: { Version: 1 } },
    ]);
    expect([...listing.lines]).toEqual([
      '"Base": SrcFileName="Bin/a.exe" Size=215 Id=1152921504606846977',
      '"Base": SrcFileName="Bin/"b".dll" Size=0 Id=0',
      '"About": Version=1',
    ]);
  });

  it('refuses a file that does not read whole, with its offset', async () => {
    const cut = bytes.subarray(0, bytes.length - 3);
    await expect(cli.list!(await request(cut))).rejects.toMatchObject({
      name: 'FormatError',
      code: 'UNEXPECTED_EOF',
    });
  });
});
