/**
 * Fault injection for the isolation tests: a build made with DELVE_FAULTS=1 (the one the
 * end-to-end tests run) treats a file starting with `DELVE-FAULT:` as an order to
 * misbehave, so the tests can prove that a stuck, crashing or throwing decoder costs only
 * its own file. In every other build `__DELVE_FAULTS__` is false and this code is removed.
 *
 * - `DELVE-FAULT:HANG`  spins forever (the client's watchdog must notice and stop the worker)
 * - `DELVE-FAULT:DIE`   closes the worker from inside (it never answers again)
 * - `DELVE-FAULT:THROW` throws a plain TypeError (must come back as an error Result)
 *
 * A file whose name starts with `DELVE-FAULT-STALL` is read by its session as a source
 * that never answers a read reaching past its first MiB (`stallingSources`), so a test can
 * see what a file shows while its open is still reading it, without any timing.
 */
import type { ByteSource } from '../../binary/byte-source.ts';

declare const __DELVE_FAULTS__: boolean;

const STALL_PREFIX = 'DELVE-FAULT-STALL';
/** Reads that reach past this many bytes never answer. */
const STALL_AT = 1024 * 1024;

/** The sources a session reads: the first one stalling when its name asks for it (see above). */
export function stallingSources(sources: readonly ByteSource[]): readonly ByteSource[] {
  if (typeof __DELVE_FAULTS__ === 'undefined' || !__DELVE_FAULTS__) return sources;
  const [first, ...rest] = sources;
  if (!first?.name.startsWith(STALL_PREFIX)) return sources;
  const stalling: ByteSource = {
    name: first.name,
    size: first.size,
    read: (offset, length) =>
      offset + length > STALL_AT ? new Promise<never>(() => undefined) : first.read(offset, length),
  };
  return [stalling, ...rest];
}

const PREFIX = 'DELVE-FAULT:';

/**
 * Misbehaves as `head` orders (see above); otherwise resolves at once. For DIE it never
 * resolves: the work that follows the close in the same task (and would still post an
 * answer) never runs.
 */
export async function injectFault(head: Uint8Array): Promise<void> {
  if (typeof __DELVE_FAULTS__ === 'undefined' || !__DELVE_FAULTS__) return;
  const text = new TextDecoder('latin1').decode(head.subarray(0, 32));
  if (!text.startsWith(PREFIX)) return;
  const fault = text.slice(PREFIX.length);
  if (fault.startsWith('HANG')) {
    for (;;) {
      // Deliberately endless: nothing here yields to the event loop.
    }
  }
  if (fault.startsWith('DIE')) {
    (globalThis as unknown as { close(): void }).close();
    await new Promise<never>(() => undefined);
  }
  if (fault.startsWith('THROW')) throw new TypeError('injected fault: a decoder bug');
}
