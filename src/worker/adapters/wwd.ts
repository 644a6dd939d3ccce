/**
 * WWD levels in the worker: a document, not an archive. The level is decoded whole (it is
 * capped in size by the reader), its sections become tree nodes with their fields, and
 * each node's bytes are a span of the logical buffer (header plus inflated main block).
 */
import { ErrorCode, FormatError, hexOffset } from '../../binary/format-error.ts';
import { wwdDocumentNodes } from '../../formats/wwd/document.ts';
import { readWwd } from '../../formats/wwd/read.ts';
import type { Issue } from '../../formats/model.ts';
import type { ArchiveAdapter, OpenHooks } from './adapter.ts';

export async function openWwd(hooks: OpenHooks): Promise<ArchiveAdapter> {
  const result = await readWwd(hooks.source);
  const level = result.value;
  const nodes = wwdDocumentNodes(level);
  hooks.onEntries(
    nodes.map((node, entryIndex) => ({
      entryIndex,
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
  nodes.forEach((node, entryIndex) => {
    if (node.object) objectEntries[node.object.plane]![node.object.index] = entryIndex;
  });
  const issues: Issue[] = [...result.issues];
  const checksum = level.checksum;
  const details: [string, string][] = [
    ['Format', 'WWD level'],
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
  ];

  const nodeAt = (entryIndex: number) => {
    const node = nodes[entryIndex];
    if (!node) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no section ${entryIndex}`,
      });
    }
    return node;
  };

  return {
    format: 'wwd',
    kind: 'document',
    isDocument: true,
    logical: level.logical,
    document: { format: 'wwd', level: view, objectEntries },
    formatLabel: level.isCompressed ? 'WWD level (compressed)' : 'WWD level',
    details,
    issues,
    fatal: result.fatal,
    entryCount: () => nodes.length,
    entry(entryIndex) {
      const node = nodeAt(entryIndex);
      return {
        path: node.path,
        dataOffset: node.span.offset,
        size: node.span.length,
        storedSize: node.span.length,
        isCompressed: false,
        crc: null,
        recordOffset: node.span.offset,
        recordLength: node.span.length,
      };
    },
    dataOffset: (entryIndex) => nodeAt(entryIndex).span.offset,
    storedSize: (entryIndex) => nodeAt(entryIndex).span.length,
    fields: (entryIndex) => nodeAt(entryIndex).fields,
    readContent(entryIndex) {
      const { span } = nodeAt(entryIndex);
      return Promise.resolve({
        bytes: level.logical.subarray(span.offset, span.offset + span.length),
        warning: null,
      });
    },
    // Sections carry no checksums of their own; the level checksum is in the details.
    verify: () => Promise.resolve(),
  };
}
