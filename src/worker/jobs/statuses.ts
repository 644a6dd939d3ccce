/** Checksum states of a session's nodes, one byte each (a million nodes: 1 MB, no objects). */
import { NODE_STATUSES as NAMES, type NodeStatus } from '../../formats/model.ts';
import type { VerifySummary } from '../rpc/api.ts';

/** The summary's count each status adds to. */
const TALLY_OF: Record<NodeStatus, Exclude<keyof VerifySummary, 'checked' | 'cancelled'>> = {
  unchecked: 'unchecked',
  ok: 'ok',
  mismatch: 'mismatched',
  unpatched: 'unpatched',
  missing: 'missing',
  unsupported: 'unsupported',
  error: 'errors',
};

export class NodeStatuses {
  private codes = new Uint8Array(0);

  get(index: number): NodeStatus {
    return NAMES[this.codes[index] ?? 0] ?? 'unchecked';
  }

  set(index: number, status: NodeStatus): void {
    if (index >= this.codes.length) {
      const grown = new Uint8Array(Math.max(index + 1, this.codes.length * 2));
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[index] = NAMES.indexOf(status);
  }

  /**
   * Counts of the states of nodes `[0, count)`: what a file's status sums up. Every node
   * counts, checked or not, so the counts always add up to `count`.
   */
  tally(count: number, cancelled: boolean): VerifySummary {
    const summary: VerifySummary = {
      ok: 0,
      mismatched: 0,
      unpatched: 0,
      missing: 0,
      unsupported: 0,
      errors: 0,
      unchecked: 0,
      checked: 0,
      cancelled,
    };
    for (let index = 0; index < count; index++) summary[TALLY_OF[this.get(index)]]++;
    summary.checked = count - summary.unchecked;
    return summary;
  }
}
