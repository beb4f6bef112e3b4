import type { RoleType } from '@srs/shared/roles';
import type { UserCourse, UserDetail, UserSimpleItem } from '@srs/shared/users';
import { sql } from 'drizzle-orm';
import { loadRoles } from '../../auth/current-user.ts';
import { notFound } from '../../core/errors.ts';
import { and, rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, studentRowVisible, visibleStudent, visibleUser } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { RoleFacts, UserFacts } from './user-rules.ts';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** A user's roles with the organisation each names, as the granting rules read them. */
export async function roleFactsOf(db: DbOrTx, userId: number): Promise<(RoleFacts & { id: number })[]> {
  return rows<RoleFacts & { id: number }>(
    db.execute(sql`select r.id, r.role_type, r.school_id, r.conference_id from roles r where r.user_id = ${userId} order by r.id`),
  );
}

/** The user as their rules see them; null when there is no active user of that id. */
export async function userFacts(
  db: DbOrTx,
  userId: number,
  lock = false,
): Promise<(UserFacts & { roles: (RoleFacts & { id: number })[] }) | null> {
  const [user] = await rows<{ id: number; admin: boolean; email: string; has_password: boolean }>(
    db.execute(sql`select u.id, u.admin, u.email, u.password_hash is not null as has_password
      from users u where u.id = ${userId} and u.active ${lock ? sql`for update` : sql``}`),
  );
  if (!user) return null;
  return { id: user.id, admin: user.admin, email: user.email, hasPassword: user.has_password, roles: await roleFactsOf(db, userId) };
}

/** GET /users/{id}: the user whose scope check passed (a deleted, inactive user is a 404). */
export async function findUser(db: DbOrTx, scope: Scope, id: Visible<'user'> | number) {
  const [found] = await rows<Omit<UserDetail, 'permissions' | 'roles' | 'head_of_schools'> & { has_password: boolean }>(
    db.execute(sql`select u.id, u.first_name, u.last_name, u.email, u.phone, u.language, u.admin, u.password_hash is not null as has_password,
      (select count(*)::int from students s where s.instructor_id = u.id and ${studentRowVisible(scope, 's')}) as students_count,
      ${iso('u.last_sign_in_at')} as last_sign_in_at, ${iso('u.welcome_email_sent_at')} as welcome_email_sent_at
      from users u where u.id = ${id} and u.active`),
  );
  if (!found) throw notFound('User');
  const [roles, heads, facts] = await Promise.all([
    loadRoles(db, [found.id]),
    rows<UserDetail['head_of_schools'][number]>(
      db.execute(sql`select sc.id, sc.school_code, sc.church_name from schools sc
        where sc.head_school_admin_id = ${found.id} order by sc.school_code`),
    ),
    roleFactsOf(db, found.id),
  ]);
  const { has_password: hasPassword, ...shown } = found;
  const detail = { ...shown, roles: roles.get(found.id) ?? [], head_of_schools: heads };
  const userFacts = { id: found.id, admin: found.admin, email: found.email, hasPassword, roles: facts } satisfies UserFacts;
  return { detail, facts: userFacts };
}

/**
 * GET /users/{id}/courses: the series the user's students (those the caller sees) take, with the
 * students by status; orphaned enrollments are history and not counted.
 */
export async function userCourses(db: DbOrTx, scope: Scope, id: Visible<'user'>): Promise<UserCourse[]> {
  const found = await rows<{ id: number; name: string; type: 'Course' | 'Seminar'; status: string; count: number }>(
    db.execute(sql`select se.id, se.name, se.type, e.status, count(distinct e.student_id)::int as count
      from students s join enrollments e on e.student_id = s.id and not e.orphaned join series se on se.id = e.series_id
      where s.instructor_id = ${id} and ${visibleStudent(scope)}
      group by se.id, se.name, se.type, e.status order by se.type, se.name, se.id`),
  );
  // A student with two enrollments in one series (graduated, then again) counts once in the total.
  const totals = await rows<{ id: number; count: number }>(
    db.execute(sql`select e.series_id as id, count(distinct e.student_id)::int as count
      from students s join enrollments e on e.student_id = s.id and not e.orphaned
      where s.instructor_id = ${id} and ${visibleStudent(scope)} group by e.series_id`),
  );
  const totalOf = new Map(totals.map((row) => [row.id, row.count]));
  const byId = new Map<number, UserCourse>();
  for (const row of found) {
    const course = byId.get(row.id) ?? {
      id: row.id,
      name: row.name,
      type: row.type,
      students_count: totalOf.get(row.id) ?? 0,
      status_counts: { Applied: 0, Enrolled: 0, Attended: 0, Graduated: 0, Inactive: 0 },
    };
    if (row.status in course.status_counts) course.status_counts[row.status as keyof UserCourse['status_counts']] += row.count;
    byId.set(row.id, course);
  }
  return [...byId.values()];
}

/** GET /users/simple_list: active users in scope, by school and role type, by name. */
export async function simpleUsers(
  db: DbOrTx,
  scope: Scope,
  query: { school_id?: number; role_type?: RoleType },
): Promise<UserSimpleItem[]> {
  const roleFilter =
    query.school_id !== undefined || query.role_type !== undefined
      ? sql`exists (select 1 from roles r where r.user_id = u.id
          ${query.school_id !== undefined ? sql`and r.school_id = ${query.school_id}` : sql``}
          ${query.role_type !== undefined ? sql`and r.role_type = ${query.role_type}` : sql``})`
      : false;
  return rows<UserSimpleItem>(
    db.execute(sql`select u.id, u.first_name, u.last_name, u.email from users u
      where ${and([visibleUser(scope), sql`u.active`, roleFilter])} order by u.last_name, u.first_name, u.id limit 500`),
  );
}
