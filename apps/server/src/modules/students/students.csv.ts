import { enrollmentStatuses } from '@srs/shared/enrollments';
import type { StudentListQuery } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import { type CsvExport, dateCell, textCell } from '../../core/csv.ts';
import { exportText as t, type Language, wordsIn } from '../file-words/public.ts';
import type { Scope } from '../../core/scope.ts';
import { studentFilter } from './students.queries.ts';

/**
 * A student's enrollments in one cell: courses, then seminars, each newest first (the order of the
 * student page), as 'Series #registration (status, lesson n)'; a seminar shows no lesson. The status
 * and the word 'lesson' in the language of the file.
 */
const enrollmentsText = (language: Language) => sql`left join lateral (
  select string_agg(se.name || ' #' || e.registration_number || ' (' || ${wordsIn(language, sql`e.status`, enrollmentStatuses)}
      || case when se.type = 'Course' then ${`, ${t(language, 'lessonInCell')} `} || e.lesson_number else '' end || ')',
    '; ' order by se.type <> 'Course', e.started_on desc, e.id desc) as text
  from enrollments e join series se on se.id = e.series_id
  where e.student_id = s.id) en on true`;

/** The columns, headed in the language of the file (the English headings are the SPEC's). */
const columnsIn = (language: Language) => [
  textCell(t(language, 'firstName'), sql`s.first_name`),
  textCell(t(language, 'middleName'), sql`s.middle_name`),
  textCell(t(language, 'lastName'), sql`s.last_name`),
  textCell(t(language, 'address'), sql`s.address`),
  textCell(t(language, 'address2'), sql`s.address_2`),
  textCell(t(language, 'city'), sql`s.city`),
  textCell(t(language, 'state'), sql`s.state`),
  textCell(t(language, 'zipCode'), sql`s.zip_code`),
  textCell(t(language, 'country'), sql`s.country`),
  textCell(t(language, 'email'), sql`s.email`),
  textCell(t(language, 'phone'), sql`s.phone`),
  textCell(t(language, 'socialMedia'), sql`s.social_media`),
  textCell(t(language, 'includeInMailingList'), sql`s.include_in_mailing_list`),
  dateCell(t(language, 'created'), sql`s.created_at at time zone 'UTC'`),
  textCell(t(language, 'instructor'), sql`i.first_name || ' ' || i.last_name`),
  textCell(t(language, 'schoolCode'), sql`sc.school_code`),
  textCell(t(language, 'school'), sql`sc.church_name`),
  textCell(t(language, 'enrollments'), sql`en.text`),
];

/** GET /students.csv: the students of the list's filter and scope, in id order, in the language of who asked. */
export function studentCsv(
  scope: Scope,
  query: StudentListQuery,
  followupDays: number,
  typeSeries: number[],
  language: Language = 'en',
): CsvExport {
  return {
    label: 'students',
    columns: columnsIn(language),
    from: sql`students s join schools sc on sc.id = s.school_id left join users i on i.id = s.instructor_id
      ${enrollmentsText(language)}`,
    where: studentFilter(scope, query, followupDays, typeSeries),
    key: [sql`s.id`],
    language,
  };
}
