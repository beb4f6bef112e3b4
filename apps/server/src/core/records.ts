import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DbOrTx, prepared } from '../db/client.ts';
import { notFound } from './errors.ts';
import { rows } from './lists.ts';
import { anyId, type Scope, visibleSchool, visibleSeries, visibleStudent, visibleInterest, visibleUser, visibleVersion } from './scope.ts';

/** The kinds of record a path can name (`config.record`); each has one definition of its scope below. */
export const recordKinds = ['student', 'enrollment', 'school', 'series', 'user', 'version', 'interest'] as const;
export type RecordKind = (typeof recordKinds)[number];

declare const visibleKind: unique symbol;
/**
 * The id of a record that passed its scope check in this request. Queries that read a record's
 * details or children take it instead of a number, so a read that skipped the check does not
 * compile. Only this file makes one (ESLint refuses `as Visible<…>` elsewhere).
 */
export type Visible<K extends RecordKind> = number & { readonly [visibleKind]: K };

const labels: Record<RecordKind, string> = {
  student: 'Student',
  enrollment: 'Enrollment',
  school: 'School',
  series: 'Series',
  user: 'User',
  version: 'Version',
  interest: 'Interest',
};

/** Each kind's ids among `ids` (`= any(…)`) that exist and are in the scope (DOMAIN.md, "What each user sees"). */
const inScope: Record<RecordKind, (scope: Scope, ids: SQL) => SQL> = {
  student: (scope, ids) => sql`select s.id from students s where s.id = ${ids} and ${visibleStudent(scope)}`,
  // An enrollment is seen with its student: the student's scope is the enrollment's.
  enrollment: (scope, ids) => sql`select e.id from enrollments e join students s on s.id = e.student_id
    where e.id = ${ids} and ${visibleStudent(scope)}`,
  school: (scope, ids) => sql`select sc.id from schools sc where sc.id = ${ids} and ${visibleSchool(scope)}`,
  // A series the user's schools offer or hold, or one a student they see is enrolled in: a shared
  // student may follow a course that the user's own schools do not offer.
  series: (scope, ids) => sql`select se.id from series se where se.id = ${ids} and (${visibleSeries(scope)}
    or exists (select 1 from enrollments e join students s on s.id = e.student_id
      where e.series_id = se.id and ${visibleStudent(scope)}))`,
  // A deleted (inactive) user is missing to everyone: their pages, students and courses alike.
  user: (scope, ids) => sql`select u.id from users u where u.id = ${ids} and u.active and ${visibleUser(scope)}`,
  version: (scope, ids) => sql`select v.id from versions v where v.id = ${ids} and ${visibleVersion(scope)}`,
  interest: (scope, ids) => sql`select i.id from interests i where i.id = ${ids} and ${visibleInterest(scope)}`,
};

/** Those of `ids` that name a record of this kind in the scope; the others are missing to this user. */
export async function visibleIds<K extends RecordKind>(
  db: DbOrTx,
  scope: Scope,
  kind: K,
  ids: readonly number[],
): Promise<Visible<K>[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: number }>(db.execute(prepared(inScope[kind](scope, anyId([...new Set(ids)])))));
  return found.map((row) => Number(row.id) as Visible<K>);
}

/** One record in the scope, or 404 exactly like a record that does not exist (DOMAIN.md). */
export async function visibleOr404<K extends RecordKind>(
  db: DbOrTx,
  scope: Scope,
  kind: K,
  id: number,
): Promise<Visible<K>> {
  const [found] = await visibleIds(db, scope, kind, [id]);
  if (found === undefined) throw notFound(labels[kind]);
  return found;
}

/**
 * The record of the route's `:id`, checked by the record-scope plugin before the handler runs.
 * Asking for a kind the route does not declare is a programming error, not a user's.
 */
export function visibleId<K extends RecordKind>(request: FastifyRequest, kind: K): Visible<K> {
  const record = request.visibleRecord;
  if (record?.kind !== kind) {
    throw new Error(`Route ${request.routeOptions.url} reads a ${kind} but declares config.record '${String(record?.kind)}'`);
  }
  return record.id as Visible<K>;
}
