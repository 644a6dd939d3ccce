/// <reference lib="webworker" />
/**
 * Helper of a decoder worker: inflates content on another core (content-pool.ts). The
 * decoder reads the stored bytes (once, through its read-ahead window) and transfers them
 * here; this inflates them with the same options the decoder would, and transfers the
 * content back, or answers with the error's fields.
 */
import { toErrorFields } from '../../binary/format-error.ts';
import { inflate } from '../../binary/inflate.ts';
import type { ContentReply, HelperRequest } from './content-pool.ts';

self.onmessage = (event: MessageEvent<HelperRequest>) => {
  const request = event.data;
  const reply = (message: ContentReply, transfer: Transferable[] = []) =>
    self.postMessage(message, transfer);
  inflate(request.stored, request.inflate).then(
    (bytes) => {
      // Transfer only a buffer that is exactly these bytes; otherwise send a copy.
      const own =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes
          : bytes.slice();
      reply({ id: request.id, ok: true, answer: own }, [own.buffer]);
    },
    (error: unknown) => reply({ id: request.id, ok: false, error: toErrorFields(error) }),
  );
};
