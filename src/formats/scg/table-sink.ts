/**
 * The geometry walk's sink for the session: it opens the file's own nodes in a container
 * node table (../ka/container-table.ts) — the Header part with a node per field, the
 * Polygon groups part, and a bare archive per group — and has the keyed-archive walk put
 * each group's keys under its node. It remembers which node is which, and which groups
 * were read to their end, for the session to describe them once the walk is done.
 */
import { ContainerWalkSink, SECTION_TYPE } from '../ka/container-table.ts';
import type { KaWalkSink } from '../ka/read.ts';
import { KaType } from '../ka/types.ts';
import type { ScgHeader, ScgHeaderField, ScgPartKind, ScgSink } from './read.ts';

const PART_NAMES: Readonly<Record<ScgPartKind, string>> = {
  header: 'Header',
  groups: 'Polygon groups',
};

export const HEADER_FIELD_NAMES: Readonly<Record<ScgHeaderField, string>> = {
  magic: 'magic',
  version: 'version',
  nodeCount: 'node count',
  nodeCountAgain: 'node count (again)',
};

export interface HeaderFieldNode {
  field: ScgHeaderField;
  value: number;
}

export class ScgTableSink extends ContainerWalkSink implements ScgSink {
  header: ScgHeader | null = null;
  readonly parts = new Map<ScgPartKind, number>();
  readonly headerFields = new Map<number, HeaderFieldNode>();
  /** Group nodes in file order, and which of them were read to their end. */
  readonly groups: number[] = [];
  readonly completeGroups = new Set<number>();
  /** Where the last header field read ends: the header part ends there at least. */
  private headerEnd = 0;

  beginPart(kind: ScgPartKind, start: number): void {
    this.parts.set(
      kind,
      this.openOwn(-1, start, SECTION_TYPE, PART_NAMES[kind], this.topOrdinal++),
    );
  }

  endPart(_kind: ScgPartKind, end: number): void {
    this.closeLast(end);
  }

  headerField(field: ScgHeaderField, offset: number, value: number): void {
    const parent = this.parts.get('header') ?? -1;
    const node = this.table.openOwn(parent, offset, SECTION_TYPE, this.headerFields.size);
    this.table.setName(node, HEADER_FIELD_NAMES[field]);
    this.table.close(node, offset + 4);
    this.headerFields.set(node, { field, value });
    this.headerEnd = offset + 4;
  }

  headerRead(header: ScgHeader): void {
    this.header = header;
  }

  beginGroup(index: number, start: number): { sink: KaWalkSink; owner: number } {
    const under = this.parts.get('groups') ?? -1;
    const node = this.openOwn(under, start, KaType.KEYED_ARCHIVE, null, index);
    this.groups.push(node);
    return { sink: this.table, owner: node };
  }

  endGroup(_index: number, end: number): void {
    const node = this.open[this.open.length - 1];
    if (node !== undefined) this.completeGroups.add(node);
    this.closeLast(end);
  }

  /** The header part ends after the last field read at least. */
  protected override leastEnd(node: number): number {
    const isHeader = node === this.parts.get('header');
    return Math.max(super.leastEnd(node), isHeader ? this.headerEnd : 0);
  }
}
