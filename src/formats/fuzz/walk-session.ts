/**
 * What fuzz targets do with a session: open some bytes on this thread, then ask every node
 * what the tree and the details pane ask — its path, its details, the cells of the format's
 * own columns. Anything but a FormatError thrown on the way is a bug.
 */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { OpenRequest, Session } from '../model.ts';
import { inlineServices } from '../services.ts';

/** Opens `bytes` named `name` with a format's `open`, no nodes streamed anywhere. */
export function openInline(
  open: (request: OpenRequest) => Promise<Session>,
  bytes: Uint8Array,
  name: string,
): Promise<Session> {
  return open({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

/** Every node's path, details and the cells of `columns`. */
export function walkSessionNodes(session: Session, columns: readonly string[]): void {
  const table = session.nodeTable();
  for (let index = 0; index < session.nodeCount(); index++) {
    void table.path(index);
    session.details(index);
    for (const column of columns) session.cell?.(index, column);
  }
}
