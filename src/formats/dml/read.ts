/**
 * KingsIsle DML tables (`LatestFileList.bin`, the Wizard101 / Pirate101 patch list; spec.md):
 * tables back to back until the end of the file, little-endian. Each table is
 *
 *   u32 record count (the template not counted)
 *   template   u8 2 (ExtendedBaseMessages), u8 1 (MSG_CUSTOMDICT), u16 size (header included),
 *              then fields until the size is used: u16 name length, name, u8 type tag (1 GID …
 *              10 WSTR), u8 flags; `_TargetTable` is followed by u16 length + the table's name
 *   records    u8 2, u8 2 (MSG_CUSTOMRECORD), u16 size (header included), then one value per
 *              field but `_TargetTable`, in template order
 *
 * Records are decoded by their fields; their size is a cross-check (a mismatch is an issue at
 * the size field: one real sample is off by one). A field of a type DML does not define stops
 * the values of its table's records there: the records are then skipped by their sizes and
 * the tables after it still read. Counts and lengths are checked against the bytes left
 * before anything is made of them. A broken structure (protocol bytes, a count or length
 * past the end) stops the read with the tables read so far.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError, toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import { hex } from '../../binary/hex.ts';
import { quotedText } from '../../binary/quoted-text.ts';
import type { ParseResult } from '../model.ts';
import { IssueLog, checkDuplicates, checkTableList, tableLabel } from './list-checks.ts';
import {
  matchShape,
  ReadDmlRecord,
  ReadDmlTable,
  shapeOf,
  type TemplateShape,
} from './template.ts';
import {
  DmlIssueCode,
  TARGET_TABLE_FIELD,
  type DmlColumn,
  type DmlRecord,
  type DmlTable,
  type DmlTableFile,
} from './types.ts';
import { decodeStrAt, readDmlValue } from './values.ts';

export const DML_FORMAT = 'dml';
/** The ExtendedBaseMessages protocol, whose messages tables are made of. */
export const DML_TABLE_PROTOCOL = 2;
/** MSG_CUSTOMDICT: a table's template. */
export const DML_TEMPLATE_ORDER = 1;
/** MSG_CUSTOMRECORD: a record. */
export const DML_RECORD_ORDER = 2;
/** Bytes of a template's or record's header: protocol, order, u16 size. */
export const DML_MESSAGE_HEADER = 4;
export { TABLE_LIST } from './list-checks.ts';
/** Checks the protocol and order bytes of a template or record header. */
function checkHeader(reader: ByteReader, order: number, what: string): void {
  const at = reader.offset;
  const protocol = reader.u8(`${what} protocol`);
  const found = reader.u8(`${what} order`);
  if (protocol !== DML_TABLE_PROTOCOL || found !== order) {
    throw new FormatError({
      code: ErrorCode.BAD_MAGIC,
      offset: at,
      detail: `${what} starts ${hex(protocol, 2)} ${hex(found, 2)}, not ${hex(DML_TABLE_PROTOCOL, 2)} ${hex(order, 2)}`,
      format: DML_FORMAT,
    });
  }
}

/**
 * Runs `read`; a FormatError it throws comes out with `what()` before its detail: which
 * table, template or record failed is named then, not built for every one that does not.
 */
function inContext<T>(what: () => string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    throw new FormatError({
      code: error.code,
      offset: error.offset,
      detail: `${what()}: ${error.detail}`,
      format: DML_FORMAT,
    });
  }
}

/** A u16-length string (a field or table name). */
function readName(reader: ByteReader, what: string): string {
  const length = reader.u16le(what);
  reader.need(length, what);
  const { text } = decodeStrAt(reader.bytes, reader.relative, length);
  reader.skip(length, what);
  return text;
}

/** Reads a template's header; the end of its fields as its size says. */
function readTemplateHeader(reader: ByteReader): { declaredSize: number; end: number } {
  const start = reader.offset;
  checkHeader(reader, DML_TEMPLATE_ORDER, 'its header');
  const declaredSize = reader.u16le('its size');
  if (declaredSize < DML_MESSAGE_HEADER || declaredSize - DML_MESSAGE_HEADER > reader.remaining) {
    throw new FormatError({
      code: ErrorCode.OUT_OF_BOUNDS,
      offset: start + 2,
      detail: `its size ${declaredSize} is not between 4 and the ${reader.remaining + DML_MESSAGE_HEADER} bytes left`,
      format: DML_FORMAT,
    });
  }
  return { declaredSize, end: start + declaredSize };
}

/** Reads a template's fields in full, up to `end` (or past it: the caller reports that). */
function readTemplateFields(reader: ByteReader, end: number, labels: FieldLabels) {
  const fields: (DmlColumn & { target: string | null; bytes: Uint8Array })[] = [];
  let name = '';
  while (reader.offset < end) {
    const fieldStart = reader.relative;
    const fieldName = readName(reader, 'a field name');
    const tag = reader.u8('a field type');
    const flags = reader.u8('a field flags');
    const bytes = reader.bytes.slice(fieldStart, reader.relative);
    const target = fieldName === TARGET_TABLE_FIELD ? readName(reader, 'the table name') : null;
    if (target !== null && !fields.some((field) => field.target !== null)) name = target;
    fields.push({ name: fieldName, tag, flags, target, bytes });
  }
  return { shape: shapeOf(fields, (each) => labels.of(each)), name };
}

/**
 * `field "<name>"` for each field name met, made once: a list's thousands of tables share a
 * few field names, and a record's values are read naming theirs.
 */
class FieldLabels {
  private readonly made = new Map<string, string>();

  of(name: string): string {
    let label = this.made.get(name);
    if (label === undefined) {
      label = `field ${quotedText(name)}`;
      this.made.set(name, label);
    }
    return label;
  }
}

/** What reading tables keeps from one to the next. */
interface ReadState {
  readonly log: IssueLog;
  readonly tables: DmlTable[];
  readonly labels: FieldLabels;
  /** The shape of the template last read in full: the next is compared with it first. */
  shape: TemplateShape | null;
}

/** Reads a table's template: the last shape when its bytes match, else in full. */
function readTemplate(reader: ByteReader, state: ReadState, index: number) {
  const start = reader.offset;
  const { declaredSize, end } = readTemplateHeader(reader);
  if (state.shape) {
    const name = matchShape(reader, state.shape, end);
    if (name !== null) return { shape: state.shape, name, declaredSize, start };
  }
  const { shape, name } = readTemplateFields(reader, end, state.labels);
  state.shape = shape;
  if (reader.offset !== end) {
    state.log.add(
      'warning',
      DmlIssueCode.TEMPLATE_SIZE_MISMATCH,
      `table ${index} template declares ${declaredSize} bytes, its fields take ${reader.offset - start}`,
      { offset: start + 2, length: 2 },
    );
  }
  return { shape, name, declaredSize, start };
}

/** A table whose records are being read: what reading them needs. */
interface TableInProgress {
  table: ReadDmlTable;
  declaredCount: number;
  /** Where the table starts (its span grows with each record). */
  start: number;
  what: () => string;
  onLatin1: (start: number, end: number) => void;
}

/**
 * Reads the head of the table at the reader's position (its record count and template) and
 * adds the table to `tables`; its records are read next (`readRecords`).
 */
function readTableHead(reader: ByteReader, state: ReadState): TableInProgress {
  const { log, tables } = state;
  const index = tables.length;
  const start = reader.offset;
  const declaredCount = reader.u32le('a table record count');
  const {
    shape,
    name,
    declaredSize,
    start: templateStart,
  } = inContext(
    () => `table ${index} template`,
    () => readTemplate(reader, state, index),
  );
  const templateSpan = { offset: templateStart, length: reader.offset - templateStart };
  const base = reader.offset - reader.relative;
  const table = new ReadDmlTable(
    reader.bytes,
    base,
    shape,
    name,
    { offset: start, length: reader.offset - start },
    declaredCount,
    declaredSize,
    templateSpan,
  );
  // Made only for a message: most tables never need theirs.
  const what = () => tableLabel(table, index);
  if (shape.targetField < 0) {
    log.add('warning', DmlIssueCode.NO_TARGET_TABLE, `${what()} has no ${TARGET_TABLE_FIELD}`, {
      offset: templateStart,
      length: DML_MESSAGE_HEADER,
    });
  }
  if (shape.unknownColumn >= 0) {
    const field = table.fields[shape.columnFields[shape.unknownColumn]!]!;
    log.add(
      'error',
      DmlIssueCode.UNKNOWN_TYPE,
      `${what()} field ${quotedText(field.name)} has type tag ${field.tag}, which DML does not define: its records are skipped by their sizes`,
      { offset: field.span.offset + field.span.length - 2, length: 1 },
    );
  }
  // The smallest record is its header: a count the bytes left cannot hold is not read.
  if (declaredCount > reader.remaining / DML_MESSAGE_HEADER) {
    throw new FormatError({
      code: ErrorCode.BAD_COUNT,
      offset: start,
      detail: `${what()} declares ${declaredCount} records; ${reader.remaining} bytes left hold at most ${Math.floor(reader.remaining / DML_MESSAGE_HEADER)}`,
      format: DML_FORMAT,
    });
  }
  tables.push(table);
  const onLatin1 = (valueStart: number, valueEnd: number) =>
    log.add(
      'info',
      DmlIssueCode.STRING_NOT_UTF8,
      `${what()} has a STR value at ${hex(valueStart)} that is not UTF-8; shown as latin-1`,
      { offset: valueStart, length: valueEnd - valueStart },
    );
  return { table, declaredCount, start, what, onLatin1 };
}

/** Reads the next record of a table in progress. */
function readNextRecord(reader: ByteReader, reading: TableInProgress, log: IssueLog): void {
  const { table, start, what, onLatin1 } = reading;
  table.records.push(readRecord(reader, table, onLatin1, log, what));
  table.span.length = reader.offset - start;
}

/** A record's error, naming the record. */
function recordError(reading: TableInProgress, error: FormatError): FormatError {
  return new FormatError({
    code: error.code,
    offset: error.offset,
    detail: `${reading.what()} record ${reading.table.records.length}: ${error.detail}`,
    format: DML_FORMAT,
  });
}

function readRecord(
  reader: ByteReader,
  table: ReadDmlTable,
  onLatin1: (start: number, end: number) => void,
  log: IssueLog,
  tableWhat: () => string,
): DmlRecord {
  const start = reader.offset;
  checkHeader(reader, DML_RECORD_ORDER, 'its header');
  const declaredSize = reader.u16le('its size');
  const { columns, unknownColumn, labels } = table.shape;
  const readable = unknownColumn < 0 ? columns.length : unknownColumn;
  const values: DmlRecord['values'] = new Array<null>(columns.length).fill(null);
  for (let column = 0; column < readable; column++) {
    values[column] = readDmlValue(reader, columns[column]!.tag, labels[column]!, onLatin1);
  }
  const taken = reader.offset - start;
  if (unknownColumn >= 0) {
    // The values past an unknown type cannot be found: the size is all there is to go by.
    if (declaredSize < taken || declaredSize - taken > reader.remaining) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: start + 2,
        detail: `its size ${declaredSize} cannot skip it (its known values take ${taken} bytes, ${taken + reader.remaining} are left)`,
        format: DML_FORMAT,
      });
    }
    const unread = reader.bytesView(declaredSize - taken, 'its unread bytes').slice();
    return new ReadDmlRecord(start, declaredSize, declaredSize, values, unread);
  }
  if (taken !== declaredSize) {
    log.add(
      'warning',
      DmlIssueCode.RECORD_SIZE_MISMATCH,
      `${tableWhat()} record ${table.records.length} declares ${declaredSize} bytes, its values take ${taken}`,
      { offset: start + 2, length: 2 },
    );
  }
  return new ReadDmlRecord(start, taken, declaredSize, values, undefined);
}

/** Why `DmlTableReader.read` stopped: the end of the tables, bytes still to come, or its budget. */
export type DmlReadStop = 'end' | 'bytes' | 'budget';

/**
 * Reads a file's tables as its bytes come, in steps: each `read` goes on from where the last
 * stopped, over the bytes there are so far. A table head or a record that runs past them is
 * read again, whole, once more bytes have come (the issues it logged are taken back), so
 * what was read is the same however the bytes came; a table whose head was read shows its
 * records as they are read. Only once the bytes are all the file has does something that does
 * not fit stop the read with its error.
 */
export class DmlTableReader {
  readonly tables: DmlTable[] = [];
  private readonly log = new IssueLog();
  private readonly state: ReadState = {
    log: this.log,
    tables: this.tables,
    labels: new FieldLabels(),
    shape: null,
  };
  /** Where the next table head or record starts. */
  private offset = 0;
  /** The table whose records are read next; null: a table head is. */
  private reading: TableInProgress | null = null;
  /** Records read in all. */
  recordCount = 0;

  /**
   * Reads on through `bytes[0, available)`, about `budget` records at most (a table's head
   * counts one). `isFinal`: those bytes are the whole file. Throws the FormatError that stops
   * the read (only when final).
   */
  read(bytes: Uint8Array, available: number, isFinal: boolean, budget: number): DmlReadStop {
    const reader = new ByteReader(bytes.subarray(0, available), 0, DML_FORMAT);
    reader.seek(this.offset);
    let left = budget;
    while (left > 0) {
      const at = reader.offset;
      const mark = this.log.mark();
      const { reading } = this;
      const { shape } = this.state;
      try {
        if (reading) {
          readNextRecord(reader, reading, this.log);
          this.recordCount++;
          if (reading.table.records.length === reading.declaredCount) this.reading = null;
        } else {
          if (reader.remaining === 0) break;
          const head = readTableHead(reader, this.state);
          this.reading = head.declaredCount > 0 ? head : null;
        }
        left--;
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
        if (isFinal) throw reading ? recordError(reading, error) : error;
        // Past the bytes there are so far, most likely: read it again once more have come.
        this.log.rollBack(mark);
        this.state.shape = shape;
        this.offset = at;
        return 'bytes';
      }
    }
    this.offset = reader.offset;
    if (left > 0) return isFinal ? 'end' : 'bytes';
    return 'budget';
  }

  /** The tables read, with the checks of the whole list and every issue. */
  finish(fatal: ErrorInfo | null): ParseResult<DmlTableFile> {
    checkDuplicates(this.tables, this.log);
    // A list cut short cannot be held against the tables it names.
    if (!fatal) checkTableList(this.tables, this.log);
    return { value: { tables: this.tables }, issues: this.log.done(), fatal };
  }
}

/** The FormatError that stopped a read, as an open reports it. */
export const dmlFatal = (error: FormatError): ErrorInfo =>
  toErrorInfo(error.withContext(DML_FORMAT));

/** Reads DML tables from a whole file; the tables read so far stay when it stops early. */
export function parseDmlTables(bytes: Uint8Array): ParseResult<DmlTableFile> {
  const reader = new DmlTableReader();
  let fatal: ErrorInfo | null = null;
  try {
    reader.read(bytes, bytes.length, true, Infinity);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    fatal = dmlFatal(error);
  }
  return reader.finish(fatal);
}

/** The tables of a file that must read whole (a rewrite, the CLI): the FormatError thrown. */
export function readDmlTablesOrThrow(bytes: Uint8Array): DmlTableFile {
  const reader = new DmlTableReader();
  reader.read(bytes, bytes.length, true, Infinity);
  return { tables: reader.tables };
}
