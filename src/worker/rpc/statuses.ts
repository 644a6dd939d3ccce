/** Checksum states of a session's nodes, one byte each (a million nodes: 1 MB, no objects). */
import type { NodeStatus } from '../../formats/model.ts';

const NAMES: readonly NodeStatus[] = [
  'unchecked',
  'ok',
  'mismatch',
  'unpatched',
  'missing',
  'unsupported',
  'error',
];

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
}
