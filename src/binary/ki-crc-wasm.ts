/**
 * The KI-CRC for bulk work (Verify all): the WebAssembly kernel of src/binary/wasm/ki-crc.c
 * (built by `npm run build:wasm` into ki-crc-wasm.generated.ts), which folds all but the
 * last 1,200 bytes of each input forward with 16-byte XORs instead of looking bytes up in
 * tables: ~10 GB/s on large inputs and ~4.5 GB/s on 4 KiB ones here, against ~2–3 GB/s for
 * the JS word kernel (docs/PERFORMANCE.md, Verify).
 *
 * The fold overwrites what it hashes, so each call copies the bytes into the kernel's
 * memory first (in stages of STAGE_SIZE, chained); the caller's bytes are never touched.
 * The same pass tells whether the bytes were all zero, the other half of an archive entry check.
 *
 * Where WebAssembly cannot run (no WebAssembly, a CSP without 'wasm-unsafe-eval'), the same
 * contract is kept by the JS word kernel and `isAllZero`.
 */
import { isAllZero, type KiCrcFunction } from './crc32.ts';
import { kiCrcWords } from './crc32-words.ts';
import { compileWasmModule, growMemory } from './wasm-module.ts';
import { KI_CRC_WASM_BASE64 } from './wasm/ki-crc-wasm.generated.ts';

/** The KI-CRC with the all-zero test of the same bytes. */
export interface KiCrcKernel {
  readonly engine: 'wasm' | 'js';
  /** KI-CRC of `data` from `previous` (0 to start): the contract of crc32.ts's `kiCrc`. */
  kiCrc(data: Uint8Array, previous?: number): number;
  /**
   * Whether the bytes of the last `kiCrc` call were all zero. Exact when that call started
   * from 0; from any other value the data before it was not all zero anyway (the KI-CRC of
   * zero bytes is 0), and the answer may be false for zero bytes.
   */
  lastWasAllZero(): boolean;
  /**
   * Hashes pieces of one window at once. `pieces` holds a (start, length) pair per piece,
   * offsets into `window`; each pair is replaced by (KI-CRC, 0 when the piece was all zero
   * bytes, else not 0). The first piece starts from `previous`, the others from 0, as for
   * whole entries. Pieces may overlap, and `window` is left as it is.
   */
  kiCrcPieces(window: Uint8Array, pieces: Uint32Array, count: number, previous: number): void;
}

interface KernelExports {
  memory: WebAssembly.Memory;
  __heap_base: WebAssembly.Global;
  delve_ki_crc_init(): void;
  delve_ki_crc(register: number, at: number, length: number): number;
  delve_ki_crc_seen(): number;
  delve_ki_crc_pieces(base: number, pieces: number, count: number, firstRegister: number): void;
}

/** Bytes copied into the kernel per call into it; longer inputs go in stages, chained. */
export const STAGE_SIZE = 2 * 1024 * 1024;
/** Pieces per call of `kiCrcPieces` into the kernel; more go in several calls. */
const PIECES_PER_CALL = 4096;

class WasmKiCrc implements KiCrcKernel {
  readonly engine = 'wasm';
  readonly #exports: KernelExports;
  readonly #stageAt: number;
  readonly #stage: Uint8Array;
  #seen = 0;

  readonly #piecesAt: number;
  readonly #pieces: Uint32Array;

  constructor(exports: KernelExports, stageAt: number) {
    this.#exports = exports;
    this.#stageAt = stageAt;
    this.#stage = new Uint8Array(exports.memory.buffer, stageAt, STAGE_SIZE);
    this.#piecesAt = stageAt + STAGE_SIZE;
    this.#pieces = new Uint32Array(exports.memory.buffer, this.#piecesAt, 2 * PIECES_PER_CALL);
  }

  kiCrcPieces(window: Uint8Array, pieces: Uint32Array, count: number, previous: number): void {
    if (window.length > STAGE_SIZE || !inOrderApart(pieces, count)) {
      // The kernel overwrites what it hashes, so overlapping pieces go one by one.
      hashPiecesOneByOne(this, window, pieces, count, previous);
      return;
    }
    this.#stage.set(window);
    for (let from = 0; from < count; from += PIECES_PER_CALL) {
      const take = Math.min(PIECES_PER_CALL, count - from);
      const part = pieces.subarray(2 * from, 2 * (from + take));
      this.#pieces.set(part);
      const register = from === 0 ? previous : 0;
      this.#exports.delve_ki_crc_pieces(this.#stageAt, this.#piecesAt, take, register);
      part.set(this.#pieces.subarray(0, 2 * take));
    }
  }

  kiCrc(data: Uint8Array, previous = 0): number {
    const exports = this.#exports;
    let crc = previous | 0;
    let done = 0;
    do {
      const take = Math.min(STAGE_SIZE, data.length - done);
      this.#stage.set(data.subarray(done, done + take));
      crc = exports.delve_ki_crc(crc, this.#stageAt, take);
      done += take;
    } while (done < data.length);
    this.#seen = exports.delve_ki_crc_seen();
    return crc >>> 0;
  }

  lastWasAllZero(): boolean {
    return this.#seen === 0;
  }
}

/** True when the (start, length) pairs go up and no piece reaches into the next. */
function inOrderApart(pieces: Uint32Array, count: number): boolean {
  for (let k = 1; k < count; k++) {
    if (pieces[2 * k]! < pieces[2 * k - 2]! + pieces[2 * k - 1]!) return false;
  }
  return true;
}

function hashPiecesOneByOne(
  kernel: KiCrcKernel,
  window: Uint8Array,
  pieces: Uint32Array,
  count: number,
  previous: number,
): void {
  for (let k = 0; k < count; k++) {
    const start = pieces[2 * k]!;
    const crc = kernel.kiCrc(
      window.subarray(start, start + pieces[2 * k + 1]!),
      k === 0 ? previous : 0,
    );
    pieces[2 * k] = crc;
    pieces[2 * k + 1] = kernel.lastWasAllZero() ? 0 : 1;
  }
}

class JsKiCrc implements KiCrcKernel {
  readonly engine = 'js';
  #last: Uint8Array = new Uint8Array(0);

  kiCrc(data: Uint8Array, previous = 0): number {
    this.#last = data;
    return kiCrcWords(data, previous);
  }

  lastWasAllZero(): boolean {
    return isAllZero(this.#last);
  }

  kiCrcPieces(window: Uint8Array, pieces: Uint32Array, count: number, previous: number): void {
    hashPiecesOneByOne(this, window, pieces, count, previous);
  }
}

let kernel: KiCrcKernel | undefined;

function wasmKernel(): KiCrcKernel | null {
  const module = compileWasmModule(KI_CRC_WASM_BASE64);
  if (module === null) return null;
  try {
    const exports = new WebAssembly.Instance(module, {}).exports as unknown as KernelExports;
    const stageAt = Math.ceil((exports.__heap_base.value as number) / 16) * 16;
    if (!growMemory(exports.memory, stageAt + STAGE_SIZE + 8 * PIECES_PER_CALL)) return null;
    exports.delve_ki_crc_init();
    return new WasmKiCrc(exports, stageAt);
  } catch {
    return null;
  }
}

/** This thread's kernel: WebAssembly where it runs, else the JS kernels. */
export function kiCrcKernel(): KiCrcKernel {
  kernel ??= wasmKernel() ?? new JsKiCrc();
  return kernel;
}

/** This thread's kernel as a plain function (the bench's harness workers). */
export function bulkKiCrc(): KiCrcFunction {
  const kernel = kiCrcKernel();
  return (data, previous) => kernel.kiCrc(data, previous);
}

/** The JS kernel, for tests and for comparing engines. */
export function jsKiCrcKernel(): KiCrcKernel {
  return new JsKiCrc();
}
