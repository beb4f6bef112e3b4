import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
