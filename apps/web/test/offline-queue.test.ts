import 'fake-indexeddb/auto';
import { idempotencyKeyHeader, idempotencyMessages } from '@srs/shared/messages';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putEnrollment } from '../src/lib/enrollment-writes.ts';
import { isKeptForLater } from '../src/lib/offline/kept-for-later.ts';
import { keepNow, keepReads, restoreReads } from '../src/lib/offline/kept-queries.ts';
import { claimPhoneFor, forgetPhone } from '../src/lib/offline/on-phone.ts';
import { putValue, readAll, readOne, stores } from '../src/lib/offline/phone-store.ts';
import {
  dropWrite,
  loadWaiting,
  sendAgain,
  sendWaiting,
  type WaitingWrite,
  waitingWrites,
} from '../src/lib/offline/write-queue.ts';
import { enrollmentFingerprint, lessonsWaiting } from '../src/lib/offline/written.ts';
import { enrollmentKeys, studentKeys } from '../src/lib/query-keys.ts';
import { setToken } from '../src/lib/session.ts';
import { courseEnrollment } from './enrollment-support.tsx';
import { instructor, jsonResponse, makeToken, schoolAdmin } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

const fetchMock = vi.fn<typeof fetch>();
let client: QueryClient;

const lessonReceived = { episode_deliveries_attributes: [{ episode_id: 2, date_sent: '2026-11-20', date_completed: '2026-11-28', delivery_type: 'PD' as const }] };
const visit = { visits_attributes: [{ date: '2026-11-28', notes_attributes: [{ type: 'Note' as const, text: 'Met at home' }] }] };

/** The calls made to the server, as method and path. */
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace(/^.*\/api/, '')}`);
const keyOf = (index: number) => (fetchMock.mock.calls[index]?.[1]?.headers as Record<string, string>)[idempotencyKeyHeader];

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setToken(makeToken(instructor));
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await forgetPhone();
  await claimPhoneFor(instructor);
  await loadWaiting(client, instructor.id);
  onlineManager.setOnline(false);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('writes made without a signal (issue 30)', () => {
  it('are kept on the phone in order and sent once online, each with the key it was given', async () => {
    const enrollment = courseEnrollment({ id: 41 });
    client.setQueryData(enrollmentKeys.detail(41), enrollment);
    const first = await putEnrollment(41, lessonReceived);
    const second = await putEnrollment(41, visit);
    expect(isKeptForLater(first) && isKeptForLater(second)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    const kept = await readAll<WaitingWrite>(stores.writes);
    expect(kept.map((write) => write.what.kind).sort()).toEqual(['lessonReceived', 'visit']);
    expect(waitingWrites().map((write) => write.what.kind)).toEqual(['lessonReceived', 'visit']);
    const [lessonKey, visitKey] = waitingWrites().map((write) => write.key);

    // A reload: the writes are read back from the phone.
    await loadWaiting(client, instructor.id);
    expect(waitingWrites()).toHaveLength(2);

    onlineManager.setOnline(true);
    const after = courseEnrollment({ id: 41, status: 'Inactive' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(enrollment)) // the check: unchanged
      .mockResolvedValueOnce(jsonResponse(after))
      .mockResolvedValueOnce(jsonResponse(after)) // the second write's check: what the first made
      .mockResolvedValueOnce(jsonResponse(after));
    await sendWaiting();
    expect(calls()).toEqual(['GET /enrollments/41', 'PUT /enrollments/41', 'GET /enrollments/41', 'PUT /enrollments/41']);
    expect([keyOf(1), keyOf(3)]).toEqual([lessonKey, visitKey]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual(lessonReceived);
    expect(waitingWrites()).toEqual([]);
    expect(await readAll(stores.writes)).toEqual([]);
    expect(client.getQueryData(enrollmentKeys.detail(41))).toEqual(after);
  });

  it('stay when the answer is lost, and go again with the same key; a repeat the server had made is done', async () => {
    await putEnrollment(42, visit);
    const key = waitingWrites()[0]?.key;
    onlineManager.setOnline(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await sendWaiting();
    expect(waitingWrites()).toHaveLength(1);
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: idempotencyMessages.alreadyMade }, 409));
    await sendWaiting();
    expect([keyOf(0), keyOf(1)]).toEqual([key, key]);
    expect(waitingWrites()).toEqual([]);
  });

  it('a refused one stays with its reason, holds back the later ones of its enrollment, and can be dropped', async () => {
    await putEnrollment(43, lessonReceived);
    await putEnrollment(43, visit);
    await putEnrollment(44, visit);
    onlineManager.setOnline(true);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ date_completed: ['must be on or after the date sent'] }, 422))
      .mockResolvedValueOnce(jsonResponse(courseEnrollment({ id: 44 })));
    await sendWaiting();
    expect(calls()).toEqual(['PUT /enrollments/43', 'PUT /enrollments/44']);
    const [refused, behind] = waitingWrites();
    expect(refused?.state).toBe('refused');
    expect(refused?.reason).toBe('Date completed must be on or after the date sent');
    expect(behind?.state).toBe('waiting');
    expect(waitingWrites()).toHaveLength(2);
    // Kept refused across a reload.
    await loadWaiting(client, instructor.id);
    expect(waitingWrites()[0]?.state).toBe('refused');
    await dropWrite(refused?.key ?? '');
    fetchMock.mockResolvedValueOnce(jsonResponse(courseEnrollment({ id: 43 })));
    await sendWaiting();
    expect(calls().at(-1)).toBe('PUT /enrollments/43');
    expect(waitingWrites()).toEqual([]);
  });

  it('one whose enrollment was changed on the server meanwhile is shown, and sent only when the person says so', async () => {
    const seen = courseEnrollment({ id: 45 });
    client.setQueryData(enrollmentKeys.detail(45), seen);
    await putEnrollment(45, visit);
    expect(waitingWrites()[0]?.base).toBe(enrollmentFingerprint(seen));
    onlineManager.setOnline(true);
    const changedByOther = courseEnrollment({ id: 45, status: 'Graduated' });
    fetchMock.mockResolvedValueOnce(jsonResponse(changedByOther));
    await sendWaiting();
    expect(calls()).toEqual(['GET /enrollments/45']);
    expect(waitingWrites()[0]?.state).toBe('changed');
    fetchMock.mockResolvedValueOnce(jsonResponse(changedByOther));
    await sendAgain(waitingWrites()[0]?.key ?? '');
    expect(calls()).toEqual(['GET /enrollments/45', 'PUT /enrollments/45']);
    expect(waitingWrites()).toEqual([]);
  });

  it('wait for the person to sign in again when the session ended', async () => {
    await putEnrollment(46, visit);
    onlineManager.setOnline(true);
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Signature has expired' }, 401));
    await sendWaiting();
    expect(waitingWrites()).toHaveLength(1);
    expect(waitingWrites()[0]?.state).toBe('waiting');
    expect(await readAll(stores.writes)).toHaveLength(1);
  });

  it('a write sent online that gets no answer is kept with the key it went with', async () => {
    onlineManager.setOnline(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const answer = await putEnrollment(47, visit);
    expect(isKeptForLater(answer)).toBe(true);
    expect(waitingWrites()[0]?.key).toBe(keyOf(0));
  });
});

describe('what the phone keeps belongs to one person (issue 30)', () => {
  it('reads are kept and read back offline; someone else signing in finds the phone empty', async () => {
    keepReads(client, instructor.id);
    const student = { id: 9, first_name: 'Ana' };
    client.setQueryData(studentKeys.detail(9), student);
    await keepNow();
    await putEnrollment(48, visit);

    const fresh = new QueryClient();
    expect(await restoreReads(fresh, instructor.id)).toBe(1);
    expect(fresh.getQueryData(studentKeys.detail(9))).toEqual(student);
    // Another person's copy is never read.
    expect(await restoreReads(new QueryClient(), schoolAdmin.id)).toBe(0);

    await claimPhoneFor(schoolAdmin);
    expect(await readAll(stores.queries)).toEqual([]);
    expect(await readAll(stores.writes)).toEqual([]);
    expect(waitingWrites()).toEqual([]);
  });

  it('the same person with other roles keeps their waiting writes but not what they read with the old ones', async () => {
    keepReads(client, instructor.id);
    client.setQueryData(studentKeys.detail(9), { id: 9 });
    await keepNow();
    await putEnrollment(50, visit);
    // Signed in again as before: nothing is forgotten.
    await claimPhoneFor(instructor);
    expect(await readAll(stores.queries)).toHaveLength(1);
    // A school taken away (another role): the reads go, the waiting visit stays, for the server to check.
    const moved = { ...instructor, roles: instructor.roles.map((role) => ({ ...role, organization_id: 999 })) };
    await claimPhoneFor(moved);
    expect(await readAll(stores.queries)).toEqual([]);
    expect(await readAll(stores.writes)).toHaveLength(1);
    expect(waitingWrites()).toHaveLength(1);
  });

  it('a kept write whose lessons are not records (a queue written otherwise) does not break the lessons tab', () => {
    const what = { enrollmentId: 41 };
    const body = { episode_deliveries_attributes: [null, 'x', { episode_id: 53, date_sent: '2024-03-20' }] };
    expect(lessonsWaiting([{ what, body }], 41)).toEqual({ sent: new Set([53]), received: new Set() });
  });

  it('the same person with other roles gets a new copy of their work at once, not ten minutes later', async () => {
    // The copy made with the old roles said when it was made; its reads are forgotten with the roles.
    await putValue(stores.meta, 'refreshedAt', { userId: instructor.id, at: Date.now() });
    await claimPhoneFor({ ...instructor, roles: instructor.roles.map((role) => ({ ...role, organization_id: 999 })) });
    expect(await readOne(stores.meta, 'refreshedAt')).toBeUndefined();
  });

  it('a kept read the server now refuses (out of reach: 404 or 403) is no longer kept', async () => {
    keepReads(client, instructor.id);
    client.setQueryData(studentKeys.detail(9), { id: 9 });
    client.setQueryData(studentKeys.detail(10), { id: 10 });
    await keepNow();
    onlineManager.setOnline(true);
    const { HttpError } = await import('../src/lib/http-errors.ts');
    const refused = (status: number) => () => Promise.reject(new HttpError('Not found', status, null));
    await client.fetchQuery({ queryKey: studentKeys.detail(9), queryFn: refused(404) }).catch(() => undefined);
    // A server that could not answer is no reason to forget.
    await client.fetchQuery({ queryKey: studentKeys.detail(10), queryFn: refused(500) }).catch(() => undefined);
    await vi.waitFor(async () => expect((await readAll<{ key: unknown[] }>(stores.queries)).map((row) => row.key)).toEqual([studentKeys.detail(10)]));
  });

  it('Log out empties it, waiting writes included', async () => {
    keepReads(client, instructor.id);
    client.setQueryData(studentKeys.detail(9), { id: 9 });
    await keepNow();
    await putEnrollment(49, visit);
    await forgetPhone();
    expect(await readAll(stores.queries)).toEqual([]);
    expect(await readAll(stores.writes)).toEqual([]);
    expect(waitingWrites()).toEqual([]);
  });
});

describe('the student list without a signal (issue 30)', () => {
  it('finds among the students the phone keeps, every word in the name, accents and case aside, in name order', async () => {
    const { studentsOnPhone } = await import('../src/features/students/students-on-phone.ts');
    const { makeStudent } = await import('./student-fixtures.ts');
    const kept = [
      makeStudent(1, { first_name: 'José', last_name: 'Núñez', instructor: { id: instructor.id, first_name: 'Ida', last_name: 'I' } }),
      makeStudent(2, { first_name: 'Ana', last_name: 'Ruiz', instructor: { id: 99, first_name: 'Other', last_name: 'O' } }),
      makeStudent(3, { first_name: 'Joseph', last_name: 'Adams', instructor: { id: instructor.id, first_name: 'Ida', last_name: 'I' } }),
    ];
    for (const student of kept) client.setQueryData(studentKeys.detail(student.id), { ...student, permissions: {} });
    // A student's notes live under its key, and are no student.
    client.setQueryData(studentKeys.notes(1), []);
    const names = (query: Record<string, unknown>) =>
      studentsOnPhone(client, { per_page: 25, ...query } as never).students.map((student) => student.last_name);
    expect(names({})).toEqual(['Adams', 'Núñez', 'Ruiz']);
    expect(names({ full_name_i_cont_all: ['jose nunez'] })).toEqual(['Núñez']);
    expect(names({ full_name_i_cont_all: ['JOS'] })).toEqual(['Adams', 'Núñez']);
    expect(names({ section: 'mine' })).toEqual(['Adams', 'Núñez']);
    expect(names({ section: 'shared' })).toEqual(['Ruiz']);
    const page = studentsOnPhone(client, { per_page: 2, page: 2 });
    expect(page.students.map((student) => student.last_name)).toEqual(['Ruiz']);
    expect(page.pagination).toMatchObject({ page: 2, total_count: 3, total_pages: 2 });
    expect(page.students[0]).not.toHaveProperty('permissions');
  });
});

describe('what a waiting write says it records (issue 30)', () => {
  it('names each record form\'s write', async () => {
    const { whatIsWritten } = await import('../src/lib/offline/written.ts');
    const kind = (body: object) => whatIsWritten({ kind: 'enrollment', enrollmentId: 1, body }).kind;
    expect(kind({ episode_deliveries_attributes: [{ episode_id: 1, date_sent: '2026-11-28' }] })).toBe('lessonSent');
    expect(kind({ episode_deliveries_attributes: [{ id: 5, date_completed: '2026-11-28', decisions_attributes: [] }] })).toBe('lessonReceived');
    expect(kind({ episode_deliveries_attributes: [{ id: 5, date_sent: '2026-11-20', date_completed: null }] })).toBe('lessonChanged');
    expect(kind({ episode_deliveries_attributes: [{ id: 5, notes_attributes: [{ type: 'Note', text: 'x' }] }] })).toBe('note');
    expect(kind({ visits_attributes: [{ id: 3, decisions_attributes: [{ decision_option_id: 2 }] }] })).toBe('decision');
    expect(kind({ visits_attributes: [{ date: '2026-11-28' }] })).toBe('visit');
    expect(kind({ reminders_attributes: [{ date: '2026-12-01' }] })).toBe('reminder');
    expect(kind({ product_deliveries_attributes: [{ product_id: 1, delivered_at: '2026-11-28' }] })).toBe('product');
    expect(kind({ visits_attributes: [{ id: 3, _destroy: true }] })).toBe('removal');
    expect(kind({ status: 'Inactive' })).toBe('change');
    const detail = courseEnrollment({ id: 1 });
    expect(whatIsWritten({ kind: 'enrollment', enrollmentId: 1, body: { visits_attributes: [{ date: '2026-11-28' }] } }, detail)).toMatchObject({
      studentName: `${detail.student.first_name} ${detail.student.last_name}`,
      seriesName: detail.series.name,
      date: '2026-11-28',
    });
  });
});
