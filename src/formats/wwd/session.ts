/**
 * A WWD level as a session: a document, not an archive. The level is decoded whole (the
 * reader caps its size), its sections become nodes with their fields in file order, and
 * each node's bytes are a span of the logical buffer (header plus inflated main block).
 */
import { hexOffset } from '../../binary/format-error.ts';
import { openDocument } from '../document-session.ts';
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

export const openWwdSession = openDocument({
  format: 'wwd',
  read: (source) => readWwd(source),
  nodes: wwdDocumentNodes,
  kind: (node) => (node.object ? 'record' : 'section'),
  describe(level, nodes) {
    const header = level.header;
    const { logical: _logical, trailingData: _trailing, ...view } = level;
    const objectEntries = level.planes.map((plane) =>
      new Array<number>(plane.objects.length).fill(-1),
    );
    nodes.forEach((node, index) => {
      if (node.object) objectEntries[node.object.plane]![node.object.index] = index;
    });
    const checksum = level.checksum;
    const viewData: WwdViewData = { level: view, objectEntries };
    return {
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
      // Sections carry no checksums of their own (the level checksum is in the facts); their
      // spans are in the logical bytes: the header, then the inflated main block.
      spanBase: 'logical',
      bytes: level.logical,
      view: { kind: WWD_LEVEL_VIEW, data: () => viewData },
    };
  },
});
