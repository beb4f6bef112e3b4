import { hydrate, type Query, type QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';
import { HttpError } from '../http-errors.ts';
import { deleteRows, emptyStore, putRows, readAll, stores } from './phone-store.ts';

/**
 * The answers of what the person opened, kept on the phone (issue 30, docs/decisions/029): every
 * successful read is written to IndexedDB a second after it arrives, and read back into the app's
 * cache when the phone is offline (at start, or when the signal goes), so that the pages opened
 * before show what they showed. Online the app reads the server as it always did: nothing kept is
 * shown in place of a fresh answer.
 */

type KeptQuery = { hash: string; key: QueryKey; data: unknown; dataUpdatedAt: number; userId: number };

/** Reads that are never kept: a blob address lives only in its tab, the dev mailbox and API keys are not field work. */
const neverKept = new Set(['uploads', 'dev', 'api_keys']);
/** How long a kept answer stays when it is not read again. */
export const keptForMs = 30 * 24 * 60 * 60 * 1000;
const writeDelayMs = 1_000;

let owner: number | null = null;
const dirty = new Map<string, Query>();
let timer: ReturnType<typeof setTimeout> | null = null;
let stopWatching: (() => void) | null = null;

export const isKept = (key: QueryKey) => !neverKept.has(String(key[0]));

async function writeDirty() {
  timer = null;
  const userId = owner;
  const rows: KeptQuery[] = [];
  for (const query of dirty.values()) {
    const { data, dataUpdatedAt, status } = query.state;
    if (status === 'success' && data !== undefined && userId !== null)
      rows.push({ hash: query.queryHash, key: query.queryKey, data, dataUpdatedAt, userId });
  }
  dirty.clear();
  await putRows(stores.queries, rows).catch(() => undefined);
}

/** Keeps every successful read of `userId` from now on; a call for another user replaces the watch. */
export function keepReads(client: QueryClient, userId: number) {
  stopKeepingReads();
  owner = userId;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKept(event.query.queryKey)) return;
    if (event.action.type === 'error' && isOutOfReach(event.action.error)) {
      // No longer the person's to see (moved away, deleted, access taken away): not kept any more.
      dirty.delete(event.query.queryHash);
      void deleteRows(stores.queries, [event.query.queryHash]).catch(() => undefined);
      return;
    }
    if (event.action.type !== 'success') return;
    dirty.set(event.query.queryHash, event.query);
    timer ??= setTimeout(() => void writeDirty(), writeDelayMs);
  });
  stopWatching = unsubscribe;
}

/** A refusal that says the record is out of the person's reach: 403, or 404 (SPEC: out of scope is a 404). */
const isOutOfReach = (error: unknown) => error instanceof HttpError && (error.status === 403 || error.status === 404);

/** Forgets every kept read (the person's access changed): what they may see now is read again online. */
export async function forgetKeptReads() {
  dirty.clear();
  await emptyStore(stores.queries).catch(() => undefined);
}

/** Stops keeping reads (Log out): nothing more is written, and nothing waiting to be written is. */
export function stopKeepingReads() {
  stopWatching?.();
  stopWatching = null;
  owner = null;
  dirty.clear();
  if (timer) clearTimeout(timer);
  timer = null;
}

/** Writes at once what waits a second to be written (before the page goes away, in tests). */
export async function keepNow() {
  if (timer) clearTimeout(timer);
  await writeDirty();
}

function stateOf(row: KeptQuery): QueryState {
  return {
    data: row.data,
    dataUpdateCount: 1,
    dataUpdatedAt: row.dataUpdatedAt,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success',
    fetchStatus: 'idle',
  };
}

/**
 * Puts the kept answers of `userId` into the cache. An answer the cache holds already and that is
 * newer stays (hydrate never goes back in time); answers older than a month are dropped.
 */
export async function restoreReads(client: QueryClient, userId: number): Promise<number> {
  const rows = await readAll<KeptQuery>(stores.queries).catch(() => [] as KeptQuery[]);
  const now = Date.now();
  const fresh = rows.filter((row) => row.userId === userId && now - row.dataUpdatedAt < keptForMs);
  const old = rows.filter((row) => !fresh.includes(row)).map((row) => row.hash);
  void deleteRows(stores.queries, old).catch(() => undefined);
  hydrate(client, {
    mutations: [],
    queries: fresh.map((row) => ({ queryHash: row.hash, queryKey: row.key, state: stateOf(row), dehydratedAt: row.dataUpdatedAt })),
  });
  return fresh.length;
}

/** The student or enrollment a read is of (its page, its notes, its decisions), or null. */
function recordOf(key: QueryKey): { kind: 'students' | 'enrollments'; id: number } | null {
  const [kind, part, id] = key;
  if ((kind !== 'students' && kind !== 'enrollments') || part !== 'detail' || typeof id !== 'number') return null;
  return { kind, id };
}

/**
 * Forgets the reads of every student and enrollment but those given (what a whole copy of an
 * instructor's work found theirs), on the phone and in the cache.
 */
export async function forgetAllBut(client: QueryClient, kept: { students: ReadonlySet<number>; enrollments: ReadonlySet<number> }) {
  const gone = (key: QueryKey) => {
    const record = recordOf(key);
    return record !== null && !kept[record.kind].has(record.id);
  };
  const rows = await readAll<KeptQuery>(stores.queries).catch(() => [] as KeptQuery[]);
  const hashes = rows.filter((row) => gone(row.key)).map((row) => row.hash);
  for (const hash of hashes) dirty.delete(hash);
  for (const query of client.getQueryCache().findAll({ predicate: (query) => gone(query.queryKey) })) dirty.delete(query.queryHash);
  client.removeQueries({ predicate: (query) => gone(query.queryKey) });
  await deleteRows(stores.queries, hashes).catch(() => undefined);
}
