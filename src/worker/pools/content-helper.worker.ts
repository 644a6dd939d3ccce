/// <reference lib="webworker" />
/**
 * Helper of a decoder worker: inflates KIWAD entries on another core (content-pool.ts). The
 * decoder reads the stored bytes (once, through its read-ahead window) and transfers them
 * here; this runs the same `readKiwadEntry` over them as the decoder would, and transfers
 * the content back, or answers with the error's fields.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { readKiwadEntry } from '../../formats/kiwad/read.ts';
import type { HelperReply, HelperRequest } from './content-pool.ts';

/** The file as far as one entry goes: its stored range, nothing else. */
function storedOnly(request: HelperRequest): ByteSource {
  const { entry, stored, fileSize } = request;
  return {
    name: 'entry',
    size: fileSize,
    read(offset, length) {
      if (offset === entry.dataOffset && length === stored.length) return Promise.resolve(stored);
      return Promise.reject(
        new FormatError({
          code: ErrorCode.INTERNAL,
          offset,
          detail: 'helper asked for bytes it was not given',
        }),
      );
    },
  };
}

self.onmessage = (event: MessageEvent<HelperRequest>) => {
  const request = event.data;
  const reply = (message: HelperReply, transfer: Transferable[] = []) =>
    self.postMessage(message, transfer);
  readKiwadEntry(storedOnly(request), request.entry).then(
    ({ bytes, warning }) => {
      // Transfer only a buffer that is exactly these bytes; otherwise send a copy.
      const own =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? bytes
          : bytes.slice();
      reply({ id: request.id, ok: true, bytes: own, warning }, [own.buffer]);
    },
    (error: unknown) => {
      const fields =
        error instanceof FormatError
          ? {
              code: error.code,
              offset: error.offset,
              detail: error.detail,
              format: error.format,
              path: error.path,
            }
          : {
              code: 'INTERNAL',
              offset: 0,
              detail: error instanceof Error ? error.message : String(error),
              format: '',
              path: '',
            };
      reply({ id: request.id, ok: false, error: fields });
    },
  );
};
