import type { StudentListQuery } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import { type CsvExport, dateCell, textCell } from '../../core/csv.ts';
import type { Scope } from '../../core/scope.ts';
import { studentFilter } from './students.queries.ts';

/**
 * A student's enrollments in one cell: courses, then seminars, each newest first (the order of the
 * student page), as 'Series #registration (status, lesson n)'; a seminar shows no lesson.
 */
const enrollmentsText = sql`left join lateral (
  select string_agg(se.name || ' #' || e.registration_number || ' (' || e.status
      || case when se.type = 'Course' then ', lesson ' || e.lesson_number else '' end || ')',
    '; ' order by se.type <> 'Course', e.started_on desc, e.id desc) as text
  from enrollments e join series se on se.id = e.series_id
  where e.student_id = s.id) en on true`;

const columns = [
  textCell('First Name', sql`s.first_name`),
  textCell('Middle Name', sql`s.middle_name`),
  textCell('Last Name', sql`s.last_name`),
  textCell('Address', sql`s.address`),
  textCell('Address 2', sql`s.address_2`),
  textCell('City', sql`s.city`),
  textCell('State', sql`s.state`),
  textCell('Zip Code', sql`s.zip_code`),
  textCell('Country', sql`s.country`),
  textCell('Email', sql`s.email`),
  textCell('Phone', sql`s.phone`),
  textCell('Social Media', sql`s.social_media`),
  textCell('Include In Mailing List', sql`s.include_in_mailing_list`),
  dateCell('Created', sql`s.created_at at time zone 'UTC'`),
  textCell('Instructor', sql`i.first_name || ' ' || i.last_name`),
  textCell('School Code', sql`sc.school_code`),
  textCell('School', sql`sc.church_name`),
  textCell('Enrollments', sql`en.text`),
];

/** GET /students.csv: the students of the list's filter and scope, in id order. */
export function studentCsv(scope: Scope, query: StudentListQuery, followupDays: number, typeSeries: number[]): CsvExport {
  return {
    label: 'students',
    columns,
    from: sql`students s join schools sc on sc.id = s.school_id left join users i on i.id = s.instructor_id
      ${enrollmentsText}`,
    where: studentFilter(scope, query, followupDays, typeSeries),
    key: [sql`s.id`],
  };
}
