/**
 * Files inside wrappers, given beside another file: a texture descriptor wrapped as
 * `tank.tex.dvpl` describes the image beside it, which is wrapped too (`tank.dds.dvpl`).
 * Formats that wrap one file say so (`FormatModule.wrappedName`); here, generically, a drop
 * is gathered by the names of what its files wrap, and a source given with a file is handed
 * to its session as the file it wraps (its `wrappedNode`'s content, under that node's name).
 * A source that does not unwrap (not a wrapper, or a broken one) is handed over as it is.
 */
import { MemoryByteSource, type ByteSource } from '../binary/byte-source.ts';
import type { FormatModule, OpenSink } from './model.ts';
import { MAX_WRAPPERS, detectFormat, readDetectionBytes, wrapperOfName } from './registry.ts';
import type { FormatServices } from './services.ts';

const NO_SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };

/**
 * The file a source wraps, as a source of its own named as the wrapper's session names it;
 * the source itself when it is named like no wrapper's files, its bytes are not that
 * wrapper's, or it does not unwrap.
 */
export async function unwrapSource(
  source: ByteSource,
  services: FormatServices,
  formats: readonly FormatModule[],
): Promise<ByteSource> {
  let current = source;
  for (let depth = 0; depth < MAX_WRAPPERS; depth += 1) {
    const wrapper = wrapperOfName(current.name, formats);
    if (!wrapper) break;
    try {
      const { head, tail } = await readDetectionBytes(current);
      if (detectFormat(head, current.name, formats, tail) !== wrapper.format.id) break;
      const session = await wrapper.format.open({ sources: [current], services, sink: NO_SINK });
      const node = session.wrappedNode;
      if (node === undefined || !session.content || session.fatal) break;
      const { bytes } = await session.content.read(node);
      const path = session.nodeTable().path(node);
      current = new MemoryByteSource(bytes, path.slice(path.lastIndexOf('/') + 1));
    } catch {
      // A broken wrapper is given as it is: the session that is offered it says what it is.
      break;
    }
  }
  return current;
}

/** Sources for an open: the file itself as it is, the others unwrapped (`unwrapSource`). */
export async function unwrapSources(
  sources: readonly ByteSource[],
  services: FormatServices,
  formats: readonly FormatModule[],
): Promise<ByteSource[]> {
  const [file, ...others] = sources;
  if (!file) return [];
  return [
    file,
    ...(await Promise.all(others.map((other) => unwrapSource(other, services, formats)))),
  ];
}
