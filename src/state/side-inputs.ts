/**
 * The user's side inputs: files that outlive the files opened (type lists), kept by kind,
 * persisted in the browser (side-input-db.ts: IndexedDB; tests: memory) and never uploaded.
 * Every open hands them to its worker (`OpenOptions.sideInputs`, as Blobs: nothing is
 * copied); when the files of a kind change, the open files whose format reads that kind are
 * opened again, so what they show follows the set. A kind whose format prepares its files
 * (`SideInputKind.prepare`: a type list's compact image) has each prepared once, in a
 * worker, when it is added; the prepared form is kept beside the file and handed over
 * instead, so neither an open nor a reload parses the file again. A new page reads what is
 * kept in two steps: the records (name, kind, size) at once, for the panel, then the files
 * themselves (their Blobs: reading them back is what takes the storage its time), which
 * opens wait for.
 */
import { formatReads, FORMATS, sideInputKinds } from '../formats/registry.ts';
import type { FormatModule, SideInputKind } from '../formats/model.ts';
import type { SideInputBlob } from '../worker/rpc/api.ts';
import type { StoreApi } from 'zustand/vanilla';
import type { Context } from './context.ts';

/** The kinds the formats read, for the panel that keeps them (`FormatModule.sideInputs`). */
export const SIDE_INPUT_KINDS: readonly SideInputKind[] = sideInputKinds();

/** What is kept of a file apart from its bytes: all a new page reads before it is ready. */
export interface SideInputRecord {
  /** Unique within the store (and the storage's key). */
  id: string;
  /** The kind it is given as (`FormatModule.sideInputs`). */
  kind: string;
  name: string;
  /** Bytes. */
  size: number;
  /** When it was added (ms since the epoch): the files of a kind are handed over in this order. */
  addedAt: number;
}

/** A kept file's bytes: the file, and what its kind's `prepare` made of it. */
export interface SideInputBody {
  id: string;
  blob: Blob;
  /** What the kind's `prepare` made of it, kept and handed over instead of `blob`; absent until made. */
  prepared?: Blob;
}

/** One kept file; after a reload its bytes (`blob`, `prepared`) come a step after its record. */
export type SideInputEntry = SideInputRecord & Partial<Omit<SideInputBody, 'id'>>;

/** An entry whose bytes have been read. */
type EntryWithBody = SideInputEntry & { blob: Blob };
const hasBody = (entry: SideInputEntry): entry is EntryWithBody => entry.blob !== undefined;

export const recordOf = ({ id, kind, name, size, addedAt }: SideInputRecord): SideInputRecord => ({
  id,
  kind,
  name,
  size,
  addedAt,
});

export const bodyOf = ({ id, blob, prepared }: EntryWithBody): SideInputBody => ({
  id,
  blob,
  ...(prepared ? { prepared } : {}),
});

export interface SideInputsState {
  /** `loading` until what the browser kept has been read. */
  status: 'loading' | 'ready';
  entries: readonly SideInputEntry[];
  /** Why the browser could not keep them (storage refused): they then last until the reload. */
  storageError: string | null;
}

/** Where the entries are kept between visits: records apart from bodies, read in that order. */
export interface SideInputStorage {
  loadRecords(): Promise<SideInputRecord[]>;
  loadBodies(): Promise<SideInputBody[]>;
  /** Keeps an entry whose bytes are read, record and body together. */
  put(entry: SideInputEntry & { blob: Blob }): Promise<void>;
  remove(id: string): Promise<void>;
}

/** Storage in memory: for tests, and where the browser keeps nothing. */
export function memorySideInputStorage(
  initial: readonly (SideInputEntry & { blob: Blob })[] = [],
): SideInputStorage {
  const kept = new Map(initial.map((entry) => [entry.id, entry]));
  return {
    loadRecords: () => Promise.resolve([...kept.values()].map(recordOf)),
    loadBodies: () => Promise.resolve([...kept.values()].map(bodyOf)),
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
  for (const entry of [...entries].filter(hasBody).sort(byAdded)) {
    (byKind[entry.kind] ??= []).push({
      name: entry.name,
      blob: entry.blob,
      ...(entry.prepared ? { prepared: entry.prepared } : {}),
    });
  }
  blobsCache.set(entries, byKind);
  return byKind;
}

/** The entries as an open hands them over when every one has its bytes already; else null. */
export function sideInputBlobsNow(
  store: StoreApi<SideInputsState>,
): Record<string, SideInputBlob[]> | null {
  const { entries } = store.getState();
  return entries.every(hasBody) ? sideInputBlobs(entries) : null;
}

/**
 * The entries as an open hands them over, once every entry listed has its bytes (after a
 * reload they come a step after the records; an entry whose bytes cannot be read is dropped).
 */
export function readySideInputBlobs(
  store: StoreApi<SideInputsState>,
): Promise<Record<string, SideInputBlob[]>> {
  const ready = sideInputBlobsNow(store);
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const stop = store.subscribe((state) => {
      if (!state.entries.every(hasBody)) return;
      stop();
      resolve(sideInputBlobs(state.entries));
    });
  });
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

/**
 * Prepares one kept file in a worker (`SideInputKind.prepare`): the prepared form, or null
 * when its kind keeps files as they are or the file cannot be read (its opens then say why).
 */
export type PrepareSideInput = (kind: string, entry: SideInputBlob) => Promise<Blob | null>;

const KEPT_AS_THEY_ARE: PrepareSideInput = () => Promise.resolve(null);

export function createSideInputActions(
  context: Context,
  storage: SideInputStorage,
  reopenFile: (fileId: string) => Promise<void>,
  formats: readonly FormatModule[] = FORMATS,
  prepare: PrepareSideInput = KEPT_AS_THEY_ARE,
): SideInputActions {
  const store = context.stores.sideInputs;
  const preparedKinds = new Set(
    sideInputKinds(formats)
      .filter((kind) => kind.prepare)
      .map((kind) => kind.kind),
  );

  /**
   * The entries with their prepared forms, those of kinds that prepare, each made in a worker
   * (one after another: each is a large parse). An entry is returned as it was when its
   * preparation gives nothing.
   */
  async function prepared(entries: readonly EntryWithBody[]): Promise<EntryWithBody[]> {
    const done: EntryWithBody[] = [];
    for (const entry of entries) {
      const made =
        !entry.prepared && preparedKinds.has(entry.kind)
          ? await prepare(entry.kind, { name: entry.name, blob: entry.blob })
          : null;
      done.push(made ? { ...entry, prepared: made } : entry);
    }
    return done;
  }

  /**
   * Reads the bytes of the entries `ids` listed from the storage into the store; an entry
   * whose bytes are not there (or a storage that fails) is dropped, so no open waits for it.
   */
  async function readBodies(ids: ReadonlySet<string>): Promise<EntryWithBody[]> {
    let bodies: SideInputBody[] = [];
    try {
      bodies = await storage.loadBodies();
    } catch (error) {
      store.setState({ storageError: messageOf(error) });
    }
    const byId = new Map(bodies.map((body) => [body.id, body]));
    const read: EntryWithBody[] = [];
    store.setState((state) => ({
      entries: state.entries.flatMap((entry) => {
        if (!ids.has(entry.id) || hasBody(entry)) return [entry];
        const body = byId.get(entry.id);
        if (!body) return [];
        const withBody = { ...entry, ...body };
        read.push(withBody);
        return [withBody];
      }),
    }));
    return read;
  }

  /** Puts entries made anew in the store in place of their older forms. */
  function replaceEntries(made: readonly SideInputEntry[]): void {
    const byId = new Map(made.map((entry) => [entry.id, entry]));
    store.setState((state) => ({
      entries: state.entries.map((entry) => byId.get(entry.id) ?? entry),
    }));
  }

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
      let loaded: SideInputRecord[] = [];
      try {
        loaded = await storage.loadRecords();
      } catch (error) {
        store.setState({ storageError: messageOf(error) });
      }
      // Listed at once; their bytes follow, and opens wait for them (readySideInputBlobs).
      const entries = [...loaded, ...store.getState().entries].sort(byAdded);
      store.setState({ status: 'ready', entries });
      if (loaded.length === 0) return;
      const withBodies = readBodies(new Set(loaded.map((entry) => entry.id)));
      await Promise.all([reopenReaders(new Set(loaded.map((entry) => entry.kind))), withBodies]);
      // Files kept before their kind was prepared are prepared now, for the next opens.
      const unprepared = (await withBodies).filter(
        (entry) => !entry.prepared && preparedKinds.has(entry.kind),
      );
      const made = (await prepared(unprepared)).filter((entry) => entry.prepared);
      if (made.length === 0) return;
      replaceEntries(made);
      await keep(async () => {
        for (const entry of made) await storage.put(entry);
      });
    },

    async addSideInputs(kind, files) {
      if (files.length === 0) return;
      const now = Date.now();
      const added = files.map((file, at): EntryWithBody => ({
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
      const made = await prepared(added);
      replaceEntries(made);
      // The browser keeps them while the files that read them open again.
      await Promise.all([
        keep(async () => {
          for (const entry of made) await storage.put(entry);
        }),
        reopenReaders(new Set([kind])),
      ]);
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
