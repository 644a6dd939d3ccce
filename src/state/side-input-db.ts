/**
 * Side inputs kept in the browser's IndexedDB (side-inputs.ts `SideInputStorage`): each
 * entry with its Blob, in this origin's storage on this machine, nothing sent anywhere.
 */
import type { SideInputEntry, SideInputStorage } from './side-inputs.ts';

const DATABASE = 'delve';
const STORE = 'side-inputs';
const VERSION = 1;

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the browser storage failed'));
  });
}

export function indexedDbSideInputStorage(factory: IDBFactory = indexedDB): SideInputStorage {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () => {
    opening ??= new Promise((resolve, reject) => {
      const request = factory.open(DATABASE, VERSION);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) {
          request.result.createObjectStore(STORE, { keyPath: 'id' });
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('the browser storage is closed'));
      request.onblocked = () => reject(new Error('the browser storage is busy in another tab'));
    });
    return opening;
  };
  async function run<T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const store = (await database()).transaction(STORE, mode).objectStore(STORE);
    return requestDone(act(store));
  }
  return {
    load: () => run('readonly', (store) => store.getAll() as IDBRequest<SideInputEntry[]>),
    put: async (entry) => {
      await run('readwrite', (store) => store.put(entry));
    },
    remove: async (id) => {
      await run('readwrite', (store) => store.delete(id));
    },
  };
}
