/**
 * Document nodes added to the tree by index (EntryTree.addDocumentNodes): each goes under
 * its parent's node, with no path made and no string kept. Its name is asked of the
 * source when it is first shown, and its sizes whenever they are: a million-node keyed
 * archive opens with no string, no path and no size column in the tree.
 *
 * A walk hands a container over once its children are read, so a node may come before
 * its parent: the parent is made then (with any ancestor not made yet), named at once,
 * and becomes the parent's entry when it comes.
 */
import {
  FOLDERISH,
  TABLE_NAME,
  type NodeOfEntry,
  type TreeEntrySource,
  type TreeNodeColumns,
} from './tree-nodes.ts';

const ROOT = 0;
const UNNAMED = '(unnamed)';

/** What placing document nodes needs of the tree. */
export interface DocumentHost {
  /** Adds a node under `parent` (its columns, its name slot, the parent's child list). */
  addNode(parent: number, name: string, entryIndex: number, flags: number): number;
  /** An entry's node is in place (made now, or made earlier as a parent): count and filter it. */
  entryPlaced(node: number): void;
  /** Room for `count` entries, hinted by the source, so the columns grow once to it. */
  reserveEntries(count: number): void;
}

export class DocumentPlacement {
  /** The source of the nodes added, which TABLE_NAME nodes' names and sizes come from. */
  private source: TreeEntrySource | null = null;

  constructor(
    private readonly nodes: TreeNodeColumns,
    private readonly nodeOfEntry: NodeOfEntry,
    private readonly host: DocumentHost,
  ) {}

  /**
   * Whether `source` can be placed by index (it has parentOf and nameOf); a source without
   * them is placed by path.
   */
  static takes(source: TreeEntrySource): boolean {
    return source.parentOf !== undefined && source.nameOf !== undefined;
  }

  /**
   * Adds the nodes of `indexes`, in the order given. An index that came already, or that is
   * no index (negative, not an integer), is skipped.
   */
  add(source: TreeEntrySource, indexes: ArrayLike<number>): void {
    this.source ??= source;
    if (source.expectedCount) this.host.reserveEntries(source.expectedCount());
    const nodes = this.nodes;
    for (let at = 0; at < indexes.length; at++) {
      const entryIndex = indexes[at]!;
      if (!Number.isSafeInteger(entryIndex) || entryIndex < 0) continue;
      let node = this.nodeOfEntry.get(entryIndex);
      if (node < 0) {
        node = this.host.addNode(
          this.parentNode(source, entryIndex),
          '',
          entryIndex,
          FOLDERISH | TABLE_NAME,
        );
        this.nodeOfEntry.set(entryIndex, node);
      } else if (nodes.entryIndexes[node] === entryIndex) {
        continue;
      } else {
        // Made as a parent before it came: its name is in place already, its sizes are
        // the source's from now on.
        nodes.entryIndexes[node] = entryIndex;
        nodes.flags[node] = nodes.flags[node]! | TABLE_NAME;
      }
      this.host.entryPlaced(node);
    }
  }

  /** A TABLE_NAME node's name, as shown: the source's, or a label for an empty one. */
  nameOf(node: number): string {
    const name = this.source!.nameOf!(this.nodes.entryIndexes[node]!);
    return name === '' ? UNNAMED : name;
  }

  /** A TABLE_NAME node's own span length (0 for a parent whose entry has not come). */
  sizeOf(node: number): number {
    const entryIndex = this.nodes.entryIndexes[node]!;
    return entryIndex < 0 ? 0 : this.source!.size(entryIndex);
  }

  storedSizeOf(node: number): number {
    const entryIndex = this.nodes.entryIndexes[node]!;
    return entryIndex < 0 ? 0 : this.source!.storedSize(entryIndex);
  }

  /**
   * The node a document node goes under: its parent's, made now (with the ancestors not
   * made either) when the parent has not come yet. Those wait as folders, named by
   * `source.nameOf`, for their entries. Each step up goes to a smaller index (parentIndex),
   * so the chain ends and no parent can be its own ancestor.
   */
  private parentNode(source: TreeEntrySource, entryIndex: number): number {
    let parent = parentIndex(source, entryIndex);
    const unmade: number[] = [];
    let node = ROOT;
    while (parent >= 0) {
      node = this.nodeOfEntry.get(parent);
      if (node >= 0) break;
      unmade.push(parent);
      parent = parentIndex(source, parent);
      node = ROOT;
    }
    for (let at = unmade.length - 1; at >= 0; at--) {
      const name = source.nameOf!(unmade[at]!);
      node = this.host.addNode(node, name === '' ? UNNAMED : name, -1, FOLDERISH);
      this.nodeOfEntry.set(unmade[at]!, node);
    }
    return node;
  }
}

/**
 * A document node's parent by `source.parentOf`, or -1 for the top level. Only a node
 * that comes before it in index order (the order a walk opens them in) is a parent: any
 * other answer (itself, a later node, out of range, not an integer) places it at the top,
 * so a chain of parents always ends.
 */
function parentIndex(source: TreeEntrySource, entryIndex: number): number {
  const parent = source.parentOf!(entryIndex);
  return Number.isSafeInteger(parent) && parent >= 0 && parent < entryIndex ? parent : -1;
}
