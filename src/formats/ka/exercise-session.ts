/**
 * The fuzz targets' walk of a session built on keyed archives (an archive, a scene, a
 * geometry file): every node's path, details and cells, every value the `ka-tree` view
 * decodes, then — when the file read to its end — the whole-file JSON and YAML and a search.
 * A node the walk stopped inside may not decode; anything but a FormatError is a bug.
 */
import { FormatError } from '../../binary/format-error.ts';
import type { Session } from '../model.ts';
import { inlineViewJob } from '../services.ts';

export async function exerciseKaTreeSession(session: Session, format: string): Promise<void> {
  const table = session.nodeTable();
  const request = (query: unknown) => session.view!.request!(query, inlineViewJob());
  for (let index = 0; index < session.nodeCount(); index++) {
    void table.path(index);
    session.details(index);
    session.cell?.(index, 'type');
    session.cell?.(index, 'value');
    await request({ kind: 'value', index }).catch((error: unknown) => {
      if (!(error instanceof FormatError) || !session.fatal) throw error;
    });
  }
  if (session.fatal) {
    throw new FormatError({
      code: session.fatal.code,
      offset: session.fatal.offset ?? 0,
      detail: session.fatal.message,
      format,
    });
  }
  await request({ kind: 'json' });
  await request({ kind: 'yaml' });
  await request({ kind: 'search', text: 'a', limit: 10 });
}
