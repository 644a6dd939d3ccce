/**
 * `delve ls FILE --csv`: the listing as CSV (RFC 4180, formats/csv.ts), with the columns
 * `ls --json` has: path, offset, size, storedSize, compressed, crc, then the format's own
 * columns (their union over every column set; a cell a node lacks is empty). A document a
 * format lists (its records) gets the keys of its records as columns, an object inside a
 * record giving its own keys.
 */
import { CSV_LINE_END, csvLine } from '../../formats/csv.ts';
import { DEFAULT_COLUMNS, type Session } from '../../formats/model.ts';
import { listingOf, ownColumnsOf } from './ls.ts';

/** Text listings are written in chunks of about this many characters. */
const CHUNK_CHARS = 1 << 20;

const FIXED = ['path', 'offset', 'size', 'storedSize', 'compressed', 'crc'];

/** A value as a CSV field: numbers and booleans as JSON writes them, null as empty. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function* csvListing(session: Session): Generator<string> {
  const ownColumns = ownColumnsOf(session);
  const own = [...new Set(Object.keys(session.columnSets).flatMap((set) => [...ownColumns(set)]))];
  let text = csvLine([...FIXED, ...own]) + CSV_LINE_END;
  const count = session.nodeCount();
  const listing = listingOf(session);
  for (let index = 0; index < count; index++) {
    const entry = listing(index);
    const fields = [
      entry.path,
      String(entry.offset),
      String(entry.size),
      String(entry.storedSize),
      String(entry.compressed),
      field(entry.crc),
    ];
    if (own.length > 0) {
      const mine = new Set(ownColumns(session.columnSetOf?.(index) ?? DEFAULT_COLUMNS));
      for (const id of own) fields.push(mine.has(id) ? field(session.cell?.(index, id)) : '');
    }
    text += csvLine(fields) + CSV_LINE_END;
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  yield text;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A record as one level of keys: an object inside it (a LatestFileList record's `values`)
 * gives its own keys as columns, named by the inner key, or `outer.inner` where the outer
 * record has that key too. A spreadsheet then sees `Name`, `Size`, not JSON in a cell.
 */
function flatRecord(record: unknown): Record<string, unknown> {
  if (!isPlainObject(record)) return { value: record };
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!isPlainObject(value)) {
      flat[key] = value;
      continue;
    }
    for (const [inner, innerValue] of Object.entries(value)) {
      flat[inner in record ? `${key}.${inner}` : inner] = innerValue;
    }
  }
  return flat;
}

/** Records a format lists as CSV: the keys of every record, in first-seen order, as columns. */
export function csvDocumentLines(records: Iterable<unknown>): string {
  const rows = [...records].map(flatRecord);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [csvLine(keys), ...rows.map((row) => csvLine(keys.map((key) => field(row[key]))))];
  return lines.map((line) => line + CSV_LINE_END).join('');
}
