/**
 * A PID as a session: a document of its parts (header, pixel stream, palette) whose every
 * node shows the image. Dropped on its own, a PID without a palette of its own is shown in
 * grey; inside a REZ archive it gets its level's palette (the REZ session's images).
 */
import { openDocument } from '../document-session.ts';
import type { OpenRequest, Session } from '../model.ts';
import { pidImageInfo, pidSurface } from './image.ts';
import { PID_FORMAT, readPid } from './read.ts';
import { PID_FLAGS } from './types.ts';

const openDocumentOfPid = openDocument({
  format: PID_FORMAT,
  read: readPid,
  nodes: (file) => file.nodes,
  describe: ({ header }) => ({
    label: 'PID image',
    facts: header
      ? [
          ['Size', `${header.width} × ${header.height}`],
          ['Palette', header.flags & PID_FLAGS.embeddedPalette ? 'embedded' : 'none (grey)'],
        ]
      : [],
  }),
});

export async function openPidSession(request: OpenRequest): Promise<Session> {
  const session = await openDocumentOfPid(request);
  const source = request.sources[0]!;
  const { header } = (await readPid(source)).value;
  if (!header) return session;
  const palette =
    header.flags & PID_FLAGS.embeddedPalette
      ? { kind: 'embedded' as const }
      : { kind: 'none' as const };
  return {
    ...session,
    images: {
      describe: () => Promise.resolve(pidImageInfo(header, palette)),
      surface: async () => pidSurface(await source.read(0, source.size), palette),
    },
  };
}
