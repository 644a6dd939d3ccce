/**
 * A texture descriptor as a session: a document whose nodes are its sections in file order
 * (header, draw settings, data settings, the compression table by GPU family, or the export
 * data), each with its fields and its bytes in the file.
 */
import { openDocument } from '../document-session.ts';
import type { Fact } from '../model.ts';
import { TEX_FORMAT, gpuName, imageFormatName, pixelFormatName } from './names.ts';
import { readDavaTex } from './read.ts';
import { TEX_SIGNATURE_COMPRESSED } from './types.ts';

export const openDavaTexSession = openDocument({
  format: TEX_FORMAT,
  read: readDavaTex,
  nodes: (read) => read.nodes,
  describe({ descriptor }) {
    const isExported = descriptor.signature === TEX_SIGNATURE_COMPRESSED;
    const facts: Fact[] = [
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
      label: `DAVA texture descriptor v${descriptor.version} (not a KeyedArchive)`,
      facts,
    };
  },
});
