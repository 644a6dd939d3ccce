/**
 * A keyed-archive walk sink that passes everything on to another and keeps one thing for
 * the scene reader: the value of one key of the archive's own (top-level) pairs, such as
 * an entity's `#childrenCount`, which says how many of the archives that follow are its
 * children. The walk decodes the value once; this only catches it on its way to the sink.
 */
import type { Issue } from '../model.ts';
import type { KaSlot, KaWalkSink } from '../ka/read.ts';
import type { KaMode } from '../ka/read-value.ts';
import type { KaArchiveKind, KaTableString, KaValue } from '../ka/types.ts';

const utf8 = new TextEncoder();

export class RootLeafSpy implements KaWalkSink {
  /** The value of the key, when the archive has it as a leaf. */
  value: KaValue | null = null;
  /** Where that value's type byte is. */
  valueStart = -1;
  /** The kind of the archive walked (its header). */
  kind: KaArchiveKind | null = null;
  private node = -1;
  private readonly key: Uint8Array;

  constructor(
    private readonly inner: KaWalkSink,
    private readonly owner: number,
    key: string,
    private readonly bytes: Uint8Array,
  ) {
    this.key = utf8.encode(key);
  }

  private isKey(slot: Readonly<KaSlot>): boolean {
    if (slot.keyKind !== 1 || slot.keyLength !== this.key.length) return false;
    for (let index = 0; index < this.key.length; index++) {
      if (this.bytes[slot.keyOffset + index] !== this.key[index]) return false;
    }
    return true;
  }

  archive(owner: number, kind: KaArchiveKind, strings: KaTableString[], start: number): void {
    if (owner === this.owner) this.kind = kind;
    this.inner.archive(owner, kind, strings, start);
  }

  archiveEnd(owner: number, end: number, trailing: Uint8Array | null): void {
    this.inner.archiveEnd(owner, end, trailing);
  }

  open(parent: number, slot: Readonly<KaSlot>, mode: KaMode): number {
    const isKey = parent === this.owner && this.node < 0 && this.isKey(slot);
    const valueStart = slot.valueStart;
    const node = this.inner.open(parent, slot, mode);
    if (isKey) {
      this.node = node;
      this.valueStart = valueStart;
    }
    return node;
  }

  array(node: number, count: number): void {
    this.inner.array(node, count);
  }

  leaf(node: number, value: KaValue): void {
    if (node === this.node) this.value = value;
    this.inner.leaf(node, value);
  }

  close(node: number, end: number): void {
    this.inner.close(node, end);
  }

  issue(issue: Issue): void {
    this.inner.issue(issue);
  }

  wantsPause(): boolean {
    return this.inner.wantsPause();
  }
}
