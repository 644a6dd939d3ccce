/**
 * What reading a DML list keeps beside its tables: the issues found (at most a hundred of a
 * code, the rest counted; those of a part read again taken back), and the checks of the whole
 * list once read: tables that share a name, and `_TableList` against the tables that follow.
 */
import { quotedText } from '../../binary/quoted-text.ts';
import type { Issue, IssueSeverity, Span } from '../model.ts';
import { DmlIssueCode, type DmlTable } from './types.ts';

/** The meta table that names every other table. */
export const TABLE_LIST = '_TableList';

/** Issues of one code listed at most; the rest are counted in one more. */
const ISSUES_PER_CODE = 100;

/** Issues, at most `ISSUES_PER_CODE` of a code (a damaged list could have one per record). */
export class IssueLog {
  readonly issues: Issue[] = [];
  private readonly counts = new Map<string, number>();
  /** The code of every issue added, in order: what `rollBack` takes back. */
  private readonly added: string[] = [];

  add(severity: IssueSeverity, code: string, message: string, span: Span): void {
    const count = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, count);
    this.added.push(code);
    if (count <= ISSUES_PER_CODE) this.issues.push({ severity, code, message, span });
  }

  /** Where the log is now, for `rollBack`. */
  mark(): number {
    return this.added.length;
  }

  /** Forgets the issues added since `mark` (a table or record read again with more bytes). */
  rollBack(mark: number): void {
    while (this.added.length > mark) {
      const code = this.added.pop()!;
      const count = this.counts.get(code)!;
      this.counts.set(code, count - 1);
      if (count <= ISSUES_PER_CODE) this.issues.pop();
    }
  }

  /** The issues, with a line per code that had more than were listed. */
  done(): Issue[] {
    for (const [code, count] of this.counts) {
      if (count <= ISSUES_PER_CODE) continue;
      const first = this.issues.find((issue) => issue.code === code)!;
      this.issues.push({
        severity: first.severity,
        code,
        message: `${count - ISSUES_PER_CODE} more ${code} issues not listed`,
      });
    }
    return this.issues;
  }
}

/** The table's name as messages show it. */
export const tableLabel = (table: { name: string }, index: number) =>
  table.name === '' ? `table ${index}` : `table ${quotedText(table.name)}`;

/** Tables that share a name: each after the first is reported. */
export function checkDuplicates(tables: readonly DmlTable[], log: IssueLog): void {
  const seen = new Set<string>();
  tables.forEach((table, index) => {
    if (table.name === '') return;
    if (seen.has(table.name)) {
      log.add(
        'warning',
        DmlIssueCode.DUPLICATE_TABLE,
        `${tableLabel(table, index)} (table ${index}) has the name of a table before it`,
        { offset: table.span.offset, length: 4 },
      );
    }
    seen.add(table.name);
  });
}

/** `_TableList`'s `Name` values are the names of the other tables, in file order. */
export function checkTableList(tables: readonly DmlTable[], log: IssueLog): void {
  const list = tables.find((table) => table.name === TABLE_LIST);
  const column = list?.columns.findIndex((field) => field.name === 'Name') ?? -1;
  if (!list || column < 0) return;
  const actual = tables.filter((table) => table !== list).map((table) => table.name);
  const listed = list.records.map((record) => record.values[column]);
  const differs = listed.findIndex((name, at) => name !== actual[at]);
  if (differs < 0 && listed.length === actual.length) return;
  const record = list.records[differs];
  log.add(
    'warning',
    DmlIssueCode.TABLE_LIST_MISMATCH,
    differs < 0 || !record
      ? `${TABLE_LIST} lists ${listed.length} tables; ${actual.length} follow`
      : `${TABLE_LIST} record ${differs} names ${quotedText(String(listed[differs]))}; ${actual[differs] === undefined ? 'no table is' : `table ${quotedText(actual[differs])} is`} in its place`,
    record ? record.span : list.span,
  );
}
