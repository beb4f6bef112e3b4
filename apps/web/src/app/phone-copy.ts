import { studentEndpoints } from '@srs/shared/endpoints/students';
import { admins, can } from '@srs/shared/roles';
import type { Student, StudentListResponse } from '@srs/shared/students';
import type { QueryClient } from '@tanstack/react-query';
import { enrollmentQuery } from '../features/enrollments/api.ts';
import { studentListQuery, studentNotesQuery, studentQuery, studentsQuery } from '../features/students/api.ts';
import { call, type QueryParams } from '../lib/http.ts';
import { decisionOptionsQuery, episodesQuery, productOffersQuery } from '../lib/lookups/series.ts';
import { getSessionUser } from '../lib/session.ts';
import { forgetAllBut, keepNow } from '../lib/offline/kept-queries.ts';
import { putValue, readOne, stores } from '../lib/offline/phone-store.ts';
import { isOffline } from '../lib/offline/write-queue.ts';

/**
 * The instructor's work, copied to the phone while it is online (issue 30): their students and
 * those shared with them, each student's page and notes, every enrollment with its lessons,
 * visits, reminders and products, and the lessons, decision options and products of their courses
 * and seminars. Each is read as its page reads it, so that its page finds it offline. Admins keep
 * what they opened (lib/offline/kept-queries.ts): their schools' students are too many for a phone.
 */

/** A copy younger than this is not read again. */
export const refreshEveryMs = 10 * 60 * 1000;
/** Reads at once: the copy comes in the background, beside what the person opens. */
const readsAtOnce = 3;
/** The most students copied; an instructor with more keeps what they open beyond. */
export const studentsKeptAtMost = 1_000;
const pageSize = 500;

let running: Promise<void> | null = null;

/** Students copied for an instructor (their own and those shared with them); admins copy nothing. */
export function copiesWork(user: ReturnType<typeof getSessionUser>): boolean {
  return can(user, ['instructor']) && !can(user, admins);
}

/** Every student of the instructor, and whether that is all of them (not cut at studentsKeptAtMost). */
async function everyStudent(): Promise<{ students: Student[]; all: boolean }> {
  const students: Student[] = [];
  let cursor: string | null = null;
  do {
    const query: QueryParams = { section: 'all', sortBy: 'name', orderBy: 'asc', per_page: pageSize, ...(cursor ? { after: cursor } : {}) };
    const page: StudentListResponse = await call(studentEndpoints.list, { query, toastErrors: false });
    students.push(...page.students);
    cursor = page.students.length === pageSize ? page.pagination.next_cursor : null;
  } while (cursor && students.length < studentsKeptAtMost);
  return { students, all: cursor === null };
}

async function inTurns(tasks: readonly (() => Promise<unknown>)[]) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      if (isOffline()) return;
      await task().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: readsAtOnce }, worker));
}

async function copyWork(client: QueryClient, userId: number) {
  const fresh = { staleTime: refreshEveryMs };
  // The students list as /students first opens.
  await client.prefetchQuery({ ...studentsQuery(studentListQuery(new URLSearchParams())), ...fresh });
  const { students, all } = await everyStudent();
  const enrollments = students.flatMap((student) => [...student.course_enrollments, ...student.seminar_enrollments]);
  const series = [...new Set(enrollments.map((enrollment) => enrollment.series_id))];
  await inTurns([
    ...students.flatMap((student) => [
      () => client.prefetchQuery({ ...studentQuery(student.id), ...fresh }),
      () => client.prefetchQuery({ ...studentNotesQuery(student.id), ...fresh }),
    ]),
    ...enrollments.map((enrollment) => () => client.prefetchQuery({ ...enrollmentQuery(enrollment.id), ...fresh })),
    ...series.flatMap((id) => [
      () => client.prefetchQuery({ ...episodesQuery(id), ...fresh }),
      () => client.prefetchQuery({ ...decisionOptionsQuery(id), ...fresh }),
      () => client.prefetchQuery({ ...productOffersQuery(id), ...fresh }),
    ]),
  ]);
  if (isOffline() || getSessionUser()?.id !== userId) return;
  // A student or enrollment no longer among theirs (moved to another instructor, no longer shared,
  // deleted) leaves the phone: offline it would be shown for the month a kept read lasts.
  if (all) await forgetAllBut(client, { students: new Set(students.map((student) => student.id)), enrollments: new Set(enrollments.map((enrollment) => enrollment.id)) });
  await keepNow();
  await putValue(stores.meta, 'refreshedAt', { userId, at: Date.now() });
}

/** Copies the instructor's work to the phone, unless a copy younger than ten minutes is there. */
export function refreshPhoneCopy(client: QueryClient, force = false): Promise<void> {
  const user = getSessionUser();
  if (!user || !copiesWork(user) || isOffline()) return Promise.resolve();
  running ??= (async () => {
    const last = await readOne<{ userId: number; at: number }>(stores.meta, 'refreshedAt').catch(() => undefined);
    if (!force && last?.userId === user.id && Date.now() - last.at < refreshEveryMs) return;
    await copyWork(client, user.id);
  })()
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
  return running;
}
