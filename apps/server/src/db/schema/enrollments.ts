import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { episodes, series } from './catalogue.ts';
import { id, oneOf, ref, timestamps } from './columns.ts';
import { students } from './students.ts';
import { users } from './users.ts';

export const enrollmentStatuses = ['Applied', 'Attended', 'Enrolled', 'Graduated', 'Inactive'] as const;
export const deliveryTypes = ['PO', 'PD', 'IH'] as const;

/** One network-wide sequence: registration numbers are digits only and unique (DOMAIN.md). */
export const registrationNumberSeq = pgSequence('registration_number_seq', { startWith: 100001 });

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    studentId: ref('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    seriesId: ref('series_id')
      .notNull()
      .references(() => series.id),
    registrationNumber: ref('registration_number').notNull().default(sql`nextval('registration_number_seq')`),
    status: text('status', { enum: enrollmentStatuses }).notNull(),
    // The student moved to a school that does not offer this series: kept, greyed, hidden from pickers.
    orphaned: boolean('orphaned').notNull().default(false),
    lessonNumber: integer('lesson_number').notNull().default(0),
    lastSentDeliveryDate: date('last_sent_delivery_date', { mode: 'string' }),
    // Latest of lesson sent/completed dates, visits and notes (DOMAIN.md, Follow-up).
    cachedLatestFollowupDate: date('cached_latest_followup_date', { mode: 'string' }),
    // Earliest reminder date after the latest follow-up: due once it has come.
    cachedNextReminderDate: date('cached_next_reminder_date', { mode: 'string' }),
    startedOn: date('started_on', { mode: 'string' }).notNull().default(sql`current_date`),
    /**
     * The student's school, kept by the database (migration 0006): what a school's admins see of
     * its enrollments is one range of an index, not a join through two thousand students.
     */
    schoolId: ref('school_id'),
    /**
     * The student's instructor, kept by the database with the school (migration 0024): the lessons'
     * counts by instructor follow it when a student changes hands.
     */
    instructorId: ref('instructor_id'),
    ...timestamps,
  },
  (t) => [
    oneOf('enrollments_status_known', t.status, enrollmentStatuses),
    uniqueIndex('enrollments_registration_number_key').on(t.registrationNumber),
    index('enrollments_student_id_idx').on(t.studentId),
    index('enrollments_series_id_status_idx').on(t.seriesId, t.status),
    index('enrollments_followup_idx')
      .on(sql`coalesce(${t.cachedLatestFollowupDate}, ${t.startedOn})`)
      .where(sql`${t.status} in ('Applied', 'Enrolled', 'Attended')`),
    index('enrollments_reminder_idx')
      .on(t.cachedNextReminderDate)
      .where(sql`${t.status} in ('Applied', 'Enrolled', 'Attended') and ${t.cachedNextReminderDate} is not null`),
    // A school's active enrollments, oldest follow-up first (with the next reminder as an INCLUDE
    // column, migration 0006), and its students by series.
    index('enrollments_school_followup_idx')
      .on(t.schoolId, sql`coalesce(${t.cachedLatestFollowupDate}, ${t.startedOn})`, t.id)
      .where(sql`${t.status} in ('Applied', 'Enrolled', 'Attended') and not ${t.orphaned}`),
    index('enrollments_school_series_idx').on(t.schoolId, t.seriesId, t.studentId),
    // The Enrollments report finds those started in a period (issue 11), with what it groups them
    // by as INCLUDE columns (migration 0032): a network's year read from the index alone.
    index('enrollments_started_on_idx').on(t.startedOn),
    // A report of one instructor (its filter) finds their enrollments (migration 0042).
    index('enrollments_instructor_id_idx').on(t.instructorId),
  ],
);

export const episodeDeliveries = pgTable(
  'episode_deliveries',
  {
    id: id(),
    enrollmentId: ref('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    episodeId: ref('episode_id')
      .notNull()
      .references(() => episodes.id),
    dateSent: date('date_sent', { mode: 'string' }),
    dateCompleted: date('date_completed', { mode: 'string' }),
    deliveryType: text('delivery_type', { enum: deliveryTypes }),
    gradingInstructorId: ref('grading_instructor_id').references(() => users.id, { onDelete: 'set null' }),
    // Its enrollment's school and the student's instructor, kept by the database (migration 0041),
    // as a decision's, a product's and an attendance's are: a report of one lesson by instructor
    // reads no enrollment.
    cachedSchoolId: ref('cached_school_id'),
    cachedInstructorId: ref('cached_instructor_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('episode_deliveries_enrollment_episode_key').on(t.enrollmentId, t.episodeId),
    // The reports over a period (issue 11) find a network's lessons sent or returned in it.
    index('episode_deliveries_date_sent_idx').on(t.dateSent),
    index('episode_deliveries_date_completed_idx').on(t.dateCompleted),
    // A report of one lesson (its filter) finds that lesson's records (migration 0037), with their
    // days, delivery type, school and instructor as INCLUDE columns (0041): from the index alone.
    index('episode_deliveries_episode_id_idx').on(t.episodeId),
  ],
);

/** Attendance: one row per enrollment and presentation (DOMAIN.md). */
export const attendances = pgTable(
  'attendances',
  {
    id: id(),
    enrollmentId: ref('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    episodeId: ref('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    /**
     * Its enrollment's student, school, instructor and seminar, kept by the database as a
     * decision's are (migration 0033, issue 28): the network's Seminar attendance reads no
     * enrollment.
     */
    cachedStudentId: ref('cached_student_id'),
    cachedSchoolId: ref('cached_school_id'),
    cachedInstructorId: ref('cached_instructor_id'),
    cachedSeriesId: ref('cached_series_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attendances_enrollment_episode_key').on(t.enrollmentId, t.episodeId),
    index('attendances_episode_id_idx').on(t.episodeId),
  ],
);

export const visits = pgTable(
  'visits',
  {
    id: id(),
    enrollmentId: ref('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    visitorId: ref('visitor_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('visits_enrollment_id_idx').on(t.enrollmentId, t.date)],
);

export const reminders = pgTable(
  'reminders',
  {
    id: id(),
    enrollmentId: ref('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    createdById: ref('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('reminders_enrollment_id_idx').on(t.enrollmentId, t.date)],
);

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
  (t) => [primaryKey({ columns: [t.month, t.schoolId, t.instructorId, t.seriesId, t.deliveryType] })],
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
