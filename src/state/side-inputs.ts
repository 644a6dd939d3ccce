/**
 * The user's side inputs: files that outlive the files opened (type lists), kept by kind,
 * persisted in the browser (side-input-db.ts: IndexedDB; tests: memory) and never uploaded.
 * Every open hands them to its worker (`OpenOptions.sideInputs`, as Blobs: nothing is
 * copied); when the files of a kind change, the open files whose format reads that kind are
 * opened again, so what they show follows the set.
 */
import { formatReads, FORMATS, sideInputKinds } from '../formats/registry.ts';
import type { FormatModule, SideInputKind } from '../formats/model.ts';
import type { SideInputBlob } from '../worker/rpc/api.ts';
import type { Context } from './context.ts';

/** The kinds the formats read, for the panel that keeps them (`FormatModule.sideInputs`). */
export const SIDE_INPUT_KINDS: readonly SideInputKind[] = sideInputKinds();

/** One kept file. */
export interface SideInputEntry {
  /** Unique within the store (and the storage's key). */
  id: string;
  /** The kind it is given as (`FormatModule.sideInputs`). */
  kind: string;
  name: string;
  /** Bytes. */
  size: number;
  blob: Blob;
  /** When it was added (ms since the epoch): the files of a kind are handed over in this order. */
  addedAt: number;
}

export interface SideInputsState {
  /** `loading` until what the browser kept has been read. */
  status: 'loading' | 'ready';
  entries: readonly SideInputEntry[];
  /** Why the browser could not keep them (storage refused): they then last until the reload. */
  storageError: string | null;
}

/** Where the entries are kept between visits. */
export interface SideInputStorage {
  load(): Promise<SideInputEntry[]>;
  put(entry: SideInputEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Storage in memory: for tests, and where the browser keeps nothing. */
export function memorySideInputStorage(initial: readonly SideInputEntry[] = []): SideInputStorage {
  const kept = new Map(initial.map((entry) => [entry.id, entry]));
  return {
    load: () => Promise.resolve([...kept.values()]),
    put(entry) {
      kept.set(entry.id, entry);
      return Promise.resolve();
    },
    remove(id) {
      kept.delete(id);
      return Promise.resolve();
    },
  };
}

export const INITIAL_SIDE_INPUTS: SideInputsState = {
  status: 'loading',
  entries: [],
  storageError: null,
};

const byAdded = (a: SideInputEntry, b: SideInputEntry) => a.addedAt - b.addedAt;

const blobsCache = new WeakMap<readonly SideInputEntry[], Record<string, SideInputBlob[]>>();

/** The entries as an open hands them over: by kind, in the order added (the same object while unchanged). */
export function sideInputBlobs(
  entries: readonly SideInputEntry[],
): Record<string, SideInputBlob[]> {
  const known = blobsCache.get(entries);
  if (known) return known;
  const byKind: Record<string, SideInputBlob[]> = {};
  for (const entry of [...entries].sort(byAdded)) {
    (byKind[entry.kind] ??= []).push({ name: entry.name, blob: entry.blob });
  }
  blobsCache.set(entries, byKind);
  return byKind;
}

export interface SideInputActions {
  /** Reads what the browser kept; open files that read a kind it holds are opened again. */
  restoreSideInputs(): Promise<void>;
  /** Keeps files as side inputs of `kind`; open files that read it are opened again. */
  addSideInputs(kind: string, files: readonly File[]): Promise<void>;
  /** Forgets one; open files that read its kind are opened again. */
  removeSideInput(id: string): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createSideInputActions(
  context: Context,
  storage: SideInputStorage,
  reopenFile: (fileId: string) => Promise<void>,
  formats: readonly FormatModule[] = FORMATS,
): SideInputActions {
  const store = context.stores.sideInputs;

  /** Opens again the files whose format reads one of `kinds`. */
  async function reopenReaders(kinds: ReadonlySet<string>): Promise<void> {
    const readers = context.stores.files
      .getState()
      .files.filter(
        (file) =>
          file.summary !== null &&
          [...kinds].some((kind) => formatReads(file.summary!.format, kind, formats)),
      );
    await Promise.all(readers.map((file) => reopenFile(file.id)));
  }

  /** Runs a storage call; a refusal is said once, and the entry still lasts this visit. */
  async function keep(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      store.setState({ storageError: messageOf(error) });
    }
  }

  return {
    async restoreSideInputs() {
      let loaded: SideInputEntry[] = [];
      try {
        loaded = await storage.load();
      } catch (error) {
        store.setState({ storageError: messageOf(error) });
      }
      const entries = [...loaded, ...store.getState().entries].sort(byAdded);
      store.setState({ status: 'ready', entries });
      if (loaded.length > 0) await reopenReaders(new Set(loaded.map((entry) => entry.kind)));
    },

    async addSideInputs(kind, files) {
      if (files.length === 0) return;
      const now = Date.now();
      const added = files.map((file, at): SideInputEntry => ({
        // Kept across visits, so unique across them too.
        id: crypto.randomUUID(),
        kind,
        name: file.name,
        size: file.size,
        blob: file,
        // Distinct times keep the order of one pick.
        addedAt: now + at / 1000,
      }));
      store.setState((state) => ({ entries: [...state.entries, ...added] }));
      await keep(async () => {
        for (const entry of added) await storage.put(entry);
      });
      await reopenReaders(new Set([kind]));
    },

    async removeSideInput(id) {
      const entry = store.getState().entries.find((each) => each.id === id);
      if (!entry) return;
      store.setState((state) => ({ entries: state.entries.filter((each) => each.id !== id) }));
      await keep(() => storage.remove(id));
      await reopenReaders(new Set([entry.kind]));
    },
  };
}
