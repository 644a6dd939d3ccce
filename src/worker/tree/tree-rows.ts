/**
 * The visible rows of an entry tree: which folders are expanded, each folder's children in
 * display order (made when first flattened, kept until the folder gets another child), and
 * the flattened list of rows the UI pages through, made again only after a change.
 */
import { FOLDERISH, sortForDisplay, type NodeTexts, type TreeNodeColumns } from './tree-nodes.ts';

const ROOT = 0;

/** What the rows need of their tree. */
export interface RowHost {
  nodeCount(): number;
  /** Nodes shown while a filter is active (each shown folder open); null: no filter. */
  filterVisible(): Uint8Array | null;
}

export class TreeRows {
  /** Display order of a folder's children, made when flattened; stale once it has more. */
  private readonly sortedChildLists = new Map<number, Int32Array>();
  private readonly expanded = new Set<number>();
  private rows = new Int32Array(0);
  private count = 0;
  private isDirty = true;

  constructor(
    private readonly nodes: TreeNodeColumns,
    /** The tree itself: sorting calls it for every pair of siblings, so no wrapper between. */
    private readonly texts: NodeTexts,
    private readonly host: RowHost,
    /** Documents keep their children in the order added (file order); archives sort them. */
    private readonly isSorted: boolean,
  ) {}

  /** The tree changed (nodes, expansion, filter): the rows are made again when next asked. */
  invalidate(): void {
    this.isDirty = true;
  }

  /** Folders, and document nodes that have children. */
  isFolder(node: number): boolean {
    const nodes = this.nodes;
    return (
      (nodes.flags[node]! & FOLDERISH) !== 0 &&
      (nodes.childCounts[node]! > 0 || nodes.entryIndexes[node]! < 0)
    );
  }

  isOpen(node: number): boolean {
    return this.host.filterVisible() !== null || this.expanded.has(node);
  }

  sortedChildren(folder: number): Int32Array {
    const nodes = this.nodes;
    const cached = this.sortedChildLists.get(folder);
    if (cached && cached.length === nodes.childCounts[folder]) return cached;
    const list = nodes.childrenOf(folder);
    if (this.isSorted) sortForDisplay(list, this.texts, nodes);
    this.sortedChildLists.set(folder, list);
    return list;
  }

  rowCount(): number {
    this.ensure();
    return this.count;
  }

  /** Node ids of visible rows `[start, start + count)`. */
  nodesOf(start: number, count: number): Int32Array {
    this.ensure();
    const from = Math.max(0, Math.min(start, this.count));
    const to = Math.max(from, Math.min(from + Math.max(0, count), this.count));
    return this.rows.subarray(from, to);
  }

  indexOf(node: number): number {
    this.ensure();
    return this.rows.indexOf(node);
  }

  setExpanded(node: number, isExpanded: boolean): void {
    if (!this.isFolder(node) || node === ROOT) return;
    if (isExpanded) this.expanded.add(node);
    else this.expanded.delete(node);
    this.isDirty = true;
  }

  setAllExpanded(isExpanded: boolean): void {
    this.expanded.clear();
    if (isExpanded) {
      for (let node = 1, end = this.host.nodeCount(); node < end; node++) {
        if (this.isFolder(node)) this.expanded.add(node);
      }
    }
    this.isDirty = true;
  }

  private ensure(): void {
    if (this.isDirty) this.rebuild();
  }

  private rebuild(): void {
    const visible = this.host.filterVisible();
    const expanded = this.expanded;
    // Each node is a row at most once, but an array of the node count is megabytes for a
    // few rows while a big document opens (a row count every report): sized by the rows
    // shown before, and grown when they are more.
    const nodeCount = this.host.nodeCount();
    let out = new Int32Array(Math.min(nodeCount, Math.max(4096, this.count * 2)));
    let count = 0;
    const stack: number[] = [];
    const pushChildren = (folder: number): void => {
      const list = this.sortedChildren(folder);
      for (let i = list.length - 1; i >= 0; i--) {
        const child = list[i]!;
        if (visible === null || visible[child] === 1) stack.push(child);
      }
    };
    pushChildren(ROOT);
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (count === out.length) out = grownRows(out, nodeCount);
      out[count++] = node;
      if (this.isFolder(node) && (visible !== null || expanded.has(node))) pushChildren(node);
    }
    this.rows = out.subarray(0, count);
    this.count = count;
    this.isDirty = false;
  }
}

/** A rows array with room for more, at most `nodeCount` (each node is a row at most once). */
function grownRows(rows: Int32Array<ArrayBuffer>, nodeCount: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.min(nodeCount, rows.length * 2));
  grown.set(rows);
  return grown;
}
