/**
 * A PCX as a session: a document of its parts (header, scanlines, palette) whose every node
 * shows the image. Inside an archive (a REZ), an entry that is a PCX opens as this session
 * through the registry, so the archive needs no code of its own for it.
 */
import { openDocument } from '../document-session.ts';
import type { OpenRequest, Session } from '../model.ts';
import { PCX_FORMAT, pcxImageInfo, pcxSurface, readPcx } from './read.ts';
import { pcxHeight, pcxWidth } from './types.ts';

const openDocumentOfPcx = openDocument({
  format: PCX_FORMAT,
  read: readPcx,
  nodes: (file) => file.nodes,
  describe: ({ header }) => ({
    label: 'PCX image',
    facts: header
      ? [
          ['Size', `${pcxWidth(header)} × ${pcxHeight(header)}`],
          ['Planes', `${header.planes} of ${header.bitsPerPixel} bits`],
        ]
      : [],
  }),
});

export async function openPcxSession(request: OpenRequest): Promise<Session> {
  const session = await openDocumentOfPcx(request);
  const source = request.sources[0]!;
  const { header, hasPalette } = (await readPcx(source)).value;
  if (!header || session.fatal) return session;
  const info = pcxImageInfo(header, hasPalette);
  return {
    ...session,
    images: {
      describe: () => Promise.resolve(info),
      surface: async () => pcxSurface(await source.read(0, source.size)),
    },
  };
}
