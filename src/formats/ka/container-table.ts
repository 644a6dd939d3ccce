/**
 * The nodes of a container file that holds keyed archives: a keyed-archive node table
 * (node-table.ts) that also holds the container's own nodes — parts of the file that are
 * no archive (a header, a group of archives) and bare archives (an archive stored with no
 * key, no type byte and no length before it) — and may show a node elsewhere than where it
 * sits in the file, under a name of the container's choosing (an archive named by its
 * `##name`, an archive shown under another one). Names are known only once an archive is
 * read, so a container makes its paths after the walk; a name that clashes with a
 * sibling's gets `%#` and its position, as keyed archives do with repeated keys.
 */
import type { Issue } from '../model.ts';
import { escapeKey, KaNodeTable } from './node-table.ts';
import type { KaSlot } from './read.ts';
import type { KaMode } from './read-value.ts';

/** The type code of a part of the file that is no archive (keyed-archive types end at 30). */
export const SECTION_TYPE = 0xf0;

const PLAIN: KaMode = { isRegistry: false, table: null };

export class ContainerNodeTable extends KaNodeTable {
  /** Segments set by the container (its own nodes, archives it names). */
  private readonly names = new Map<number, string>();
  /** Nodes shown under another node than the one they sit in (-1: at the top). */
  private readonly shownParents = new Map<number, number>();
  /** Bare archives: no key, no type byte; their span is the archive. */
  readonly bare = new Set<number>();

  /** Opens a node of the container's own: a part (SECTION_TYPE) or a bare archive (type 8). */
  openOwn(parent: number, start: number, type: number, ordinal: number): number {
    const slot: KaSlot = {
      ordinal,
      keyKind: 0,
      keyOffset: 0,
      keyLength: 0,
      keyId: 0,
      start,
      valueStart: start,
      type,
    };
    const node = this.open(parent, slot, PLAIN);
    if (type !== SECTION_TYPE) this.bare.add(node);
    return node;
  }

  isSection(node: number): boolean {
    return this.types[node] === SECTION_TYPE;
  }

  /** A bare archive, or a key that holds others: a record, not a part of the container's own. */
  isRecord(node: number): boolean {
    return !this.isSection(node) && (this.bare.has(node) || this.isContainer(node));
  }

  setName(node: number, name: string): void {
    this.names.set(node, name);
  }

  hasName(node: number): boolean {
    return this.names.has(node);
  }

  showUnder(node: number, parent: number): void {
    this.shownParents.set(node, parent);
  }

  shownParent(node: number): number {
    return this.shownParents.get(node) ?? this.parents[node]!;
  }

  override segment(node: number): string {
    return this.names.get(node) ?? super.segment(node);
  }

  override path(node: number): string {
    let path = this.segment(node);
    for (let up = this.shownParent(node); up >= 0; up = this.shownParent(up)) {
      path = `${this.segment(up)}/${path}`;
    }
    return path;
  }

  /**
   * Names `nodes`, all shown under `parent`, with `wanted` names; a name taken by another
   * child there (or by an earlier one of these) gets `%#` and the node's position.
   */
  nameAll(parent: number, nodes: readonly number[], wanted: readonly string[], taken: Set<string>) {
    nodes.forEach((node, index) => {
      let name = escapeKey(wanted[index]!);
      if (taken.has(name)) name = `${name}%#${index}`;
      for (let copy = 2; taken.has(name); copy++)
        name = `${escapeKey(wanted[index]!)}%#${index}.${copy}`;
      taken.add(name);
      this.setName(node, name);
      this.showUnder(node, parent);
    });
  }
}

/**
 * What every container's walk sink does with the container's own nodes: opens them (a part,
 * an archive inside it) in the table, closes the last one open, passes issues on, and when
 * a walk stops, closes what is still open where it stopped (but never before a node's
 * `leastEnd`). A container's sink adds what its walk tells of its parts and archives.
 */
export class ContainerWalkSink {
  /** Own nodes still open, the innermost last. */
  protected readonly open: number[] = [];
  /** Ordinals of the top-level nodes opened so far. */
  protected topOrdinal = 0;

  constructor(protected readonly table: ContainerNodeTable) {}

  protected openOwn(
    parent: number,
    start: number,
    type: number,
    name: string | null,
    ordinal: number,
  ): number {
    const node = this.table.openOwn(parent, start, type, ordinal);
    if (name !== null) this.table.setName(node, name);
    this.open.push(node);
    return node;
  }

  protected closeLast(end: number): void {
    const node = this.open.pop();
    if (node !== undefined) this.table.close(node, end);
  }

  /** Where an own node still open ends at least when a walk stops: its start. */
  protected leastEnd(node: number): number {
    return this.table.starts[node]!;
  }

  issue(issue: Issue): void {
    this.table.issue(issue);
  }

  /** After a walk that stopped: the own nodes still open end at `end`. */
  closeOwn(end: number): void {
    while (this.open.length > 0) {
      this.closeLast(Math.max(end, this.leastEnd(this.open[this.open.length - 1]!)));
    }
  }
}
