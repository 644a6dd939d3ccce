/**
 * The `objectproperty-tree` view: what the UI's ObjectProperty pane asks of an open file —
 * its object tree's rows (searched by name and value), exports as JSON and KingsIsle XML,
 * and the hashes of a typed name with what it (or a hash) names in the type lists. It reads
 * the session's own node table (no second decode); an export builds the typed tree from it.
 * It also says whether a pasted blob decodes (check-blob.ts) before the blob opens as a file.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import type { OpenRequest, Session, ViewCapability, ViewJob } from '../model.ts';
import { inlineViewJob } from '../services.ts';
import { checkBlob } from './check-blob.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { objectXml, rootJson } from './export.ts';
import { djb2, propertyHash, stringId } from './hashes.ts';
import type { ObjectNodeTable } from './node-table.ts';
import { isObjectRow, nodeSummary } from './nodes.ts';
import { rootOf, type TableDecode } from './read.ts';
import { openObjectProperty } from './session.ts';
import { lookupHash, lookupName } from './type-list.ts';
import type {
  ObjectPropertyHashes,
  ObjectPropertyNames,
  ObjectPropertyQuery,
  ObjectPropertyRows,
  ObjectPropertyViewSummary,
  TypeIndex,
} from './types.ts';

export const OBJECT_PROPERTY_VIEW = 'objectproperty-tree';

/** Rows one answer carries at most, whatever the view asks. */
const MAX_ROWS = 2000;

const badQuery = (detail: string) =>
  new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0, detail, format: OBJECT_PROPERTY_FORMAT });

/** What a text names: a number is read as a hash, anything else as a name. */
export function namesOf(index: TypeIndex, text: string): ObjectPropertyNames {
  const trimmed = text.trim();
  if (/^(0x[0-9a-f]+|\d+)$/i.test(trimmed)) {
    const hash = Number(trimmed) >>> 0;
    const found = lookupHash(index, hash);
    return {
      classes: found.classes.map((name) => ({ name, hash })),
      properties: found.properties.map((property) => ({ ...property, hash })),
    };
  }
  const found = lookupName(index, trimmed);
  return {
    classes: found.classes,
    properties: found.properties.map((property) => ({ ...property, name: trimmed })),
  };
}

export function hashesOf(
  text: string,
  typeName: string,
  index: TypeIndex | null,
): ObjectPropertyHashes {
  return {
    stringId: stringId(text),
    djb2: djb2(text),
    propertyHash: typeName.trim() === '' ? null : propertyHash(typeName.trim(), text),
    names: index ? namesOf(index, text) : null,
  };
}

/** Nodes a search looks at between two pauses (and cancel checks). */
const SEARCH_STEP = 20_000;

/** The depth of a node: its ancestors. */
function depthOf(table: ObjectNodeTable, index: number): number {
  let depth = 0;
  for (let up = table.parentOf(index); up >= 0; up = table.parentOf(up)) depth++;
  return depth;
}

/**
 * The rows whose name or value holds `text`, case-insensitively (all when it is empty),
 * `limit` at most, with how many match in all. Long searches pause between steps.
 */
export async function rowsOf(
  table: ObjectNodeTable,
  text: string,
  limit: number,
  job: ViewJob = inlineViewJob(),
): Promise<ObjectPropertyRows> {
  const wanted = text.trim().toLowerCase();
  const rows: ObjectPropertyRows['rows'] = [];
  const shown = Math.min(limit, MAX_ROWS);
  const row = (index: number, name: string, value: string) => ({
    path: table.path(index),
    depth: depthOf(table, index),
    name,
    value,
    kind: table.kind(index),
  });
  if (wanted === '') {
    // Every node matches: only the rows shown are read.
    for (let index = 0; index < Math.min(shown, table.count); index++) {
      rows.push(row(index, table.nameOf(index), nodeSummary(table, index)));
    }
    return { rows, matchCount: table.count };
  }
  let matchCount = 0;
  for (let index = 0; index < table.count; index++) {
    if (index % SEARCH_STEP === SEARCH_STEP - 1) {
      job.signal.throwIfCancelled();
      job.progress(index, table.count, 'Searching the objects');
      await job.pause();
    }
    const name = table.nameOf(index);
    // An object's value is its count of properties: not searched, and counted only when shown.
    const isMatch =
      name.toLowerCase().includes(wanted) ||
      (!isObjectRow(table, index) && nodeSummary(table, index).toLowerCase().includes(wanted));
    if (!isMatch) continue;
    matchCount++;
    if (rows.length < shown) rows.push(row(index, name, nodeSummary(table, index)));
  }
  return { rows, matchCount };
}

function summaryOf(decode: TableDecode, types: TypeIndex | null): ObjectPropertyViewSummary {
  const { table, kind } = decode;
  return {
    kind,
    mode: decode.config.isShallow ? 'shallow' : 'deep',
    flags: decode.header.flags,
    isBind: decode.header.isBind,
    rootName:
      kind === 'typed' ? (table.classNameOf(0) ?? hex32(table.hashOf(0))) : hex32(table.hashOf(0)),
    typeLists: types ? [...types.sources] : [],
    nodeCount: table.count,
  };
}

/** The view of a decode: its summary, and the answers to its questions. */
export function objectPropertyView(decode: TableDecode, types: TypeIndex | null): ViewCapability {
  return {
    kind: OBJECT_PROPERTY_VIEW,
    data: () => summaryOf(decode, types),
    // Async, so a bad question rejects like any other failure.
    async request(raw, job) {
      const query = raw as ObjectPropertyQuery;
      if (query.kind === 'rows')
        return rowsOf(decode.table, String(query.text), Number(query.limit) || MAX_ROWS, job);
      if (query.kind === 'hashes')
        return hashesOf(String(query.text), String(query.typeName ?? ''), types);
      if (query.kind === 'check-blob') return checkBlob(query.bytes, query.settings, types, job);
      if (query.kind === 'export') {
        const root = rootOf(decode);
        if (query.as === 'json') return `${JSON.stringify(rootJson({ root }), null, 2)}\n`;
        if (root.kind !== 'typed')
          throw badQuery('KingsIsle XML names every class and property: load a type list first');
        return objectXml(root.object);
      }
      throw badQuery(
        `the ObjectProperty view has no question ${JSON.stringify((raw as { kind?: unknown }).kind)}`,
      );
    },
  };
}

/** The view of a file that did not decode: its kind, and the error for anything asked. */
function failedView(fatal: NonNullable<Session['fatal']>): ViewCapability {
  const error = () =>
    new FormatError({
      code: fatal.code,
      offset: fatal.offset ?? 0,
      detail: 'the file did not decode (its error says why)',
      format: OBJECT_PROPERTY_FORMAT,
    });
  const fail = (): never => {
    throw error();
  };
  return { kind: OBJECT_PROPERTY_VIEW, data: fail, request: () => Promise.reject(error()) };
}

/** The module's `open`: the session, and where it decoded, its view over the same table. */
export async function openObjectPropertyWithView(request: OpenRequest): Promise<Session> {
  const { session, decode, types } = await openObjectProperty(request);
  // A file that did not decode still names its view: the error then takes the view's place.
  if (session.fatal || !decode) return { ...session, view: failedView(session.fatal!) };
  return { ...session, view: objectPropertyView(decode, types) };
}
