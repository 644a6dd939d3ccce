/**
 * What DML tables add to the generic CLI (model.ts FormatCli). `info --json` gives
 * `{format, name, size, tables: [{name, fields: [{name, type}], records}], totalRecords,
 * issues}`, type names as `*Messages.xml` writes them (`UINT`, `STR`); `info` prints a line
 * per table. `ls --json` lists every record as `{table, values: {field: value}}` (a GID as
 * exact decimal text); `ls` prints a line per record. A file whose read stopped is refused
 * by the generic CLI before this runs (one line naming the offset, exit 1).
 */
import { quotedText } from '../../binary/quoted-text.ts';
import { cliIssues, infoLines } from '../cli-info.ts';
import type { CliInfoRequest, FormatCli } from '../model.ts';
import { counted, plainText } from './display.ts';
import { columnKeys, recordValues, tableInfo, type DmlRecordJson } from './export.ts';

import { DML_FORMAT, readDmlTablesOrThrow } from './read.ts';
import type { DmlTable } from './types.ts';

async function tablesOf({ source }: CliInfoRequest): Promise<DmlTable[]> {
  return readDmlTablesOrThrow(await source.read(0, source.size)).tables;
}

/** Every record of every table, in file order, as `ls --json` lists it. */
function* recordsJson(tables: readonly DmlTable[]): Generator<DmlRecordJson> {
  for (const table of tables) {
    const keys = columnKeys(table);
    for (const record of table.records) {
      yield { table: table.name, values: recordValues(table, keys, record) };
    }
  }
}

/** `"Base": SrcFileName="Bin/a.exe" FileType=4 …`: a record in a line. */
function* recordLines(tables: readonly DmlTable[]): Generator<string> {
  for (const table of tables) {
    const keys = columnKeys(table);
    for (const record of table.records) {
      const values = table.columns.map(
        (field, at) => `${keys[at]!}=${plainText(field.tag, record.values[at] ?? null)}`,
      );
      yield `${quotedText(table.name)}: ${values.join(' ')}`;
    }
  }
}

export const dmlCli: FormatCli = {
  async info(request) {
    const { session, source } = request;
    const tables = await tablesOf(request);
    const issues = cliIssues(session.issues);
    const json = {
      format: DML_FORMAT,
      name: source.name,
      size: source.size,
      tables: tables.map(tableInfo),
      totalRecords: tables.reduce((sum, table) => sum + table.records.length, 0),
      issues,
    };
    const lines = infoLines(session, source, issues, 11, []);
    for (const table of json.tables) {
      const fields = table.fields.map((field) => `${field.name} ${field.type}`).join(', ');
      lines.push(`${quotedText(table.name)}: ${counted(table.records, 'record')} (${fields})`);
    }
    return { json, lines };
  },
  async list(request) {
    const tables = await tablesOf(request);
    return { json: recordsJson(tables), lines: recordLines(tables) };
  },
};
