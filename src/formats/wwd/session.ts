/**
 * A WWD level as a session: a document, not an archive. The level is decoded whole (the
 * reader caps its size), its sections become nodes with their fields in file order, and
 * each node's bytes are a span of the logical buffer (header plus inflated main block).
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import {
  documentNodesOf,
  documentSession,
  sendDocumentNodes,
  type DocumentDescription,
} from '../document-session.ts';
import type { Fact, OpenRequest, Session, ViewCapability } from '../model.ts';
import { createLevelArt, type LevelArt } from './art.ts';
import { rezFileName } from './art-paths.ts';
import { wwdDocumentNodes } from './document.ts';
import { readWwd } from './read.ts';
import type {
  WwdArtQuery,
  WwdDocumentNode,
  WwdLevel,
  WwdLevelView,
  WwdPackedPlane,
} from './types.ts';
import { packLevelView } from './view-wire.ts';

/** The view kind of a decoded level (ui/preview/registry.ts shows it). */
export const WWD_LEVEL_VIEW = 'wwd-level';

/**
 * What the level view gets: the level without its raw bytes (read those through the
 * logical content), and `objectEntries[plane][i]`, the node index of
 * `level.planes[plane].objects[i]`, whose fields come from the node's details.
 */
export interface WwdViewData {
  /** Its planes' objects packed as columns (view-wire.ts); the view unpacks them. */
  level: Omit<WwdLevelView, 'planes'> & { planes: WwdPackedPlane[] };
  objectEntries: number[][];
}

/**
 * The header's facts, as read. A read that failed before the header was decoded (a bad
 * signature, a file cut short inside it) leaves an empty model behind: its blank strings and
 * zeros were never read, so there are no facts, only the error.
 */
function levelFacts(level: WwdLevel): Fact[] {
  const { header, checksum, planes } = level;
  if (header.span.length === 0) return [];
  // A read that stopped among the plane headers has fewer planes than the header declares.
  const planeCount =
    planes.length === header.planeCount
      ? String(planes.length)
      : `${header.planeCount} declared, ${planes.length} read`;
  return [
    ['Name', header.name],
    ['Author', header.author],
    ['Created', header.birth],
    ['Compressed', level.isCompressed ? 'yes (zlib)' : 'no'],
    ['Planes', planeCount],
    ['Start', `${header.startX}, ${header.startY}`],
    [
      'Checksum',
      checksum
        ? `${checksum.match ? 'match' : 'MISMATCH'}: stored ${hexOffset(checksum.stored)}, computed ${hexOffset(checksum.computed)}`
        : 'not computed (the level could not be read)',
    ],
    ['Decoded size', `${level.logical.length.toLocaleString('en-US')} bytes`],
    ['Encoding', level.encoding],
  ];
}

/** What a level is, and its view (the level without its bytes, as `view`). */
function describeLevel(
  level: WwdLevel,
  view: WwdLevelView,
  nodes: readonly WwdDocumentNode[],
): DocumentDescription {
  const objectEntries = level.planes.map((plane) =>
    new Array<number>(plane.objects.length).fill(-1),
  );
  nodes.forEach((node, index) => {
    if (node.object) objectEntries[node.object.plane]![node.object.index] = index;
  });
  // Packed when first asked for (the view asks once the open has answered).
  let viewData: WwdViewData | null = null;
  return {
    label: level.isCompressed ? 'WWD level (compressed)' : 'WWD level',
    facts: levelFacts(level),
    // Sections carry no checksums of their own (the level checksum is in the facts); their
    // spans are in the logical bytes: the header, then the inflated main block.
    spanBase: 'logical',
    bytes: level.logical,
    view: {
      kind: WWD_LEVEL_VIEW,
      data: () => (viewData ??= { level: packLevelView(view, level.logical), objectEntries }),
    },
  };
}

const isRezName = (name: string) => name.toLowerCase().endsWith('.rez');

/**
 * The level, and its game art once the REZ archive it names is a source (given with it, or
 * added later): the view asks which tiles and sprites resolve, and for their pixels.
 */
export async function openWwdSession(request: OpenRequest): Promise<Session> {
  const result = await readWwd(request.sources[0]!);
  const nodes = wwdDocumentNodes(result.value);
  sendDocumentNodes(request.sink, nodes);
  const { logical: _logical, trailingData: _trailing, ...level } = result.value;
  const session = documentSession({
    ...describeLevel(result.value, level, nodes),
    format: 'wwd',
    issues: [...result.issues],
    fatal: result.fatal,
    nodes: {
      ...documentNodesOf(nodes, (node) => (node.object ? 'record' : 'section')),
      // Objects by plane, logic and id; every other node's path holds no position.
      diffPath: (index) => nodes[index]!.diffPath ?? nodes[index]!.path,
    },
  });
  const view = session.view;
  if (!view) return session;
  const wanted = rezFileName(level.header.rezFile) || 'the game’s REZ archive';
  const used = [request.sources[0]!.name];
  let art: LevelArt | null = null;
  const take = (source: ByteSource): boolean => {
    if (art || !isRezName(source.name)) return false;
    art = createLevelArt(level, source, request.services);
    used.push(source.name);
    return true;
  };
  for (const source of request.sources.slice(1)) take(source);

  const artView: ViewCapability = {
    ...view,
    async request(query, job) {
      const asked = query as WwdArtQuery;
      job.signal.throwIfCancelled();
      if (asked.kind === 'art-plan') return art ? art.plan() : null;
      if (asked.kind === 'art-images' && art) {
        return 'sprites' in asked
          ? art.sprites(asked.sprites)
          : art.tiles(asked.plane, asked.tiles);
      }
      throw new FormatError({
        code: ErrorCode.BAD_VALUE,
        offset: 0,
        detail: art ? 'not a question the level view answers' : `${wanted} has not been given`,
        format: 'wwd',
      });
    },
  };
  return {
    ...session,
    view: artView,
    sources: {
      used: () => [...used],
      // The planes draw their tiles from it.
      missing: () =>
        art || level.planes.length === 0 ? [] : [{ name: wanted, nodeCount: level.planes.length }],
      add: take,
    },
  };
}
