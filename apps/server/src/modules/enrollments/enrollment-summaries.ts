import { type SQL, sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { writtenOnce } from '../../db/client.ts';
import { followupReasonSql, type Today } from './enrollment-caches.ts';

/**
 * An enrollment's summary (`EnrollmentSummary`) as JSON written by the database, from an
 * enrollment `e` joined to its series `se`: its registration number as text, its last lesson sent
 * as an object, its own follow-up reason. The one definition of the summary: a student's
 * enrollments and an enrollment's page both read it.
 */
export function enrollmentSummaryJson(followupDays: number, day: Today = today()): SQL {
  return sql`json_build_object('id', e.id, 'series_id', e.series_id, 'series_name', se.name,
    'series_type', se.type, 'series', json_build_object('type', se.type, 'name', se.name),
    'registration_number', e.registration_number::text, 'lesson_number', e.lesson_number,
    'orphaned', e.orphaned, 'status', e.status,
    'last_sent_delivery', case when e.last_sent_delivery_date is not null
      then json_build_object('date_sent', e.last_sent_delivery_date::text) end,
    'cached_latest_followup_date', e.cached_latest_followup_date::text,
    'followup_reason', ${followupReasonSql(day, followupDays)})`;
}

/**
 * A lateral join that gives a student `s` its enrollments as two JSON arrays, each newest first:
 * `en.course_enrollments` and `en.seminar_enrollments` (a student's overview says which enrollment
 * needs follow-up and why). One index read per student, in the statement that reads the student.
 */
export function studentEnrollmentsJoin(followupDays: number): SQL {
  // Written once a day for the server's days of follow-up (`writtenOnce`): the day and the days
  // are the server's own, so they go into the text.
  const day = today();
  const key = `${day} ${followupDays}`;
  let written = writtenJoins.get(key);
  if (!written) {
    // Every enrollment that is not a course's goes with the seminars: a series of no known type is
    // then refused by the list's schema, not left out.
    const summaries = (courses: boolean) =>
      sql`coalesce(json_agg(${enrollmentSummaryJson(followupDays, { written: day })} order by e.started_on desc, e.id desc)
        filter (where (se.type = 'Course') = ${sql.raw(String(courses))}), '[]')`;
    written = writtenOnce(sql`cross join lateral (select ${summaries(true)} as course_enrollments,
        ${summaries(false)} as seminar_enrollments
      from enrollments e join series se on se.id = e.series_id where e.student_id = s.id) en`);
    if (writtenJoins.size >= 4) writtenJoins.clear();
    writtenJoins.set(key, written);
  }
  return written;
}
const writtenJoins = new Map<string, SQL>();
