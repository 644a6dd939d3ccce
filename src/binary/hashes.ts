/**
 * Digests of a byte range, computed chunk by chunk so any size fits in memory:
 * CRC-32 (IEEE), KI-CRC, MD5, SHA-1 and SHA-256. MD5/SHA use hash-wasm (WebAssembly,
 * incremental, the same code in the browser and in Node).
 */
import { createMD5, createSHA1, createSHA256 } from 'hash-wasm';
import { forEachChunk, type ByteSource } from './byte-source.ts';
import { crc32Ieee, kiCrc } from './crc32.ts';

export interface Digests {
  /** Unsigned 32-bit values. */
  crc32: number;
  kiCrc: number;
  /** Lower-case hex. */
  md5: string;
  sha1: string;
  sha256: string;
}

export const HASH_CHUNK = 4 * 1024 * 1024;
/**
 * Bytes hashed between two pauses of `digestRange`: a few milliseconds of work, so a worker
 * hashing a whole file still answers the page's questions (a sort, a page of rows) promptly.
 */
export const HASH_SLICE = 256 * 1024;

/** Incremental digests: feed chunks in order, then `finish()`. */
export async function createDigester(): Promise<{
  update(chunk: Uint8Array): void;
  finish(): Digests;
}> {
  const [md5, sha1, sha256] = await Promise.all([createMD5(), createSHA1(), createSHA256()]);
  md5.init();
  sha1.init();
  sha256.init();
  let crc = 0;
  let ki = 0;
  return {
    update(chunk) {
      crc = crc32Ieee(chunk, crc);
      ki = kiCrc(chunk, ki);
      md5.update(chunk);
      sha1.update(chunk);
      sha256.update(chunk);
    },
    finish() {
      return {
        crc32: crc,
        kiCrc: ki,
        md5: md5.digest('hex'),
        sha1: sha1.digest('hex'),
        sha256: sha256.digest('hex'),
      };
    },
  };
}

/** Digests of bytes in memory. */
export async function digestBytes(bytes: Uint8Array): Promise<Digests> {
  const digester = await createDigester();
  for (let at = 0; at < bytes.length; at += HASH_CHUNK) {
    digester.update(bytes.subarray(at, at + HASH_CHUNK));
  }
  return digester.finish();
}

/**
 * Digests of a range of a source, read chunk by chunk. `onProgress` gets bytes done; `pause`,
 * awaited after every `HASH_SLICE` bytes hashed, lets other work run between them (a read
 * from memory resolves without ever leaving the current task).
 */
export async function digestRange(
  source: ByteSource,
  offset: number,
  length: number,
  onProgress?: (done: number) => void,
  isCancelled?: () => boolean,
  pause?: () => Promise<void>,
): Promise<Digests> {
  const digester = await createDigester();
  await forEachChunk(source, offset, length, HASH_CHUNK, async (chunk, position) => {
    for (let at = 0; at < chunk.length; at += HASH_SLICE) {
      if (isCancelled?.()) throw new DOMException('cancelled', 'AbortError');
      const slice = chunk.subarray(at, at + HASH_SLICE);
      digester.update(slice);
      onProgress?.(position + at + slice.length);
      if (pause) await pause();
    }
  });
  return digester.finish();
}

export { hex32 } from './hex.ts';
