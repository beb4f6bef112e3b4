import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { series } from './catalogue.ts';
import { ref } from './columns.ts';

/**
 * The counts the database keeps beside the enrollments and their lessons (by triggers, with each
 * migration that made them saying how): the students per series and school, the reports' counts
 * by month, and the follow-up counts. Recounted from the records in support/drills/kept-counts.ts.
 */

/**
 * How many students each school has in each series (any enrollment, orphaned too), recounted by
 * the database whenever a school's enrollments change (migration 0007): a network's or a
 * conference's course list adds up a few hundred rows instead of counting a million enrollments.
 */
export const seriesSchoolStudents = pgTable(
  'series_school_students',
  {
    seriesId: ref('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    schoolId: ref('school_id').notNull(),
    students: integer('students').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.schoolId] }), index('series_school_students_school_idx').on(t.schoolId)],
);

/**
 * Lessons sent and completed per month, school, lesson and delivery type ('' for none), kept by
 * the database as lessons are written (migration 0010, docs/decisions/014): a network's Lessons
 * report over whole months adds up these rows instead of reading every lesson of the period.
 */
export const lessonMonths = pgTable(
  'lesson_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    episodeId: ref('episode_id').notNull(),
    deliveryType: text('delivery_type').notNull(),
    sent: integer('sent').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.schoolId, t.episodeId, t.deliveryType] })],
);

/**
 * Lessons returned per month of return, school, course, delivery type ('' for none) and days out,
 * kept with lesson_months: the Lesson turnaround report's medians over whole months come from
 * these counts.
 */
export const lessonTurnarounds = pgTable(
  'lesson_turnarounds',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    seriesId: ref('series_id').notNull(),
    deliveryType: text('delivery_type').notNull(),
    days: integer('days').notNull(),
    lessons: integer('lessons').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.schoolId, t.seriesId, t.deliveryType, t.days] })],
);

/**
 * Lessons sent and completed per month, school, the student's instructor (0 for none), course and
 * delivery type ('' for none), kept with lesson_months (migration 0024, issue 28): a network's
 * Lessons report by instructor over whole months adds up these rows, not every lesson.
 */
export const lessonInstructorMonths = pgTable(
  'lesson_instructor_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    seriesId: ref('series_id').notNull(),
    deliveryType: text('delivery_type').notNull(),
    sent: integer('sent').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.schoolId, t.instructorId, t.seriesId, t.deliveryType] }),
    // The network's lessons by instructor of one course or one delivery type read that course's or
    // type's counts alone, each with what it is added up by (INCLUDE, migration 0047): a third of
    // the counts of the period, from the index alone.
    index('lesson_instructor_months_series_idx').on(t.seriesId, t.month),
    index('lesson_instructor_months_delivery_idx').on(t.deliveryType, t.month),
  ],
);

/**
 * Lessons sent and completed per month, school and the student's instructor (0 for none): the
 * counts of lesson_instructor_months added up over course and delivery type, kept by a trigger on
 * them (migration 0044, issue 28). The network's Lessons report by instructor over twelve months
 * reads some 60,000 of these rather than 520,000 of those.
 */
export const lessonInstructorTotals = pgTable(
  'lesson_instructor_totals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    sent: integer('sent').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.schoolId, t.instructorId] })],
);

/**
 * Lessons returned per month of return, school, the student's instructor (0 for none) and days
 * out, kept with lesson_turnarounds (migration 0024): the Lesson turnaround report by instructor.
 */
export const lessonInstructorTurnarounds = pgTable(
  'lesson_instructor_turnarounds',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    days: integer('days').notNull(),
    lessons: integer('lessons').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.schoolId, t.instructorId, t.days] })],
);

/**
 * The whole network's lessons sent and completed per month, lesson and delivery type ('' for
 * none), kept with lesson_months (migration 0025, issue 28): a global admin's Lessons report by
 * course, lesson or delivery type over twelve months reads some 1,700 counts, not 800,000.
 */
export const lessonNetworkMonths = pgTable(
  'lesson_network_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    episodeId: ref('episode_id').notNull(),
    deliveryType: text('delivery_type').notNull(),
    sent: integer('sent').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.episodeId, t.deliveryType] })],
);

/**
 * The whole network's lessons returned per month of return, lesson, delivery type and days out
 * (migration 0025): a global admin's Lesson turnaround by lesson, course or delivery type.
 */
export const lessonNetworkTurnarounds = pgTable(
  'lesson_network_turnarounds',
  {
    month: date('month', { mode: 'string' }).notNull(),
    episodeId: ref('episode_id').notNull(),
    deliveryType: text('delivery_type').notNull(),
    days: integer('days').notNull(),
    lessons: integer('lessons').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.episodeId, t.deliveryType, t.days] })],
);

/**
 * Lessons returned per month of return, school, lesson, delivery type ('' for none) and days out
 * (migrations 0037, 0040, issue 28): a conference's Lesson turnaround by lesson or of one lesson
 * reads some 100,000 counts, not the network's lessons.
 */
export const lessonEpisodeTurnarounds = pgTable(
  'lesson_episode_turnarounds',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    episodeId: ref('episode_id').notNull(),
    deliveryType: text('delivery_type').notNull(),
    days: integer('days').notNull(),
    lessons: integer('lessons').notNull(),
  },
  (t) => [
    primaryKey({ name: 'lesson_episode_turnarounds_pk', columns: [t.schoolId, t.month, t.episodeId, t.deliveryType, t.days] }),
    // One lesson's months across the network, the rest of the row as INCLUDE columns (migration 0040).
    index('lesson_episode_turnarounds_episode_idx').on(t.episodeId, t.month),
  ],
);

/**
 * Lessons returned per month of return, school, the student's instructor (0 for none), course and
 * days out (migration 0039, issue 28): the Lesson turnaround report by instructor of one course,
 * from some 270,000 counts over twelve months of the network's busiest course rather than its
 * 1.4 million lessons. Keyed by course first, the count as an INCLUDE column of the key (0039): a
 * course's months are read from the index alone.
 */
export const lessonInstructorSeriesTurnarounds = pgTable(
  'lesson_instructor_series_turnarounds',
  {
    seriesId: ref('series_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    days: integer('days').notNull(),
    lessons: integer('lessons').notNull(),
  },
  (t) => [primaryKey({ name: 'lesson_instructor_series_turnarounds_pk', columns: [t.seriesId, t.month, t.schoolId, t.instructorId, t.days] })],
);

/**
 * Lessons returned per month of return, school, the student's instructor (0 for none), delivery
 * type ('' for none) and days out (migration 0039, issue 28): the Lesson turnaround report by
 * instructor of one delivery type. Keyed by delivery type first, the count as an INCLUDE column.
 */
export const lessonInstructorDeliveryTurnarounds = pgTable(
  'lesson_instructor_delivery_turnarounds',
  {
    deliveryType: text('delivery_type').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    days: integer('days').notNull(),
    lessons: integer('lessons').notNull(),
  },
  (t) => [primaryKey({ name: 'lesson_instructor_delivery_turnarounds_pk', columns: [t.deliveryType, t.month, t.schoolId, t.instructorId, t.days] })],
);

/**
 * Active enrollments (not orphaned) per school, day of their latest follow-up (or start) and day of
 * their next reminder ('infinity' for none), kept by the database as enrollments change (migration
 * 0026, issue 28): the network's follow-up roll-up by conference or school counts these rows, a
 * few hundred per school, instead of the 600,000 enrollments that need follow-up.
 */
export const followupCounts = pgTable(
  'followup_counts',
  {
    schoolId: ref('school_id').notNull(),
    followupDate: date('followup_date', { mode: 'string' }).notNull(),
    reminderDate: date('reminder_date', { mode: 'string' }).notNull(),
    enrollments: integer('enrollments').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.followupDate, t.reminderDate] })],
);

/**
 * Enrollments per month started, school (0 for none), course or seminar and status, kept by the
 * database as enrollments are written, moved, closed and deleted (migration 0043, issue 28): the
 * network's Enrollments report by course, status, month or school over whole months adds up some
 * 50,000 counts a year instead of 580,000 enrollments. A change writes the difference it makes as
 * new rows, so that writers never wait on one another's counts; a key's count is the sum of its
 * rows, which are added up into one now and then (srs_compact_enrollment_months, hourly).
 */
export const enrollmentMonths = pgTable(
  'enrollment_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    seriesId: ref('series_id').notNull(),
    status: text('status').notNull(),
    enrollments: integer('enrollments').notNull(),
  },
  // A network's months are a range of the first, a school's of the second.
  (t) => [index('enrollment_months_month_idx').on(t.month), index('enrollment_months_school_id_month_idx').on(t.schoolId, t.month)],
);

/**
 * Enrollments per month started, school (0 for none) and the student's instructor (0 for none),
 * with how many of them are active, graduated and inactive, kept with enrollment_months (migration
 * 0043): the Enrollments report by instructor, some 60,000 counts a year.
 */
export const enrollmentInstructorMonths = pgTable(
  'enrollment_instructor_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    enrollments: integer('enrollments').notNull(),
    active: integer('active').notNull(),
    graduated: integer('graduated').notNull(),
    inactive: integer('inactive').notNull(),
  },
  (t) => [
    index('enrollment_instructor_months_month_idx').on(t.month),
    index('enrollment_instructor_months_school_id_month_idx').on(t.schoolId, t.month),
  ],
);
