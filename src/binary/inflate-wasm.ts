/**
 * The WebAssembly inflate kernel (src/binary/wasm/inflate.c, built by `npm run build:wasm`
 * into inflate-wasm.generated.ts) behind a function of bytes in, bytes out.
 *
 * One instance per thread (worker or Node), made on first use with a synchronous compile:
 * inflate runs in workers and Node, where that is allowed, and the module is about 10 KB.
 * Its memory holds the kernel's tables, then the input, then the output, and only grows:
 * a call that needs more than SHARED_MEMORY_LIMIT runs in an instance of its own, which is
 * dropped afterwards, so one huge entry does not pin its size for the rest of the session.
 *
 * The output buffer is exactly the declared size; the kernel stops with an error rather
 * than write past it, so a hostile stream cannot make it allocate more (zip-bomb safe).
 */
import { ErrorCode, FormatError } from './format-error.ts';
import { compileWasmModule, growMemory } from './wasm-module.ts';
import { INFLATE_WASM_BASE64 } from './wasm/inflate-wasm.generated.ts';

interface KernelExports {
  memory: WebAssembly.Memory;
  __heap_base: WebAssembly.Global;
  delve_inflate(
    input: number,
    inputLength: number,
    output: number,
    outputCapacity: number,
    flags: number,
  ): number;
  delve_inflate_position(): number;
}

interface Kernel {
  exports: KernelExports;
  heapBase: number;
}

/** wasm32 addresses at most 4 GiB; browsers and Node allow memories up to that. */
const MAX_MEMORY = 4 * 1024 * 1024 * 1024;
/** Memory the per-thread instance may keep; larger calls get a throwaway instance. */
export const SHARED_MEMORY_LIMIT = 64 * 1024 * 1024;

const FLAG_ZLIB = 1;

/** Kernel result codes (inflate.c) and what they mean. */
const KERNEL_ERRORS: Record<number, string> = {
  1: 'the deflate stream ends early',
  2: 'invalid block type',
  3: 'stored block length does not match its complement',
  4: 'too many length or distance codes',
  5: 'invalid code lengths code',
  6: 'invalid code length repeat',
  7: 'no end-of-block code',
  8: 'invalid literal/length code lengths',
  9: 'invalid distance code lengths',
  10: 'invalid literal/length code',
  11: 'invalid distance code',
  12: 'invalid distance: before the start of the output',
  14: 'not a zlib stream (bad header)',
  15: 'the zlib stream needs a preset dictionary',
  16: 'the zlib stream ends before its Adler-32 checksum',
  17: 'Adler-32 checksum mismatch: the data is damaged',
};
const OUTPUT_FULL = 13;

let compiled: WebAssembly.Module | null | undefined;
let shared: Kernel | undefined;

function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) compiled = compileWasmModule(INFLATE_WASM_BASE64);
  return compiled;
}

function instantiate(module: WebAssembly.Module): Kernel {
  const instance = new WebAssembly.Instance(module, {});
  const exports = instance.exports as unknown as KernelExports;
  return { exports, heapBase: exports.__heap_base.value as number };
}

/** True when the kernel can run here (WebAssembly present and its compile allowed). */
export function isWasmInflateAvailable(): boolean {
  return kernelModule() !== null;
}

const align8 = (value: number): number => Math.ceil(value / 8) * 8;

export interface WasmInflateRequest {
  data: Uint8Array;
  container: 'zlib' | 'raw';
  /** Output capacity: the declared size. */
  expectedSize: number;
  /** Absolute offset of `data` in the file, added to error offsets. */
  offset: number;
  /** Where the output goes (at least `expectedSize` bytes) instead of a new array. */
  into?: Uint8Array;
}

/**
 * Inflates `data` into at most `expectedSize` bytes and returns exactly the bytes produced
 * (possibly fewer: the caller checks the size). For zlib, the 2-byte header and the
 * Adler-32 trailer are checked; bytes after the stream are ignored.
 * Throws FormatError DECOMPRESS_FAILED (offset: where in the input the problem was found)
 * or SIZE_MISMATCH (more output than declared). Returns null when the kernel cannot run or
 * cannot get the memory, so the caller can use another engine.
 */
export function inflateWasm(request: WasmInflateRequest): Uint8Array | null {
  const module = kernelModule();
  if (module === null) return null;
  const { data, expectedSize, offset } = request;
  const sharedKernel = (shared ??= instantiate(module));
  const inputAt = align8(sharedKernel.heapBase);
  const outputAt = align8(inputAt + data.length);
  const needed = outputAt + expectedSize;
  if (needed > MAX_MEMORY) return null;
  const kernel = needed <= SHARED_MEMORY_LIMIT ? sharedKernel : instantiate(module);
  if (!growMemory(kernel.exports.memory, needed)) return null;

  const { exports } = kernel;
  new Uint8Array(exports.memory.buffer, inputAt, data.length).set(data);
  const flags = request.container === 'zlib' ? FLAG_ZLIB : 0;
  const result = exports.delve_inflate(inputAt, data.length, outputAt, expectedSize, flags);
  if (result >= 0) {
    if (request.into && result <= request.into.length) {
      request.into.set(new Uint8Array(exports.memory.buffer, outputAt, result));
      return request.into.subarray(0, result);
    }
    return new Uint8Array(exports.memory.buffer).slice(outputAt, outputAt + result);
  }
  const code = -result;
  if (code === OUTPUT_FULL) {
    throw new FormatError({
      code: ErrorCode.SIZE_MISMATCH,
      offset,
      detail: `inflates to more than the declared ${expectedSize} bytes`,
    });
  }
  throw new FormatError({
    code: ErrorCode.DECOMPRESS_FAILED,
    offset: offset + exports.delve_inflate_position(),
    detail: KERNEL_ERRORS[code] ?? `inflate error ${code}`,
  });
}
