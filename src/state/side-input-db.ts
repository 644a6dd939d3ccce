/**
 * Side inputs kept in the browser's IndexedDB (side-inputs.ts `SideInputStorage`), in this
 * origin's storage on this machine, nothing sent anywhere. Records (name, kind, size) and
 * bodies (the Blobs) are kept in two object stores: reading a record that holds a 60 MB
 * Blob back took the start 0.2–0.5 s, so a new page reads the records alone and the bodies
 * after. Version 1 kept whole entries in one store; opening the database moves them.
 */
import {
  bodyOf,
  recordOf,
  type SideInputBody,
  type SideInputEntry,
  type SideInputRecord,
  type SideInputStorage,
} from './side-inputs.ts';

const DATABASE = 'delve';
const RECORDS = 'side-input-records';
const BODIES = 'side-input-bodies';
/** Version 1's one store of whole entries. */
const ENTRIES_V1 = 'side-inputs';
const VERSION = 2;

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the browser storage failed'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () =>
      reject(transaction.error ?? new Error('the browser storage failed'));
    transaction.onabort = () =>
      reject(transaction.error ?? new Error('the browser storage failed'));
  });
}

/** Creates the stores, and moves version 1's entries into them, within the upgrade. */
function upgrade(database: IDBDatabase, transaction: IDBTransaction): void {
  for (const name of [RECORDS, BODIES]) {
    if (!database.objectStoreNames.contains(name))
      database.createObjectStore(name, { keyPath: 'id' });
  }
  if (!database.objectStoreNames.contains(ENTRIES_V1)) return;
  const cursor = transaction.objectStore(ENTRIES_V1).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) {
      database.deleteObjectStore(ENTRIES_V1);
      return;
    }
    const entry = at.value as SideInputEntry & { blob: Blob };
    transaction.objectStore(RECORDS).put(recordOf(entry));
    transaction.objectStore(BODIES).put(bodyOf(entry));
    at.continue();
  };
}

export function indexedDbSideInputStorage(factory: IDBFactory = indexedDB): SideInputStorage {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () => {
    opening ??= new Promise((resolve, reject) => {
      const request = factory.open(DATABASE, VERSION);
      request.onupgradeneeded = () => upgrade(request.result, request.transaction!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the browser storage is closed'));
      request.onblocked = () => reject(new Error('the browser storage is busy in another tab'));
    });
    return opening;
  };
  async function readAll<T>(name: string): Promise<T[]> {
    const store = (await database()).transaction(name, 'readonly').objectStore(name);
    return requestDone(store.getAll() as IDBRequest<T[]>);
  }
  async function write(act: (records: IDBObjectStore, bodies: IDBObjectStore) => void) {
    const transaction = (await database()).transaction([RECORDS, BODIES], 'readwrite');
    act(transaction.objectStore(RECORDS), transaction.objectStore(BODIES));
    await transactionDone(transaction);
  }
  return {
    loadRecords: () => readAll<SideInputRecord>(RECORDS),
    loadBodies: () => readAll<SideInputBody>(BODIES),
    put: (entry) =>
      write((records, bodies) => {
        records.put(recordOf(entry));
        bodies.put(bodyOf(entry));
      }),
    remove: (id) =>
      write((records, bodies) => {
        records.delete(id);
        bodies.delete(id);
      }),
  };
}
