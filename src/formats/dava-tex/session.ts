/**
 * A texture descriptor as a session: a document whose nodes are its sections in file order
 * (header, draw settings, data settings, the compression table by GPU family, or the export
 * data), each with its fields and its bytes in the file.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { DEFAULT_COLUMNS, type OpenRequest, type Session } from '../model.ts';
import { TEX_FORMAT, gpuName, imageFormatName, pixelFormatName } from './names.ts';
import { readDavaTex } from './read.ts';
import { TEX_SIGNATURE_COMPRESSED } from './types.ts';

export async function openDavaTexSession({ sources, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const result = await readDavaTex(source);
  const { descriptor, nodes } = result.value;
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
  const nodeAt = (index: number) => {
    const node = nodes[index];
    if (!node) {
      throw new FormatError({
        code: ErrorCode.OUT_OF_BOUNDS,
        offset: 0,
        detail: `there is no section ${index}`,
        format: TEX_FORMAT,
      });
    }
    return node;
  };
  const isExported = descriptor.signature === TEX_SIGNATURE_COMPRESSED;
  const facts: Array<[string, string]> = [
    ['What', 'texture descriptor (not a KeyedArchive)'],
    ['Version', String(descriptor.version)],
    ['Kind', isExported ? 'exported for one GPU' : 'editor descriptor (every GPU)'],
    ['Source', descriptor.sourceExtension || '—'],
  ];
  if (descriptor.exported) {
    const { gpu, imageFormat, pixelFormat } = descriptor.exported;
    facts.push([
      'Exported as',
      `${gpuName(gpu)}: ${imageFormatName(imageFormat)} ${pixelFormatName(pixelFormat)}`,
    ]);
  }
  return {
    format: TEX_FORMAT,
    label: `DAVA texture descriptor v${descriptor.version} (not a KeyedArchive)`,
    facts,
    issues: result.issues,
    fatal: result.fatal,
    layout: 'document',
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
      kind: () => 'section',
    }),
    cell: (index, columnId) => (columnId === 'offset' ? nodeAt(index).span.offset : null),
    details(index) {
      const node = nodeAt(index);
      return {
        index,
        path: node.path,
        kind: 'section',
        size: node.span.length,
        storedSize: node.span.length,
        span: node.span,
        spanBase: 'file',
        record: null,
        isCompressed: false,
        checksum: null,
        fields: node.fields,
      };
    },
  };
}
