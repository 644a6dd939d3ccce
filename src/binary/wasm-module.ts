/**
 * Compiling this project's own WebAssembly kernels (src/binary/wasm/*.c, committed as
 * base64 by `npm run build:wasm`).
 */

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The module compiled synchronously, or null where that cannot happen: no WebAssembly, a
 * CSP without 'wasm-unsafe-eval', or a browser's main thread refusing a synchronous compile
 * of this size. The kernels run in workers and Node, where it is allowed.
 */
export function compileWasmModule(base64: string): WebAssembly.Module | null {
  try {
    return new WebAssembly.Module(decodeBase64(base64));
  } catch {
    return null;
  }
}

/** Grows `memory` to at least `bytes`; false when the engine refuses. */
export function growMemory(memory: WebAssembly.Memory, bytes: number): boolean {
  const have = memory.buffer.byteLength;
  if (bytes <= have) return true;
  try {
    memory.grow(Math.ceil((bytes - have) / WASM_PAGE_SIZE));
    return true;
  } catch {
    return false;
  }
}

export const WASM_PAGE_SIZE = 64 * 1024;
