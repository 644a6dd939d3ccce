/** Checksum states of a session's nodes, one byte each (a million nodes: 1 MB, no objects). */
import { NODE_STATUSES as NAMES, type NodeStatus } from '../../formats/model.ts';

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
