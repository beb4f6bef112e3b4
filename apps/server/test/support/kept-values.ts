import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { refreshAllEnrollmentCaches } from '../../src/modules/enrollments/public.ts';
import {
  countedDecisionMonths,
  countedEnrollmentInstructorMonths,
  countedEnrollmentMonths,
  countedStudentKeys,
  keptDecisionMonths,
  keptEnrollmentInstructorMonths,
  keptEnrollmentMonths,
  keptStudentKeys,
} from './drills/kept-counts.ts';
import { expectLessonCountsKept } from './lesson-rollups.ts';

/**
 * Every value the database or the app keeps beside the rows it is worked out from, found by
 * reading the migrations, each with its definition (the migration that made it):
 *
 *   students.search_name                       0005 (generated: PostgreSQL computes it)
 *   name_words, student_words                  0005_name_search, privacy-name-words.test.ts
 *   enrollments.school_id                      0006_enrollment_school
 *   series_school_students                     0007_series_school_students
 *   versions.school_id                         0008_version_school (srs_version_school)
 *   lesson_months, lesson_turnarounds          0010_report_rollups (support/lesson-rollups.ts)
 *   enrollments.instructor_id, lesson_instructor_months, lesson_instructor_turnarounds
 *                                              0024_instructor_rollups (support/lesson-rollups.ts)
 *   lesson_network_months, lesson_network_turnarounds   0025_network_rollups (support/lesson-rollups.ts)
 *   lesson_episode_turnarounds                 0037_lesson_episode_turnarounds (support/lesson-rollups.ts)
 *   lesson_instructor_series_turnarounds, lesson_instructor_delivery_turnarounds
 *                                              0039_instructor_filter_turnarounds (support/lesson-rollups.ts)
 *   followup_counts                            0026_followup_counts (support/lesson-rollups.ts)
 *   decisions.cached_school_id, decisions.cached_instructor_id   0027_decision_place
 *   decisions.cached_student_id                0011_decision_student
 *   decisions.cached_episode_id                0030_decision_episode
 *   product_deliveries.cached_school_id, cached_instructor_id, cached_series_id   0031_product_place
 *   attendances.cached_student_id, cached_school_id, cached_instructor_id, cached_series_id   0033_attendance_place
 *   episode_deliveries.cached_school_id, cached_instructor_id   0041_lesson_place
 *   student_key_counts                         0029_student_key_counts (support/drills/kept-counts.ts)
 *   decision_months, decision_months_zone      0036_decision_months (support/drills/kept-counts.ts)
 *   enrollment_months, enrollment_instructor_months   0043_enrollment_months (support/drills/kept-counts.ts)
 *   lesson_instructor_totals                   0044_lesson_instructor_totals (support/lesson-rollups.ts)
 *   enrollments' lesson_number, last_sent_delivery_date, cached_latest_followup_date,
 *   cached_next_reminder_date                  0001, kept by the app (enrollment-caches.ts)
 *   decisions.cached_enrollment_id, notes.cached_enrollment_id   0001, the enrollment of their lesson,
 *                                              presentation, visit or reminder
 */
export const keptValues = [
  'students.search_name',
  'name_words',
  'student_words',
  'enrollments.school_id',
  'series_school_students',
  'versions.school_id',
  'lesson_months',
  'lesson_turnarounds',
  'enrollments.instructor_id',
  'lesson_instructor_months',
  'lesson_instructor_turnarounds',
  'lesson_network_months',
  'lesson_network_turnarounds',
  'lesson_episode_turnarounds',
  'lesson_instructor_series_turnarounds',
  'lesson_instructor_delivery_turnarounds',
  'followup_counts',
  'decisions.cached_student_id',
  'student_key_counts',
  'decision_months',
  'decision_months_zone',
  'enrollment_months',
  'enrollment_instructor_months',
  'lesson_instructor_totals',
  'decisions.cached_school_id',
  'decisions.cached_instructor_id',
  'decisions.cached_episode_id',
  'product_deliveries.cached_school_id',
  'product_deliveries.cached_instructor_id',
  'product_deliveries.cached_series_id',
  'attendances.cached_student_id',
  'attendances.cached_school_id',
  'attendances.cached_instructor_id',
  'attendances.cached_series_id',
  'episode_deliveries.cached_school_id',
  'episode_deliveries.cached_instructor_id',
  'enrollments.lesson_number',
  'enrollments.last_sent_delivery_date',
  'enrollments.cached_latest_followup_date',
  'enrollments.cached_next_reminder_date',
  'decisions.cached_enrollment_id',
  'notes.cached_enrollment_id',
] as const;

const count = async (database: Database, query: string) =>
  (await database.query<{ n: number }>(`select count(*)::int as n from (${query}) x`))[0]!.n;

/** The rows of `a` not in `b` and of `b` not in `a`: none when the kept rows are their definition. */
async function expectSame(database: Database, what: string, definition: string, kept: string) {
  expect(await count(database, `(${definition}) except (${kept})`), `${what}: defined but not kept`).toBe(0);
  expect(await count(database, `(${kept}) except (${definition})`), `${what}: kept but not defined`).toBe(0);
}

/** A record's kept `cached_<column>`s (migrations 0011, 0027, 0031, 0033): its enrollment's own. */
async function expectAsTheEnrollment(database: Database, table: string, enrollment: string, columns: string[]) {
  const kept = columns.map((column) => `r.cached_${column}`).join(', ');
  const own = columns.map((column) => `e.${column}`).join(', ');
  expect(
    await count(database, `select 1 from ${table} r join enrollments e on e.id = r.${enrollment} where (${kept}) is distinct from (${own})`),
    `${table}: ${kept}`,
  ).toBe(0);
}

/** Each enrollment's school, the students' search words and the students per series and school, the lessons' counts, a decision's student. */
export async function expectDerivedDataAsTheTriggersKeepIt(database: Database) {
  expect(
    await count(database, 'select 1 from enrollments e join students s on s.id = e.student_id where e.school_id is distinct from s.school_id'),
    'enrollments.school_id',
  ).toBe(0);
  expect(
    await count(database, 'select 1 from enrollments e join students s on s.id = e.student_id where e.instructor_id is distinct from s.instructor_id'),
    'enrollments.instructor_id',
  ).toBe(0);
  expect(
    await count(database, `select 1 from students where search_name <> lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name)`),
    'students.search_name',
  ).toBe(0);
  // Every word of a name is there (a word no student has any more may stay until it is purged:
  // privacy-name-words.test.ts).
  expect(
    await count(database, `select distinct t.word from students s cross join regexp_split_to_table(s.search_name, ' ') t(word)
      where t.word <> '' except select word from name_words`),
    'name_words',
  ).toBe(0);
  await expectSame(
    database,
    'student_words',
    `select w.id as word_id, s.last_name, s.first_name, s.id as student_id, s.school_id, s.instructor_id
      from students s cross join regexp_split_to_table(s.search_name, ' ') t(word) join name_words w on w.word = t.word`,
    'select word_id, last_name, first_name, student_id, school_id, instructor_id from student_words',
  );
  await expectSame(
    database,
    'series_school_students',
    `select e.series_id, e.school_id, count(distinct e.student_id)::int as students from enrollments e
      where e.school_id is not null group by 1, 2`,
    'select series_id, school_id, students from series_school_students',
  );
  await expectLessonCountsKept(database);
  await expectSame(database, 'student_key_counts', countedStudentKeys, keptStudentKeys);
  await expectSame(database, 'decision_months', countedDecisionMonths, keptDecisionMonths);
  await expectSame(database, 'enrollment_months', countedEnrollmentMonths, keptEnrollmentMonths);
  await expectSame(database, 'enrollment_instructor_months', countedEnrollmentInstructorMonths, keptEnrollmentInstructorMonths);
  await expectAsTheEnrollment(database, 'decisions', 'cached_enrollment_id', ['student_id', 'school_id', 'instructor_id']);
  expect(
    await count(
      database,
      `select 1 from decisions d where d.cached_episode_id is distinct from coalesce(
        (select dd.episode_id from episode_deliveries dd where dd.id = d.episode_delivery_id),
        (select a.episode_id from attendances a where a.id = d.attendance_id))`,
    ),
    'decisions.cached_episode_id',
  ).toBe(0);
  await expectAsTheEnrollment(database, 'product_deliveries', 'enrollment_id', ['school_id', 'instructor_id', 'series_id']);
  await expectAsTheEnrollment(database, 'attendances', 'enrollment_id', ['student_id', 'school_id', 'instructor_id', 'series_id']);
  await expectAsTheEnrollment(database, 'episode_deliveries', 'enrollment_id', ['school_id', 'instructor_id']);
}

/** A version's school, a decision's and a note's enrollment: as their definitions work them out from the rows. */
export async function expectRecordsPointAsDefined(database: Database) {
  expect(
    await count(
      database,
      'select 1 from versions where school_id is distinct from srs_version_school(item_type, item_id, srs_version_row(object, object_changes))',
    ),
    'versions.school_id',
  ).toBe(0);
  const contextEnrollment = `coalesce((select d.enrollment_id from episode_deliveries d where d.id = r.episode_delivery_id),
    (select a.enrollment_id from attendances a where a.id = r.attendance_id),
    (select v.enrollment_id from visits v where v.id = r.visit_id)`;
  expect(
    await count(database, `select 1 from decisions r where r.cached_enrollment_id is distinct from ${contextEnrollment})`),
    'decisions.cached_enrollment_id',
  ).toBe(0);
  expect(
    await count(
      database,
      `select 1 from notes r where num_nonnulls(r.episode_delivery_id, r.attendance_id, r.visit_id, r.reminder_id) > 0
        and r.cached_enrollment_id is distinct from ${contextEnrollment},
        (select m.enrollment_id from reminders m where m.id = r.reminder_id))`,
    ),
    'notes.cached_enrollment_id',
  ).toBe(0);
}

/** The enrollments' caches are what refreshing them gives (enrollment-caches.ts); returns how many were compared. */
export async function expectCachesUnchangedByRefresh(database: Database): Promise<number> {
  const snapshot = `select id, lesson_number, last_sent_delivery_date, cached_latest_followup_date,
    cached_next_reminder_date from enrollments order by id`;
  const before = await database.query(snapshot);
  await refreshAllEnrollmentCaches(database.db);
  const after = await database.query(snapshot);
  expect(after).toEqual(before);
  return before.length;
}
