import type { TokenUser } from '@srs/shared/roles';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { schools } from '../db/schema/index.ts';

/**
 * What one user may see (DOMAIN.md, "What each user sees"), computed once per request and
 * taken by every query. Out of scope answers 404, exactly like a record that does not exist.
 */
export type Scope = {
  userId: number;
  /** admin flag or global_admin: everything. */
  all: boolean;
  /** Schools the user administers: school_admin schools and the schools of conference_admin conferences. */
  adminSchoolIds: number[];
  conferenceIds: number[];
  /** Every school the user belongs to in any role (admin schools included). */
  memberSchoolIds: number[];
};

export async function resolveScope(db: DbOrTx, user: TokenUser): Promise<Scope> {
  const all = user.admin || user.roles.some((role) => role.role_type === 'global_admin');
  const conferenceIds = ids(user, 'conference_admin');
  const schoolAdminIds = ids(user, 'school_admin');
  const conferenceSchoolIds =
    conferenceIds.length > 0
      ? (await db.select({ id: schools.id }).from(schools).where(inArray(schools.conferenceId, conferenceIds))).map(
          (row) => row.id,
        )
      : [];
  const adminSchoolIds = unique([...schoolAdminIds, ...conferenceSchoolIds]);
  const memberSchoolIds = unique([...adminSchoolIds, ...ids(user, 'instructor')]);
  return { userId: user.id, all, adminSchoolIds, conferenceIds, memberSchoolIds };
}

function ids(user: TokenUser, roleType: TokenUser['roles'][number]['role_type']): number[] {
  return user.roles
    .filter((role) => role.role_type === roleType && role.organization_id !== null)
    .map((role) => role.organization_id as number);
}

function unique(values: number[]): number[] {
  return [...new Set(values)];
}

/** Admins of the school: deleting and reassigning its students and enrollments are theirs (docs/decisions.md). */
export const administers = (scope: Scope, schoolId: number) => scope.all || scope.adminSchoolIds.includes(schoolId);

/** Members of the school in any role (global admins everywhere): they place new students in it. */
export const belongsTo = (scope: Scope, schoolId: number) => scope.all || scope.memberSchoolIds.includes(schoolId);

const idList = (values: number[]) =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;

/**
 * Students visible to the user: in a school they administer, theirs as instructor, or shared
 * with them. `student` is the SQL alias of the students table in the query.
 */
export function visibleStudent(scope: Scope, student: SQL = sql.raw('s')): SQL {
  if (scope.all) return sql`true`;
  // One set of ids from three indexed lookups: an OR of the three would make PostgreSQL scan
  // every name match of the whole network (measured: 236 ms against 0.8 ms on 1M students).
  return sql`${student}.id in (
    select vs.id from students vs where vs.school_id in ${idList(scope.adminSchoolIds)}
    union all select vs.id from students vs where vs.instructor_id = ${scope.userId}
    union all select ss.student_id from student_shares ss where ss.user_id = ${scope.userId})`;
}

/**
 * The same scope for a row of enrollments (`e`), which carries its student's school (migration
 * 0006): an admin's schools are one range of the enrollments' school index, where a list of their
 * students was a join through every one of them (a conference's decisions over a quarter, 1M seed:
 * 680 ms against 150 ms). Instructors and shares go through the student, as everywhere.
 */
export function visibleEnrollment(scope: Scope, enrollment: SQL = sql.raw('e')): SQL {
  return visiblePlace(scope, { school: sql`${enrollment}.school_id`, student: sql`${enrollment}.student_id` });
}

/**
 * The same scope on a record that carries its enrollment's school and student itself (a decision,
 * an attendance: migrations 0011, 0027, 0033), so that no enrollment is read for it.
 */
export function visiblePlace(scope: Scope, place: { school: SQL; student: SQL }): SQL {
  if (scope.all) return sql`true`;
  // An array the database reads once: as `in (select …)` beside the OR, it was estimated to keep half
  // of all enrollments, and a conference's products were read by a scan of every one (205 -> 50 ms).
  const own = sql`${place.student} = any(array(
    select vs.id from students vs where vs.instructor_id = ${scope.userId}
    union all select ss.student_id from student_shares ss where ss.user_id = ${scope.userId}))`;
  if (scope.adminSchoolIds.length === 0) return own;
  return sql`(${place.school} in ${idList(scope.adminSchoolIds)} or ${own})`;
}

/**
 * The same scope tested on a row's own columns: a student's (or a row carrying one's) school,
 * instructor and id, as `alias.school_id`, `alias.instructor_id` and `alias.<id>`. For rows found
 * some other way (a name index, a word's list, one instructor's students); `visibleStudent`
 * finds them.
 */
export function studentRowVisible(scope: Scope, alias: string, id = 'id'): SQL {
  if (scope.all) return sql`true`;
  const row = sql.raw(alias);
  return sql`(${row}.school_id in ${idList(scope.adminSchoolIds)} or ${row}.instructor_id = ${scope.userId}
    or ${row}.${sql.raw(id)} in (select ss.student_id from student_shares ss where ss.user_id = ${scope.userId}))`;
}

/** Schools visible to the user: the ones they belong to. */
export function visibleSchool(scope: Scope, school: SQL = sql.raw('sc')): SQL {
  if (scope.all) return sql`true`;
  return sql`${school}.id in ${idList(scope.memberSchoolIds)}`;
}

/**
 * Interests visible: all for global admins; for the others those assigned to a school they
 * administer, or that became a student they see (an instructor's own or shared student).
 */
export function visibleInterest(scope: Scope, interest: SQL = sql.raw('i')): SQL {
  if (scope.all) return sql`true`;
  return sql`(${interest}.school_id in ${idList(scope.adminSchoolIds)}
    or exists (select 1 from students s where s.id = ${interest}.student_id and ${visibleStudent(scope)}))`;
}

/** Series visible: courses offered by, and seminars held or offered by, the user's schools. */
export function visibleSeries(scope: Scope, series: SQL = sql.raw('se')): SQL {
  if (scope.all) return sql`true`;
  return sql`(${series}.school_id in ${idList(scope.memberSchoolIds)}
    or exists (select 1 from series_offered so where so.series_id = ${series}.id and so.school_id in ${idList(scope.memberSchoolIds)}))`;
}

/**
 * Users visible: people with a role in a school or conference the user administers, and themselves.
 * One set of ids from the roles' indexes (an OR per user read every instructor of the network).
 */
export function visibleUser(scope: Scope, user: SQL = sql.raw('u')): SQL {
  if (scope.all) return sql`true`;
  return sql`${user}.id in (select ${scope.userId}::bigint
    union all select r.user_id from roles r where r.school_id in ${idList(scope.adminSchoolIds)}
    union all select r.user_id from roles r where r.conference_id in ${idList(scope.conferenceIds)})`;
}

export const sqlIdList = idList;

/**
 * Ids for `column = ${anyId(ids)}`: many as one array parameter (`any(…)`), so that the statement's
 * text is the same whatever their number and a prepared statement serves every page (db/client.ts
 * `prepared`); one as itself, whose plan PostgreSQL keeps (an array's it plans for its length).
 */
export const anyId = (values: readonly number[]) =>
  values.length === 1 ? sql`${values[0]}` : sql`any(${sql.param([...values])}::bigint[])`;

/**
 * The changes a user sees (issue 11, Versions): a global admin every one; an admin those of the
 * records of their schools (the school a version names, migration 0008) and their own; an
 * instructor their own. `v` is the alias of the versions table.
 */
export function visibleVersion(scope: Scope): SQL {
  if (scope.all) return sql`true`;
  const own = sql`v.whodunnit = ${scope.userId}`;
  if (scope.adminSchoolIds.length === 0) return own;
  return sql`(${own} or v.school_id in ${idList(scope.adminSchoolIds)})`;
}
