/**
 * Opening a file in the decoder worker: detect the format, run its adapter, and stream its
 * entries into a new tree, reporting progress as they arrive. impl.ts keeps the result.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import type { FormatId } from '../../formats/model.ts';
import { detectFormat } from '../../formats/registry.ts';
import type { ArchiveAdapter, OpenHooks } from '../adapters/adapter.ts';
import { openKiwad } from '../adapters/kiwad.ts';
import { openRaw } from '../adapters/raw.ts';
import { openWwd } from '../adapters/wwd.ts';
import type { OpenProgress } from './api.ts';
import { EntryTree } from '../tree/entry-tree.ts';
import { injectFault } from './faults.ts';

/** How each format opens; documents get a tree of sections in file order. */
const OPENERS: Record<
  FormatId,
  { open: (hooks: OpenHooks) => Promise<ArchiveAdapter>; isDocument: boolean }
> = {
  kiwad: { open: openKiwad, isDocument: false },
  wwd: { open: openWwd, isDocument: true },
  raw: { open: () => Promise.resolve(openRaw()), isDocument: false },
};

/** Progress reports after the first at most this often; each one flattens the tree for its row count. */
const PROGRESS_INTERVAL_MS = 40;

/**
 * Detects the format of `source` and opens it. `onTree` gets the new tree as soon as it
 * exists, so rows can be served while the table streams in; the promise ends with the
 * adapter once every entry has been read.
 */
export async function openFile(
  source: ByteSource,
  name: string,
  onProgress: (progress: OpenProgress) => void,
  onTree: (tree: EntryTree) => void,
  startsHelpersAhead = true,
): Promise<ArchiveAdapter> {
  const head = await source.read(0, Math.min(source.size, 64));
  await injectFault(head);
  const opener = OPENERS[detectFormat(head, name)];
  const tree = new EntryTree({ isDocument: opener.isDocument });
  onTree(tree);
  let lastReport = 0;
  // The first batch is reported at once: it is what the user sees first. Others at most
  // every 40 ms, and the row count (which flattens the tree) only then.
  const report = (entriesRead: number, batchLength: number, entryCount: number): void => {
    const now = Date.now();
    if (entriesRead !== batchLength && now - lastReport < PROGRESS_INTERVAL_MS) return;
    lastReport = now;
    onProgress({ entriesRead, entryCount, rowCount: tree.rowCount() });
  };
  const hooks: OpenHooks = {
    source,
    startsHelpersAhead,
    onEntries: (batch, entriesRead, entryCount) => {
      tree.addEntries(batch);
      report(entriesRead, batch.length, entryCount);
    },
    onEntryRange: (entries, start, end, entryCount) => {
      tree.addEntryRange(entries, start, end);
      report(end, end - start, entryCount);
    },
  };
  const adapter = await opener.open(hooks);
  const count = adapter.entryCount();
  onProgress({ entriesRead: count, entryCount: count, rowCount: tree.rowCount() });
  return adapter;
}
