/**
 * What this browser keeps for working without a signal (issue 30, docs/decisions/029), in one
 * IndexedDB database: the answers of the pages the person opened ('queries'), the writes waiting to
 * be sent ('writes') and whose they are ('meta'). Everything in it belongs to one person: it is
 * emptied at Log out and when someone else signs in (lib/offline/owner.ts).
 */
const databaseName = 'srs-offline';
export const stores = { queries: 'queries', writes: 'writes', meta: 'meta' } as const;
export type StoreName = (typeof stores)[keyof typeof stores];

let opening: Promise<IDBDatabase | null> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The database, or null where the browser gives none (a private window of some browsers). */
function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(databaseName, 1);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(stores.queries, { keyPath: 'hash' });
      db.createObjectStore(stores.writes, { keyPath: 'key' });
      db.createObjectStore(stores.meta);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab's newer version of the app upgrading the database: this one lets go.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
}

/** False where the browser gives no database: what is kept then lives in the tab's memory only. */
export async function hasPhoneStore(): Promise<boolean> {
  return (await database()) !== null;
}

/** Runs `work` in one transaction of `store`; resolves once the transaction has committed. */
async function inStore<T>(store: StoreName, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => Promise<T> | T) {
  const db = await database();
  if (!db) return undefined;
  const transaction = db.transaction(store, mode);
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(transaction.objectStore(store));
  await done;
  return result;
}

export function readAll<T>(store: StoreName): Promise<T[]> {
  return inStore(store, 'readonly', (objects) => promised(objects.getAll() as IDBRequest<T[]>)).then((rows) => rows ?? []);
}

export function readOne<T>(store: StoreName, key: IDBValidKey): Promise<T | undefined> {
  return inStore(store, 'readonly', (objects) => promised(objects.get(key) as IDBRequest<T | undefined>));
}

/** Puts each row (a store with a key path) or the value under `key` (the meta store). */
export async function putRows(store: StoreName, rows: readonly unknown[]): Promise<void> {
  if (rows.length === 0) return;
  await inStore(store, 'readwrite', (objects) => {
    for (const row of rows) objects.put(row);
  });
}

export async function putValue(store: StoreName, key: IDBValidKey, value: unknown): Promise<void> {
  await inStore(store, 'readwrite', (objects) => {
    objects.put(value, key);
  });
}

/**
 * Puts `row` (a store with a key path) only where a row of its key is still kept, in one
 * transaction: another tab may have sent or dropped it meanwhile, and it must not come back.
 * Resolves true when it was put.
 */
export async function replaceRow(store: StoreName, key: IDBValidKey, row: unknown): Promise<boolean> {
  const put = await inStore(store, 'readwrite', async (objects) => {
    if ((await promised(objects.getKey(key))) === undefined) return false;
    objects.put(row);
    return true;
  });
  return put ?? false;
}

/** How many rows `store` keeps (0 where the browser gives no database). */
export async function countRows(store: StoreName): Promise<number> {
  return (await inStore(store, 'readonly', (objects) => promised(objects.count()))) ?? 0;
}

export async function deleteRows(store: StoreName, keys: readonly IDBValidKey[]): Promise<void> {
  if (keys.length === 0) return;
  await inStore(store, 'readwrite', (objects) => {
    for (const key of keys) objects.delete(key);
  });
}

/** Empties every store: nothing of the person is left on the phone. */
export const emptyPhoneStore = (): Promise<void> => emptyStore(...Object.values(stores));

/** Empties the stores named. */
export async function emptyStore(...names: StoreName[]): Promise<void> {
  const db = await database();
  if (!db) return;
  const transaction = db.transaction(names, 'readwrite');
  const done = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
  for (const name of names) transaction.objectStore(name).clear();
  await done;
}
