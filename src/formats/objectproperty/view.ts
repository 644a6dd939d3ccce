/**
 * The `objectproperty-tree` view: what the UI's ObjectProperty pane asks of an open file —
 * its object tree's rows (searched by name and value), exports as JSON and KingsIsle XML,
 * and the hashes of a typed name with what it (or a hash) names in the type lists. The
 * session (session.ts) keeps no decode, so the view decodes the file once more, on its
 * first question, with the same settings and type lists.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { hex32 } from '../../binary/hex.ts';
import type { OpenRequest, Session, ViewCapability } from '../model.ts';
import { rootJson } from './export.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { objectXml } from './export.ts';
import { djb2, propertyHash, stringId } from './hashes.ts';
import { objectNodes, type ObjectNode } from './nodes.ts';
import { decodeObjectProperty, hasBindMagic, type DecodeResult } from './read.ts';
import { openObjectPropertySession } from './session.ts';
import { configOf, typeIndexFor } from './settings.ts';
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

/** The rows whose name or value holds `text`, case-insensitively (all when it is empty). */
export function rowsOf(
  nodes: readonly ObjectNode[],
  text: string,
  limit: number,
): ObjectPropertyRows {
  const wanted = text.trim().toLowerCase();
  const rows: ObjectPropertyRows['rows'] = [];
  let matchCount = 0;
  for (const node of nodes) {
    const segments = node.path.split('/');
    const name = segments[segments.length - 1]!;
    if (
      wanted !== '' &&
      !name.toLowerCase().includes(wanted) &&
      !node.summary.toLowerCase().includes(wanted)
    )
      continue;
    matchCount++;
    if (rows.length < Math.min(limit, MAX_ROWS)) {
      rows.push({
        path: node.path,
        depth: segments.length - 1,
        name,
        value: node.summary,
        kind: node.kind as ObjectPropertyRows['rows'][number]['kind'],
      });
    }
  }
  return { rows, matchCount };
}

function summaryOf(
  { decode }: DecodeResult,
  types: TypeIndex | null,
  nodeCount: number,
): ObjectPropertyViewSummary {
  const { root } = decode;
  return {
    kind: root.kind,
    mode: decode.config.isShallow ? 'shallow' : 'deep',
    flags: decode.header.flags,
    isBind: decode.header.isBind,
    rootName:
      root.kind === 'typed'
        ? (root.object.className ?? hex32(root.object.hash))
        : hex32(root.kind === 'generic' ? root.object.hash : root.hash),
    typeLists: types ? [...types.sources] : [],
    nodeCount,
  };
}

/** The view of a decode: its summary, and the answers to its questions. */
export function objectPropertyView(result: DecodeResult, types: TypeIndex | null): ViewCapability {
  const nodes = objectNodes(result.decode);
  return {
    kind: OBJECT_PROPERTY_VIEW,
    data: () => summaryOf(result, types, nodes.length),
    // Async, so a bad question rejects like any other failure.
    async request(raw) {
      const query = raw as ObjectPropertyQuery;
      if (query.kind === 'rows')
        return rowsOf(nodes, String(query.text), Number(query.limit) || MAX_ROWS);
      if (query.kind === 'hashes')
        return hashesOf(String(query.text), String(query.typeName ?? ''), types);
      if (query.kind === 'export') {
        const { root } = result.decode;
        if (query.as === 'json') return `${JSON.stringify(rootJson(result.decode), null, 2)}\n`;
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

/**
 * The module's `open`: the session, and where it decoded, its view. The decode is made once
 * more here (session.ts keeps none); the type lists' index is cached by their identity.
 */
export async function openObjectPropertyWithView(request: OpenRequest): Promise<Session> {
  const session = await openObjectPropertySession(request);
  // A file that did not decode still names its view: the error then takes the view's place.
  if (session.fatal) return { ...session, view: failedView(session.fatal) };
  const source = request.sources[0]!;
  const bytes = await source.read(0, source.size);
  const types = typeIndexFor(request.services);
  const config = hasBindMagic(bytes) ? undefined : configOf(request.settings);
  const result = await decodeObjectProperty(bytes, { ...(config ? { config } : {}), types });
  return { ...session, view: objectPropertyView(result, types) };
}
