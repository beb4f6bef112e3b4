import type { SchoolCourse, SchoolInstructor, SchoolSeminar } from '@srs/shared/schools';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The tabs of the school page: its people, its courses and its seminars. Counts count only the
 * students the user may see (docs/decisions.md "Scope of lists"): for the school's admins, all.
 */

/** GET /schools/{id}/instructors: everyone holding a school_admin or instructor role in it. */
export async function schoolInstructors(db: DbOrTx, scope: Scope, id: Visible<'school'>): Promise<SchoolInstructor[]> {
  const found = await rows<Omit<SchoolInstructor, 'role_types'> & { role_types: string }>(
    db.execute(sql`
      select u.id, u.first_name, u.last_name, u.email,
        string_agg(distinct r.role_type, ',' order by r.role_type) as role_types,
        coalesce(bool_or(sc.head_school_admin_id = u.id), false) as head_school_admin,
        (select count(*)::int from students s where s.school_id = ${id} and s.instructor_id = u.id
          and ${visibleStudent(scope)}) as students_count
      from roles r join users u on u.id = r.user_id join schools sc on sc.id = r.school_id
      where r.school_id = ${id} and r.role_type in ('school_admin', 'instructor')
      group by u.id order by u.last_name, u.first_name, u.id`),
  );
  return found.map((row) => ({
    ...row,
    role_types: row.role_types.split(',') as SchoolInstructor['role_types'],
  }));
}

/**
 * Enrollments of the school's students in the series `se` that are not orphaned: what stopping
 * the offer would orphan (docs/decisions.md).
 */
const liveEnrollments = (scope: Scope, id: number) => sql`from enrollments e join students s on s.id = e.student_id
  where e.series_id = se.id and s.school_id = ${id} and not e.orphaned and ${visibleStudent(scope)}`;

/**
 * GET /schools/{id}/courses: the courses it offers, with what stopping would orphan; with
 * `offerable`, the active catalogue courses it does not offer yet, priority first (the picker).
 */
export function schoolCourses(
  db: DbOrTx,
  scope: Scope,
  id: Visible<'school'>,
  offerable: boolean,
): Promise<SchoolCourse[]> {
  if (offerable) {
    return rows<SchoolCourse>(
      db.execute(sql`select se.id, se.name, se.priority, se.active, null::int as series_offered_id,
          0 as students_count, 0 as active_enrollments_count
        from series se where se.type = 'Course' and se.active
          and not exists (select 1 from series_offered so where so.series_id = se.id and so.school_id = ${id})
        order by se.priority desc, se.name, se.id`),
    );
  }
  return rows<SchoolCourse>(
    db.execute(sql`select se.id, se.name, se.priority, se.active, so.id as series_offered_id,
        (select count(distinct e.student_id)::int ${liveEnrollments(scope, id)}) as students_count,
        (select count(*)::int ${liveEnrollments(scope, id)}) as active_enrollments_count
      from series_offered so join series se on se.id = so.series_id
      where so.school_id = ${id} and se.type = 'Course'
      order by se.priority desc, se.name, se.id`),
  );
}

/** GET /schools/{id}/seminars_offered: the seminars it holds (hosted) or takes part in. */
export function schoolSeminars(db: DbOrTx, scope: Scope, id: Visible<'school'>): Promise<SchoolSeminar[]> {
  return rows<SchoolSeminar>(
    db.execute(sql`select se.id, se.name, coalesce(se.school_id = ${id}, false) as hosted,
        so.id as series_offered_id,
        (select count(distinct e.student_id)::int ${liveEnrollments(scope, id)}) as students_count
      from series se left join series_offered so on so.series_id = se.id and so.school_id = ${id}
      where se.type = 'Seminar' and (se.school_id = ${id} or so.id is not null)
      order by se.name, se.id`),
  );
}
