/** What the conformance checks share: the session under check, and catching FormatErrors only. */
import type { ByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { Session } from '../model.ts';

export interface CheckContext {
  session: Session;
  /** The opened file first, then its companions. */
  sources: readonly ByteSource[];
  /**
   * A valid sample: no fatal error, every node's details, content and check succeed, and
   * every check is `ok` or `unpatched`. False for mutated bytes.
   */
  isValid: boolean;
}

/** Runs `action`; a FormatError is returned, anything else is thrown. */
export async function attempt<T>(
  action: () => T | Promise<T>,
): Promise<{ value: T } | { error: FormatError }> {
  try {
    return { value: await action() };
  } catch (error) {
    if (error instanceof FormatError) return { error };
    throw error;
  }
}

export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let i = 0; i < left.length; i++) if (left[i] !== right[i]) return false;
  return true;
}
