/**
 * Inflate for zlib (RFC 1950) and raw deflate (RFC 1951) streams, capped at a declared size.
 *
 * Every size goes through the WebAssembly kernel (inflate-wasm.ts): in Chromium and Node it
 * is faster than fflate on entries of a few KiB and faster than the platform's
 * DecompressionStream on entries of megabytes (docs/PERFORMANCE.md). Where WebAssembly
 * cannot run (or cannot get the memory), small outputs go through fflate into a
 * preallocated buffer and large ones (>= NATIVE_THRESHOLD) through DecompressionStream.
 * Either way the output never grows past `expectedSize + 1` bytes (the kernel's, past
 * `expectedSize`), so a hostile stream cannot allocate more than the declared size
 * (zip-bomb safe); an output of a different length is a SIZE_MISMATCH.
 *
 * The engines differ on damaged zlib streams: the kernel and DecompressionStream check the
 * Adler-32 trailer, fflate does not; the kernel and fflate ignore bytes after the stream,
 * DecompressionStream rejects them.
 */
import { inflateSync, unzlibSync } from 'fflate';
import { ErrorCode, FormatError } from './format-error.ts';
import { inflateWasm } from './inflate-wasm.ts';

export type DeflateContainer = 'zlib' | 'raw';

export type InflateEngine = 'fflate' | 'native' | 'wasm';

/**
 * Without WebAssembly, outputs of at least this many bytes use the native
 * DecompressionStream when available: it runs about 2× fflate on 1-16 MiB entries and level
 * with it on entries of a few KiB; the per-call cost of the stream shows below a few KiB.
 */
export const NATIVE_THRESHOLD = 64 * 1024;

export interface InflateOptions {
  container: DeflateContainer;
  /** The size the format declares for the output; output is capped just past it. */
  expectedSize: number;
  /** Absolute offset of the stream in the file, for error messages. */
  offset?: number;
  /**
   * Force one engine (tests and benchmarks). `wasm` where WebAssembly cannot run falls back
   * to the choice made without it.
   */
  engine?: InflateEngine;
  /**
   * Where the output goes (at least `expectedSize` bytes, e.g. the rest of a buffer that
   * starts with a header) instead of a new array: the result is then a view of it, and a
   * large output is neither allocated nor copied twice.
   */
  into?: Uint8Array;
  /**
   * Lets the host answer other messages (a page's requests for rows) between pieces of a
   * long inflate: given, the platform's engine is fed NATIVE_PIECE bytes at a time and
   * pauses after each, instead of inflating the whole stream in one task.
   */
  pause?: () => Promise<void>;
}

/** Deflate bytes fed to the platform's engine at a time when the inflate pauses: ~5–15 ms each. */
export const NATIVE_PIECE = 1 << 20;

/**
 * Deflate's densest code gives 258 bytes for 2 bits (a length and a distance code of one bit
 * each): no stream inflates to more than 1,032 bytes per byte, plus what its last partial
 * byte can add.
 */
const MAX_DEFLATE_RATIO = 1032;

/** The most bytes a deflate stream of `streamLength` bytes can inflate to. */
export function maxInflatedSize(streamLength: number): number {
  return (streamLength + 1) * MAX_DEFLATE_RATIO;
}

/** True when the first two bytes form a valid zlib header (deflate method, FCHECK ok). */
export function hasZlibHeader(data: Uint8Array): boolean {
  if (data.length < 2) return false;
  const cmf = data[0]!;
  const flg = data[1]!;
  return (cmf & 0x0f) === 8 && cmf >>> 4 <= 7 && ((cmf << 8) | flg) % 31 === 0;
}

function fail(code: ErrorCode, offset: number, detail: string): FormatError {
  return new FormatError({ code, offset, detail });
}

function inflateWithFflate(data: Uint8Array, options: InflateOptions): Uint8Array {
  const out = new Uint8Array(options.expectedSize + 1);
  try {
    const result =
      options.container === 'zlib' ? unzlibSync(data, { out }) : inflateSync(data, { out });
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(ErrorCode.DECOMPRESS_FAILED, options.offset ?? 0, reason);
  }
}

async function inflateWithNative(data: Uint8Array, options: InflateOptions): Promise<Uint8Array> {
  const { expectedSize, pause } = options;
  // Straight into the caller's buffer when it has room for the declared size: no second copy.
  const out =
    options.into && options.into.length >= expectedSize
      ? options.into
      : new Uint8Array(expectedSize);
  let written = 0;
  const decompression = new DecompressionStream(
    options.container === 'zlib' ? 'deflate' : 'deflate-raw',
  );
  const writer = decompression.writable.getWriter();
  // Written straight into the stream (a Blob around the input would copy it first); with a
  // pause, a piece at a time. A bad stream rejects the read below; these rejections carry
  // nothing more.
  const feed = async () => {
    if (pause) {
      for (let at = 0; at < data.length; at += NATIVE_PIECE) {
        await writer.write(data.subarray(at, at + NATIVE_PIECE) as Uint8Array<ArrayBuffer>);
        await pause();
      }
    } else {
      await writer.write(data as Uint8Array<ArrayBuffer>);
    }
    await writer.close();
  };
  feed().catch(() => undefined);
  const reader = decompression.readable.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (written + value.length > expectedSize) {
        await reader.cancel();
        throw fail(
          ErrorCode.SIZE_MISMATCH,
          options.offset ?? 0,
          `inflates to more than the declared ${expectedSize} bytes`,
        );
      }
      out.set(value, written);
      written += value.length;
    }
  } catch (error) {
    if (error instanceof FormatError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw fail(ErrorCode.DECOMPRESS_FAILED, options.offset ?? 0, reason);
  }
  return out.subarray(0, written);
}

/** Whether the platform has its own streaming inflate (`DecompressionStream`, engine `native`). */
export function hasNativeInflate(): boolean {
  return typeof DecompressionStream === 'function';
}

/** The engines of a platform without WebAssembly (and the forced `fflate` and `native`). */
function inflateWithout(
  data: Uint8Array,
  options: InflateOptions,
): Promise<Uint8Array> | Uint8Array {
  const useNative =
    options.engine === 'native' ||
    (options.engine !== 'fflate' &&
      options.expectedSize >= NATIVE_THRESHOLD &&
      typeof DecompressionStream === 'function');
  return useNative ? inflateWithNative(data, options) : inflateWithFflate(data, options);
}

/**
 * Inflates `data` and checks the output is exactly `expectedSize` bytes.
 * Throws FormatError DECOMPRESS_FAILED (bad stream) or SIZE_MISMATCH.
 */
export async function inflate(data: Uint8Array, options: InflateOptions): Promise<Uint8Array> {
  const offset = options.offset ?? 0;
  if (!Number.isSafeInteger(options.expectedSize) || options.expectedSize < 0) {
    throw fail(ErrorCode.BAD_VALUE, offset, `declared size ${options.expectedSize} is not valid`);
  }
  // Nothing is allocated for more than the stream can hold: a hostile size (4 GiB declared
  // for a few bytes) fails here, not in the allocator.
  if (options.expectedSize > maxInflatedSize(data.length)) {
    throw fail(
      ErrorCode.SIZE_MISMATCH,
      offset,
      `declared ${options.expectedSize} bytes, more than ${data.length} bytes of deflate can hold`,
    );
  }
  if (options.container === 'zlib' && !hasZlibHeader(data)) {
    throw fail(ErrorCode.DECOMPRESS_FAILED, offset, 'not a zlib stream (bad header)');
  }
  const out =
    (options.engine === undefined || options.engine === 'wasm'
      ? inflateWasm({
          data,
          container: options.container,
          expectedSize: options.expectedSize,
          offset,
          ...(options.into ? { into: options.into } : {}),
        })
      : null) ?? (await inflateWithout(data, options));
  if (out.length !== options.expectedSize) {
    const detail =
      out.length > options.expectedSize
        ? `inflates to more than the declared ${options.expectedSize} bytes`
        : `inflates to ${out.length} bytes, declared ${options.expectedSize}`;
    throw fail(ErrorCode.SIZE_MISMATCH, offset, detail);
  }
  const into = options.into;
  if (into) {
    if (out.buffer !== into.buffer) into.set(out);
    return into.subarray(0, out.length);
  }
  return out.length === out.buffer.byteLength ? out : out.slice();
}
