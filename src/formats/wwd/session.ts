/**
 * A WWD level as a session: a document, not an archive. The level is decoded whole (the
 * reader caps its size), its sections become nodes with their fields in file order, and
 * each node's bytes are a span of the logical buffer (header plus inflated main block).
 */
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import { DEFAULT_COLUMNS, type OpenRequest, type Session } from '../model.ts';
import { wwdDocumentNodes } from './document.ts';
import { readWwd } from './read.ts';
import type { WwdLevelView } from './types.ts';

/** The view kind of a decoded level (ui/preview/registry.ts shows it). */
export const WWD_LEVEL_VIEW = 'wwd-level';

/**
 * What the level view gets: the level without its raw bytes (read those through the
 * logical content), and `objectEntries[plane][i]`, the node index of
 * `level.planes[plane].objects[i]`, whose fields come from the node's details.
 */
export interface WwdViewData {
  level: WwdLevelView;
  objectEntries: number[][];
}

export async function openWwdSession({ sources, sink }: OpenRequest): Promise<Session> {
  const result = await readWwd(sources[0]!);
  const level = result.value;
  const nodes = wwdDocumentNodes(level);
  sink.nodes(
    nodes.map((node, index) => ({
      index,
      path: node.path,
      size: node.span.length,
      storedSize: node.span.length,
    })),
    nodes.length,
    nodes.length,
  );
  const header = level.header;
  const { logical: _logical, trailingData: _trailing, ...view } = level;
  const objectEntries = level.planes.map((plane) =>
    new Array<number>(plane.objects.length).fill(-1),
  );
  nodes.forEach((node, index) => {
    if (node.object) objectEntries[node.object.plane]![node.object.index] = index;
  });
  const checksum = level.checksum;
  const nodeAt = (index: number) => {
    const node = nodes[index];
    if (!node) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no section ${index}`,
      });
    }
    return node;
  };
  const viewData: WwdViewData = { level: view, objectEntries };

  return {
    format: 'wwd',
    label: level.isCompressed ? 'WWD level (compressed)' : 'WWD level',
    facts: [
      ['Name', header.name],
      ['Author', header.author],
      ['Created', header.birth],
      ['Compressed', level.isCompressed ? 'yes (zlib)' : 'no'],
      ['Planes', String(level.planes.length)],
      ['Start', `${header.startX}, ${header.startY}`],
      [
        'Checksum',
        checksum
          ? `${checksum.match ? 'match' : 'MISMATCH'}: stored ${hexOffset(checksum.stored)}, computed ${hexOffset(checksum.computed)}`
          : 'not computed (the level could not be read)',
      ],
      ['Decoded size', `${level.logical.length.toLocaleString('en-US')} bytes`],
      ['Encoding', level.encoding],
    ],
    issues: [...result.issues],
    fatal: result.fatal,
    layout: 'document',
    // Sections carry no checksums of their own (the level checksum is in the facts).
    columnSets: {
      [DEFAULT_COLUMNS]: [
        { id: 'size', label: 'Bytes', kind: 'size' },
        { id: 'offset', label: 'Offset', kind: 'hex' },
      ],
    },
    nodeCount: () => nodes.length,
    nodeTable: () => ({
      path: (index) => nodeAt(index).path,
      size: (index) => nodeAt(index).span.length,
      storedSize: (index) => nodeAt(index).span.length,
      kind: (index) => (nodeAt(index).object ? 'record' : 'section'),
    }),
    cell: (index, columnId) => (columnId === 'offset' ? nodeAt(index).span.offset : null),
    details(index) {
      const node = nodeAt(index);
      return {
        index,
        path: node.path,
        kind: node.object ? 'record' : 'section',
        size: node.span.length,
        storedSize: node.span.length,
        span: node.span,
        spanBase: 'logical',
        record: null,
        isCompressed: false,
        checksum: null,
        fields: node.fields,
      };
    },
    logical: level.logical,
    content: {
      storedSpan: () => null,
      read(index) {
        const { span } = nodeAt(index);
        return Promise.resolve({
          bytes: level.logical.subarray(span.offset, span.offset + span.length),
          warning: null,
        });
      },
    },
    view: { kind: WWD_LEVEL_VIEW, data: () => viewData },
  };
}
