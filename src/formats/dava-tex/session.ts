/**
 * A texture descriptor as a session: a document whose nodes are its sections in file order
 * (header, draw settings, data settings, the compression table by GPU family, or the export
 * data), each with its fields and its bytes in the file.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { openDocument } from '../document-session.ts';
import type { ImageCapability, MissingSource, OpenRequest, Session } from '../model.ts';
import type { NestedFile } from '../services.ts';
import { descriptorBase, isSiblingImage } from './sibling.ts';
import type { Fact } from '../model.ts';
import { TEX_FORMAT, gpuName, imageFormatName, pixelFormatName } from './names.ts';
import { readDavaTex } from './read.ts';
import { TEX_SIGNATURE_COMPRESSED } from './types.ts';

const openDescriptor = openDocument({
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

/** The image a descriptor lacks until one is given: its `.dds`, or a `.pvr` or `.ktx`. */
function missingImage(base: string, isGiven: boolean): MissingSource[] {
  if (isGiven || base === '') return [];
  return [{ name: `${base}.dds`, alternatives: [`${base}.pvr`, `${base}.ktx`], nodeCount: 1 }];
}

/**
 * The descriptor, and the image it describes when a source beside it is one (sibling.ts):
 * opened as a file of its own, its image capability is the descriptor's. A sibling may also
 * be added after the open.
 */
export async function openDavaTexSession(request: OpenRequest): Promise<Session> {
  const session = await openDescriptor(request);
  const base = descriptorBase(request.sources[0]!.name) ?? '';
  const used = [request.sources[0]!.name];
  let image: Promise<NestedFile> | null = null;
  const take = (source: ByteSource): boolean => {
    if (image || !isSiblingImage(source.name, base)) return false;
    used.push(source.name);
    image = source
      .read(0, source.size)
      .then((bytes) => request.services.nested.open(bytes, source.name));
    // A failed open is reported when the image is asked for.
    image.catch(() => undefined);
    return true;
  };
  for (const source of request.sources.slice(1)) take(source);
  const nestedImages = async (): Promise<ImageCapability | null> =>
    image ? ((await image).session.images ?? null) : null;
  return {
    ...session,
    sources: {
      used: () => [...used],
      missing: () => missingImage(base, image !== null),
      add: take,
    },
    images: {
      async describe() {
        const images = await nestedImages();
        if (!images) return null;
        const info = await images.describe(0);
        return info ? { ...info, facts: [['Image', used[1] ?? ''], ...info.facts] } : null;
      },
      async surface(_index, ref) {
        const images = await nestedImages();
        if (!images) {
          throw new FormatError({
            code: ErrorCode.MISSING_SOURCE,
            offset: 0,
            detail: `the image ${base}.dds (or .pvr) beside the descriptor has not been given`,
            format: TEX_FORMAT,
          });
        }
        return images.surface(0, ref);
      },
    },
  };
}
