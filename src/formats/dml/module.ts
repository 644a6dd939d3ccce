/** KingsIsle DML tables (`LatestFileList.bin`): the registry's line points here. */
import type { FileTail, FormatModule } from '../model.ts';

/** Bytes before the first field's name: record count, template header, name length. */
const FIRST_NAME_AT = 10;
/** The template header: protocol, order, u16 size. */
const TEMPLATE_HEADER = 4;
/** A field's bytes besides its name: u16 name length, type tag, flags. */
const FIELD_OVERHEAD = 4;

const u16At = (head: Uint8Array, at: number) => head[at]! | (head[at + 1]! << 8);

/**
 * A first table's start (spec.md): a template header `02 01` after the record count, a size
 * that holds at least its first field (and fits the file, and leaves room for the records
 * counted, where the file's size is known), and a first field name of printable ASCII that
 * starts with a letter or `_`, as far as the head holds it. A name alone never claims a
 * file: `.bin` is anyone's.
 */
export function looksLikeDmlTables(head: Uint8Array, tail?: FileTail): boolean {
  if (head.length < FIRST_NAME_AT + 1 || head[4] !== 0x02 || head[5] !== 0x01) return false;
  const size = u16At(head, 6);
  const nameLength = u16At(head, 8);
  if (nameLength === 0 || size < TEMPLATE_HEADER + FIELD_OVERHEAD + nameLength) return false;
  if (tail) {
    const count = (head[0]! | (head[1]! << 8) | (head[2]! << 16) | (head[3]! << 24)) >>> 0;
    const left = tail.size - 4 - size;
    if (left < 0 || count > left / 4) return false;
  }
  const first = head[FIRST_NAME_AT]!;
  const isNameStart =
    first === 0x5f || (first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a);
  if (!isNameStart) return false;
  const end = Math.min(head.length, FIRST_NAME_AT + nameLength);
  for (let at = FIRST_NAME_AT; at < end; at++) {
    if (head[at]! < 0x20 || head[at]! > 0x7e) return false;
  }
  return true;
}

export const dmlFormat = {
  id: 'dml',
  label: 'KingsIsle DML tables',
  summary:
    'Wizard101 and Pirate101 patch lists (LatestFileList.bin): every table with its typed fields and records, sizes and CRCs, sortable and filterable, CSV and JSON export',
  extensions: ['.bin'],
  // By its content only: `.bin` names many other files.
  detect: (head, _name, tail?) => (looksLikeDmlTables(head, tail) ? 'magic' : null),
  open: async (request) => (await import('./session.ts')).openDmlSession(request),
  warmUp: async () => (await import('./warm-up.ts')).dmlWarmUp(),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).dmlFuzzTarget,
  cli: async () => (await import('./cli.ts')).dmlCli,
} as const satisfies FormatModule<'dml'>;
