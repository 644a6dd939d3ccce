/// <reference lib="webworker" />
/**
 * Thumbnail helper of a decoder worker (thumbnail-pool.ts): opens the content it is given
 * as a file of its own through the registry, makes its thumbnail (thumbnail-make.ts, the
 * decoder's own code) and transfers the pixels back, or answers with the error's fields.
 * One at a time, in the order they came: the decoder keeps at most two in flight here.
 */
import { toErrorFields } from '../../binary/format-error.ts';
import { inlineRegistryServices } from '../../formats/registry.ts';
import type { ThumbnailReply, ThumbnailRequest } from './thumbnail-pool.ts';
import { thumbnailOfContent } from './thumbnail-make.ts';

const services = inlineRegistryServices();
let queue: Promise<void> = Promise.resolve();

const reply = (message: ThumbnailReply, transfer: Transferable[] = []) =>
  self.postMessage(message, transfer);

async function make(request: ThumbnailRequest): Promise<void> {
  try {
    const thumbnail = await thumbnailOfContent(services, request.bytes, request.name, request.box);
    // Transfer only a buffer that is exactly these pixels; otherwise send a copy.
    const { rgba } = thumbnail;
    const own =
      rgba.byteOffset === 0 && rgba.byteLength === rgba.buffer.byteLength ? rgba : rgba.slice();
    reply({ id: request.id, ok: true, answer: { ...thumbnail, rgba: own } }, [own.buffer]);
  } catch (error) {
    reply({ id: request.id, ok: false, error: toErrorFields(error) });
  }
}

self.onmessage = (event: MessageEvent<ThumbnailRequest>) => {
  const request = event.data;
  queue = queue.then(() => make(request));
};
