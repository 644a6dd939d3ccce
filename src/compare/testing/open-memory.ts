/** Opens bytes as a session through the registry, as the CLI does: for the diff's tests. */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { OpenSink, Session } from '../../formats/model.ts';
import {
  detectFormat,
  formatModule,
  inlineRegistryServices,
  readDetectionBytes,
} from '../../formats/registry.ts';

const NO_SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };

export async function openMemory(bytes: Uint8Array, name: string): Promise<Session> {
  const source = new MemoryByteSource(bytes, name);
  const { head, tail } = await readDetectionBytes(source);
  const module = formatModule(detectFormat(head, name, undefined, tail));
  return module.open({ sources: [source], services: inlineRegistryServices(), sink: NO_SINK });
}
