/**
 * A texture container as a fuzz target: open the file as the app does, then decode every
 * surface its image capability offers (an unsupported pixel format is a FormatError too).
 */
import { MemoryByteSource } from '../binary/byte-source.ts';
import { FormatError } from '../binary/format-error.ts';
import { decodePixels } from '../binary/pixels/decode.ts';
import type { OpenRequest, Session } from './model.ts';
import { inlineServices } from './services.ts';

const NO_SINK = { nodes: () => undefined, nodeRange: () => undefined };

export async function exerciseTexture(
  open: (request: OpenRequest) => Promise<Session>,
  bytes: Uint8Array,
  name: string,
): Promise<void> {
  const session = await open({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: NO_SINK,
  });
  if (session.fatal) {
    throw new FormatError({
      code: session.fatal.code,
      offset: session.fatal.offset ?? 0,
      detail: session.fatal.message,
      format: session.format,
    });
  }
  for (let index = 0; index < session.nodeCount(); index++)
    void session.details(index).fields.length;
  const info = await session.images?.describe(0);
  if (!info || info.unsupported) return;
  for (let level = 0; level < info.levels.length; level++) {
    for (let layer = 0; layer < info.layers; layer++) {
      for (let face = 0; face < info.faces; face++) {
        const surface = await session.images!.surface(0, { level, layer, face });
        decodePixels(
          surface.encoding,
          surface.bytes,
          surface.width,
          surface.height,
          surface.offset,
        );
      }
    }
  }
}
