/**
 * The walk's sink that builds the object model (types.ts): what parseKa returns for tests,
 * the writer, the exports and the CLI. The session uses node-table.ts instead, which keeps
 * no object per value.
 */
import { decodeUtf8OrLatin1 } from '../../binary/byte-reader.ts';
import type { Issue } from '../model.ts';
import type { KaSlot, KaWalkSink } from './read.ts';
import type { KaArchive, KaArchiveKind, KaEntry, KaItem, KaTableString, KaValue } from './types.ts';

/** Builds the object model from a walk (tests, the writer, exports, the CLI). */
export class KaModelBuilder implements KaWalkSink {
  readonly root: KaArchive = { kind: 'v1', strings: [], entries: [] };
  trailing: Uint8Array | null = null;
  readonly issues: Issue[] = [];
  private readonly nodes: Array<KaEntry | KaItem> = [];
  private readonly starts: number[] = [];
  private readonly archives = new Map<number, KaArchive>();

  constructor(private readonly bytes: Uint8Array) {}

  archive(owner: number, kind: KaArchiveKind, strings: KaTableString[], start: number): void {
    const archive: KaArchive = owner < 0 ? this.root : { kind, strings: [], entries: [] };
    archive.kind = kind;
    archive.strings = strings;
    archive.span = { offset: start, length: 4 };
    this.archives.set(owner, archive);
    if (owner >= 0) this.nodes[owner]!.value = { kind: 'archive', type: 8, archive };
  }

  archiveEnd(owner: number, end: number, trailing: Uint8Array | null): void {
    const archive = this.archives.get(owner);
    if (!archive) return;
    archive.span = { offset: archive.span!.offset, length: end - archive.span!.offset };
    if (owner < 0) this.trailing = trailing;
    else if (trailing) archive.trailing = trailing;
  }

  open(parent: number, slot: Readonly<KaSlot>): number {
    const node = this.nodes.length;
    const value: KaValue = { kind: 'none', type: 0 };
    let made: KaEntry | KaItem;
    if (slot.keyKind === 0) {
      made = { value };
      const holder = this.nodes[parent]?.value;
      if (holder?.kind === 'array') holder.items.push(made);
    } else {
      const keyBytes = this.bytes.subarray(slot.keyOffset, slot.keyOffset + slot.keyLength);
      const entry: KaEntry = {
        key:
          slot.keyKind === 2
            ? { kind: 'id', id: slot.keyId }
            : { kind: 'text', bytes: keyBytes, text: decodeUtf8OrLatin1(keyBytes).text },
        value,
        keySpan: { offset: slot.start, length: slot.valueStart - slot.start },
      };
      made = entry;
      this.archives.get(parent)?.entries.push(entry);
    }
    this.nodes.push(made);
    this.starts.push(slot.start, slot.valueStart);
    return node;
  }

  array(node: number): void {
    this.nodes[node]!.value = { kind: 'array', type: 27, items: [] };
  }

  leaf(node: number, value: KaValue): void {
    this.nodes[node]!.value = value;
  }

  close(node: number, end: number): void {
    const made = this.nodes[node]!;
    const start = this.starts[node * 2]!;
    const valueStart = this.starts[node * 2 + 1]!;
    made.span = { offset: start, length: end - start };
    if ('key' in made) made.valueSpan = { offset: valueStart, length: end - valueStart };
  }

  issue(issue: Issue): void {
    this.issues.push(issue);
  }

  wantsPause(): boolean {
    return false;
  }

  valueOf(node: number): KaValue | undefined {
    return this.nodes[node]?.value;
  }
}
