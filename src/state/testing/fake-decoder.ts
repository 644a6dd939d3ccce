/**
 * A FileDecoder stand-in for store tests: an in-memory tree built from entry paths, with the
 * same public methods. Opening can be held at a gate so tests see the "opening" state, and
 * `crash()` plays a dying worker.
 */
import type {
  FileSummary,
  FilterResult,
  JobProgress,
  OpenProgress,
  Result,
  TreeRow,
  VerifyProgress,
  VerifySummary,
} from '../../worker/rpc/api.ts';
import type { FileDecoder } from '../../worker/rpc/client.ts';

interface FakeNode {
  nodeId: number;
  parentId: number;
  name: string;
  path: string;
  isFolder: boolean;
  entryIndex: number;
  size: number;
  children: number[];
  isExpanded: boolean;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

export class FakeDecoder {
  readonly nodes: FakeNode[] = [];
  readonly calls: string[] = [];
  filter = '';
  isTerminated = false;
  isCancelled = false;
  /** When set, open() reports its first progress and then waits for it. */
  openGate: Deferred<void> | null = null;
  /** When set, verifyAll() reports progress and then waits for it. */
  verifyGate: Deferred<void> | null = null;
  openResult: Result<FileSummary> | null = null;
  /**
   * Plays comlink's ordering: progress goes through its own port, so one report can arrive
   * after the result. When set, open() and verifyAll() send a stale report after returning.
   */
  sendsLateProgress = false;
  private readonly crashListeners: ((message: string) => void)[] = [];
  private loadedEntries = 0;

  constructor(readonly paths: readonly string[]) {
    this.nodes.push(this.makeNode(-1, '', '', true, -1));
    paths.forEach((path, entryIndex) => this.addPath(path, entryIndex));
  }

  asDecoder(): FileDecoder {
    // The class has private fields, so a structural fake needs this one cast.
    return this as unknown as FileDecoder;
  }

  crash(message: string): void {
    for (const listener of this.crashListeners) listener(message);
  }

  onCrash(listener: (message: string) => void): void {
    this.crashListeners.push(listener);
  }

  async open(
    _file: Blob,
    name: string,
    onProgress: (progress: OpenProgress) => void,
  ): Promise<Result<FileSummary>> {
    this.calls.push('open');
    this.loadedEntries = Math.ceil(this.paths.length / 2);
    onProgress({
      entriesRead: this.loadedEntries,
      entryCount: this.paths.length,
      rowCount: this.visible().length,
    });
    if (this.openGate) await this.openGate.promise;
    this.loadedEntries = this.paths.length;
    onProgress({
      entriesRead: this.loadedEntries,
      entryCount: this.paths.length,
      rowCount: this.visible().length,
    });
    if (this.sendsLateProgress) {
      setTimeout(
        () => onProgress({ entriesRead: 1, entryCount: this.paths.length, rowCount: 1 }),
        0,
      );
    }
    return (
      this.openResult ?? {
        ok: true,
        value: {
          name,
          size: 1000,
          format: 'kiwad',
          kind: 'archive',
          formatLabel: 'KIWAD v2',
          details: [],
          entryCount: this.paths.length,
          totalSize: this.paths.length * 10,
          totalStoredSize: this.paths.length * 5,
          issues: [],
          fatal: null,
          rowCount: this.visible().length,
        },
      }
    );
  }

  async getRows(start: number, count: number): Promise<TreeRow[]> {
    this.calls.push(`getRows ${start} ${count}`);
    return this.visible()
      .slice(start, start + count)
      .map((node) => this.toRow(node));
  }
  async rowCount(): Promise<number> {
    this.calls.push('rowCount');
    return this.visible().length;
  }
  async setExpanded(nodeId: number, isExpanded: boolean): Promise<number> {
    const node = this.nodes[nodeId];
    if (node) node.isExpanded = isExpanded;
    return this.visible().length;
  }
  async setAllExpanded(isExpanded: boolean): Promise<number> {
    for (const node of this.nodes)
      if (node.isFolder && node.nodeId !== 0) node.isExpanded = isExpanded;
    return this.visible().length;
  }
  async rowIndexOf(nodeId: number): Promise<number> {
    return this.visible().findIndex((node) => node.nodeId === nodeId);
  }
  async setFilter(pattern: string): Promise<FilterResult> {
    this.filter = pattern;
    const matchCount = pattern === '' ? 0 : this.nodes.filter((node) => this.matches(node)).length;
    return { rowCount: this.visible().length, matchCount };
  }
  async readBlob(entryIndex: number): Promise<Result<Blob>> {
    this.calls.push(`readBlob ${entryIndex}`);
    return { ok: true, value: new Blob([this.paths[entryIndex] ?? '']) };
  }
  async verifyAll(onProgress: (progress: VerifyProgress) => void): Promise<Result<VerifySummary>> {
    this.calls.push('verifyAll');
    const entryCount = this.paths.length;
    onProgress({ entriesDone: 1, entryCount, bytesDone: 10, bytesTotal: entryCount * 10 });
    if (this.verifyGate) await this.verifyGate.promise;
    if (this.sendsLateProgress) {
      setTimeout(
        () =>
          onProgress({ entriesDone: 1, entryCount, bytesDone: 10, bytesTotal: entryCount * 10 }),
        0,
      );
    }
    if (this.isCancelled) {
      return {
        ok: false,
        error: { code: 'CANCELLED', message: 'cancelled', offset: null, format: '', path: '' },
      };
    }
    return {
      ok: true,
      value: {
        ok: entryCount - 1,
        mismatched: 0,
        unpatched: 1,
        errors: 0,
        checked: entryCount,
        cancelled: false,
      },
    };
  }
  async zip(nodeIds: number[], onProgress: (progress: JobProgress) => void): Promise<Result<Blob>> {
    this.calls.push(`zip ${nodeIds.join(',')}`);
    onProgress({ done: 1, total: 1, label: 'zip' });
    return { ok: true, value: new Blob(['PK']) };
  }
  async cancel(): Promise<void> {
    this.isCancelled = true;
    this.verifyGate?.resolve();
  }
  terminate(): void {
    this.isTerminated = true;
  }

  private matches(node: FakeNode): boolean {
    return (
      !node.isFolder && node.path.includes(this.filter) && node.entryIndex < this.loadedEntries
    );
  }

  /** Rows in tree order: depth first, folders as they were created. */
  private visible(): FakeNode[] {
    const rows: FakeNode[] = [];
    const walk = (node: FakeNode) => {
      for (const childId of node.children) {
        const child = this.nodes[childId];
        if (!child || (!child.isFolder && child.entryIndex >= this.loadedEntries)) continue;
        if (this.filter !== '' && !this.hasMatchBelow(child)) continue;
        rows.push(child);
        if (child.isFolder && (child.isExpanded || this.filter !== '')) walk(child);
      }
    };
    const root = this.nodes[0];
    if (root) walk(root);
    return rows;
  }

  private hasMatchBelow(node: FakeNode): boolean {
    if (!node.isFolder) return this.matches(node);
    return node.children.some((childId) => {
      const child = this.nodes[childId];
      return child !== undefined && this.hasMatchBelow(child);
    });
  }

  /** Entries: their size; folders: the sum below them, as the worker reports. */
  private sizeOf(node: FakeNode): number {
    if (!node.isFolder) return node.size;
    return node.children.reduce((sum, childId) => {
      const child = this.nodes[childId];
      return sum + (child ? this.sizeOf(child) : 0);
    }, 0);
  }

  private depthOf(node: FakeNode): number {
    return node.path.split('/').length;
  }

  private toRow(node: FakeNode): TreeRow {
    return {
      nodeId: node.nodeId,
      parentId: node.parentId === 0 ? -1 : node.parentId,
      depth: this.depthOf(node),
      name: node.name,
      path: node.path,
      isFolder: node.isFolder,
      isExpanded: node.isExpanded,
      entryIndex: node.entryIndex,
      size: this.sizeOf(node),
      storedSize: this.sizeOf(node) / 2,
      isCompressed: true,
      crc: node.isFolder ? null : 0,
      status: 'unchecked',
      entryCount: node.isFolder ? node.children.length : 0,
    };
  }

  private makeNode(
    parentId: number,
    name: string,
    path: string,
    isFolder: boolean,
    entryIndex: number,
  ): FakeNode {
    const node: FakeNode = {
      nodeId: this.nodes.length,
      parentId,
      name,
      path,
      isFolder,
      entryIndex,
      size: isFolder ? 0 : 10,
      children: [],
      isExpanded: false,
    };
    return node;
  }

  private addPath(path: string, entryIndex: number): void {
    const parts = path.split('/');
    let parent = this.nodes[0];
    parts.forEach((part, at) => {
      if (!parent) return;
      const isLeaf = at === parts.length - 1;
      const existing = parent.children
        .map((childId) => this.nodes[childId])
        .find((child) => child?.name === part && child.isFolder !== isLeaf);
      if (existing) {
        parent = existing;
        return;
      }
      const node = this.makeNode(
        parent.nodeId,
        part,
        parts.slice(0, at + 1).join('/'),
        !isLeaf,
        isLeaf ? entryIndex : -1,
      );
      this.nodes.push(node);
      parent.children.push(node.nodeId);
      parent = node;
    });
  }
}
