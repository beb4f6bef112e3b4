import 'fake-indexeddb/auto';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { idempotencyKeyHeader } from '@srs/shared/messages';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WritesModule from '../src/lib/enrollment-writes.ts';
import type * as StoreModule from '../src/lib/offline/phone-store.ts';
import type * as QueueModule from '../src/lib/offline/write-queue.ts';
import { enrollmentKeys } from '../src/lib/query-keys.ts';
import { setToken } from '../src/lib/session.ts';
import { courseEnrollment } from './enrollment-support.tsx';
import { instructor, jsonResponse, makeToken, schoolAdmin } from './support.tsx';

/*
 * Issue 30's review: the queue of writes kept on the phone, attacked. Two tabs of one browser share
 * it; a write whose answer was lost comes back; rows in the store that the app did not write; a
 * session that changes while the queue is being sent.
 */

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

type Queue = typeof QueueModule;
type Writes = typeof WritesModule;
type Store = typeof StoreModule;
type Tab = { queue: Queue; writes: Writes; store: Store; client: QueryClient };

/** A tab of the app: its own copy of the modules (their state), on the browser's one IndexedDB. */
async function openTab(): Promise<Tab> {
  vi.resetModules();
  const [queue, writes, store] = await Promise.all([
    import('../src/lib/offline/write-queue.ts'),
    import('../src/lib/enrollment-writes.ts'),
    import('../src/lib/offline/phone-store.ts'),
  ]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await queue.loadWaiting(client, instructor.id);
  return { queue, writes, store, client };
}

/** The browser's Web Locks, as a browser grants them: one holder of a name at a time, in order. */
function fakeLocks() {
  const held = new Map<string, Promise<unknown>>();
  return {
    request(name: string, work: () => Promise<unknown>) {
      const before = held.get(name) ?? Promise.resolve();
      const mine = before.then(() => work());
      held.set(
        name,
        mine.catch(() => undefined),
      );
      return mine;
    },
  };
}

/**
 * The server, as far as these writes go: an enrollment whose visits the PUTs add, each key made
 * once (a repeat is answered with the first answer, decision 020), each answer a moment later.
 */
function fakeServer(id: number) {
  let enrollment: EnrollmentDetail = courseEnrollment({ id, visits: [] });
  const answers = new Map<string, EnrollmentDetail>();
  const puts: string[] = [];
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));
  const fetch = vi.fn<typeof globalThis.fetch>(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (!String(url).endsWith(`/enrollments/${id}`)) throw new Error(`unexpected ${method} ${String(url)}`);
    if (method === 'GET') return later(jsonResponse(enrollment));
    const key = (init?.headers as Record<string, string>)[idempotencyKeyHeader] ?? '';
    puts.push(key);
    const kept = answers.get(key);
    if (kept) return later(jsonResponse(kept));
    const visit = { id: enrollment.visits.length + 1, date: '2026-11-28', visitor_name: 'Ida', decisions: [], notes: [] };
    enrollment = { ...enrollment, visits: [...enrollment.visits, visit] as EnrollmentDetail['visits'] };
    answers.set(key, enrollment);
    return later(jsonResponse(enrollment));
  });
  return { fetch, puts, visits: () => enrollment.visits.length, enrollment: () => enrollment };
}

const visit = (date: string) => ({ visits_attributes: [{ date }] });

beforeEach(async () => {
  setToken(makeToken(instructor));
  const { forgetPhone, claimPhoneFor } = await import('../src/lib/offline/on-phone.ts');
  await forgetPhone();
  await claimPhoneFor(instructor);
  onlineManager.setOnline(false);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('two tabs of one browser', () => {
  it('send the queue one at a time: each record is made once, and none comes back as "changed"', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    const server = fakeServer(61);
    vi.stubGlobal('fetch', server.fetch);
    const first = await openTab();
    first.client.setQueryData(enrollmentKeys.detail(61), server.enrollment());
    await first.writes.putEnrollment(61, visit('2026-11-27'));
    await first.writes.putEnrollment(61, visit('2026-11-28'));
    const second = await openTab();
    expect(second.queue.waitingWrites()).toHaveLength(2);

    onlineManager.setOnline(true);
    await Promise.all([first.queue.sendWaiting(), second.queue.sendWaiting()]);
    expect(server.visits()).toBe(2);
    expect(server.puts).toHaveLength(2);
    expect(await first.store.readAll(first.store.stores.writes)).toEqual([]);
    expect(first.queue.waitingWrites()).toEqual([]);
    expect(second.queue.waitingWrites()).toEqual([]);
  });

  it('a record another tab sent or dropped is not sent again, nor put back on the phone', async () => {
    const server = fakeServer(62);
    vi.stubGlobal('fetch', server.fetch);
    const tab = await openTab();
    tab.client.setQueryData(enrollmentKeys.detail(62), server.enrollment());
    await tab.writes.putEnrollment(62, visit('2026-11-28'));
    const [row] = tab.queue.waitingWrites();
    // Another tab sent it: it is gone from the phone.
    await tab.store.deleteRows(tab.store.stores.writes, [row?.key ?? '']);
    onlineManager.setOnline(true);
    await tab.queue.sendWaiting();
    expect(server.puts).toEqual([]);
    expect(tab.queue.waitingWrites()).toEqual([]);
    expect(await tab.store.readAll(tab.store.stores.writes)).toEqual([]);
  });
});

describe('a write whose answer was lost', () => {
  it('is sent again with its key, not shown as changed by someone else when the change is its own', async () => {
    const server = fakeServer(63);
    const tab = await openTab();
    tab.client.setQueryData(enrollmentKeys.detail(63), server.enrollment());
    onlineManager.setOnline(true);
    // The server makes it; the answer is lost on the way back.
    const lost = vi.fn<typeof globalThis.fetch>(async (url, init) => {
      await server.fetch(url, init);
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', lost);
    const { isKeptForLater } = await import('../src/lib/offline/kept-for-later.ts');
    expect(isKeptForLater(await tab.writes.putEnrollment(63, visit('2026-11-28')))).toBe(true);
    const key = tab.queue.waitingWrites()[0]?.key;
    expect(server.visits()).toBe(1);

    vi.stubGlobal('fetch', server.fetch);
    await tab.queue.sendWaiting();
    expect(tab.queue.waitingWrites()).toEqual([]);
    expect(server.puts).toEqual([key, key]);
    expect(server.visits()).toBe(1);
  });

  it('one sent from the queue whose answer was lost is not held as changed at the next try', async () => {
    const server = fakeServer(64);
    const tab = await openTab();
    tab.client.setQueryData(enrollmentKeys.detail(64), server.enrollment());
    await tab.writes.putEnrollment(64, visit('2026-11-28'));
    onlineManager.setOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>(async (url, init) => {
        const answer = await server.fetch(url, init);
        if (init?.method === 'PUT') throw new TypeError('Failed to fetch');
        return answer;
      }),
    );
    await tab.queue.sendWaiting();
    expect(tab.queue.waitingWrites()[0]?.state).toBe('waiting');
    vi.stubGlobal('fetch', server.fetch);
    await tab.queue.sendWaiting();
    expect(tab.queue.waitingWrites()).toEqual([]);
    expect(server.visits()).toBe(1);
  });
});

describe('rows the app did not write', () => {
  it('are never sent with the person\'s token, and leave the phone', async () => {
    const server = fakeServer(65);
    vi.stubGlobal('fetch', server.fetch);
    const tab = await openTab();
    tab.client.setQueryData(enrollmentKeys.detail(65), server.enrollment());
    await tab.writes.putEnrollment(65, visit('2026-11-28'));
    const made = tab.queue.waitingWrites()[0]!;
    const planted = [
      { ...made, key: 'p1', seq: made.seq + 1, method: 'DELETE', path: '/students/5', body: null },
      { ...made, key: 'p2', seq: made.seq + 2, path: '/users/7', body: { first_name: 'Owned' } },
      { ...made, key: 'p3', seq: made.seq + 3, path: '/enrollments/65/../../students/5', body: { first_name: 'Owned' } },
      { ...made, key: 'p4', seq: made.seq + 4, path: '//elsewhere.example/enrollments/65' },
    ];
    await tab.store.putRows(tab.store.stores.writes, planted);
    await tab.queue.loadWaiting(tab.client, instructor.id);
    expect(tab.queue.waitingWrites().map((write) => write.key)).toEqual([made.key]);
    onlineManager.setOnline(true);
    await tab.queue.sendWaiting();
    expect(server.fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([
      'GET /api/enrollments/65',
      'PUT /api/enrollments/65',
    ]);
    expect(await tab.store.readAll(tab.store.stores.writes)).toEqual([]);
  });
});

describe('a session that changes while the queue is sent', () => {
  it('sends none of the first person\'s records with the next one\'s token', async () => {
    const server = fakeServer(66);
    const tab = await openTab();
    await tab.writes.putEnrollment(66, visit('2026-11-27'));
    await tab.writes.putEnrollment(66, visit('2026-11-28'));
    onlineManager.setOnline(true);
    // The instructor's token as it is stored (one made now could carry another second's expiry).
    const instructorToken = localStorage.getItem('tk');
    const tokens: (string | undefined)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>(async (url, init) => {
        tokens.push((init?.headers as Record<string, string>).authorization);
        const answer = await server.fetch(url, init);
        // Someone else signs in, in another tab, while the first record is on its way.
        setToken(makeToken(schoolAdmin));
        return answer;
      }),
    );
    await tab.queue.sendWaiting();
    expect(server.puts).toHaveLength(1);
    expect(tokens).toEqual([`Bearer ${instructorToken}`]);
  });
});

describe('the instructor\'s copy on the phone', () => {
  it('forgets a student and an enrollment that are no longer theirs (moved, unshared, deleted)', async () => {
    const { keepReads, keepNow, stopKeepingReads } = await import('../src/lib/offline/kept-queries.ts');
    const { readAll, stores } = await import('../src/lib/offline/phone-store.ts');
    const { refreshPhoneCopy } = await import('../src/app/phone-copy.ts');
    const { makeStudent, makeStudentDetail } = await import('./student-fixtures.ts');
    const { studentKeys } = await import('../src/lib/query-keys.ts');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    keepReads(client, instructor.id);
    // Kept from before: student 1 (theirs still) and student 2, moved to another instructor since.
    const enrollment = (id: number) => ({ id, series_id: 5, series_name: 'Discover Bible Guides', series_type: 'Course' });
    const theirs = makeStudent(1, { course_enrollments: [enrollment(10)] as never });
    client.setQueryData(studentKeys.detail(1), makeStudentDetail(1));
    client.setQueryData(studentKeys.detail(2), makeStudentDetail(2));
    client.setQueryData(studentKeys.notes(2), { notes: [] });
    client.setQueryData(enrollmentKeys.detail(10), courseEnrollment({ id: 10 }));
    client.setQueryData(enrollmentKeys.detail(20), courseEnrollment({ id: 20 }));
    await keepNow();
    expect(await readAll(stores.queries)).toHaveLength(5);

    onlineManager.setOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof globalThis.fetch>(async (url) => {
        const path = String(url).replace(/^\/api/, '').split('?')[0];
        if (path === '/students') return jsonResponse({ students: [theirs], pagination: { page: 1, per_page: 500, total_count: 1, next_cursor: null } });
        if (path === '/students/1') return jsonResponse(makeStudentDetail(1));
        if (path === '/enrollments/10') return jsonResponse(courseEnrollment({ id: 10 }));
        return jsonResponse([]);
      }),
    );
    await refreshPhoneCopy(client, true);
    const keys = (await readAll<{ key: unknown[] }>(stores.queries)).map((row) => JSON.stringify(row.key));
    expect(keys.some((key) => key.startsWith('["students","detail",2'))).toBe(false);
    expect(keys).not.toContain('["enrollments","detail",20]');
    expect(keys).toContain('["students","detail",1]');
    expect(keys).toContain('["enrollments","detail",10]');
    expect(client.getQueryData(studentKeys.detail(2))).toBeUndefined();
    expect(client.getQueryData(enrollmentKeys.detail(20))).toBeUndefined();
    stopKeepingReads();
  });
});
