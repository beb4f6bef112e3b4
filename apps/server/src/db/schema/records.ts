import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { decisionOptions, productOffers, series } from './catalogue.ts';
import { id, ref, timestamps } from './columns.ts';
import { attendances, deliveryTypes, enrollments, episodeDeliveries, reminders, visits } from './enrollments.ts';
import { schools } from './organisations.ts';
import { students } from './students.ts';
import { apiKeys } from './system.ts';
import { users } from './users.ts';

export const noteTypes = ['Note', 'PrayerRequest'] as const;

/** Decisions are recorded against a lesson, a presentation or a visit (DOMAIN.md). */
export const decisions = pgTable(
  'decisions',
  {
    id: id(),
    decisionOptionId: ref('decision_option_id')
      .notNull()
      .references(() => decisionOptions.id),
    cachedEnrollmentId: ref('cached_enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    /**
     * Its enrollment's student, kept by the database (migration 0011): the Decisions report counts
     * the students of a network's quarter without reading a million enrollments.
     */
    cachedStudentId: ref('cached_student_id'),
    /**
     * Its enrollment's school and instructor, kept with the student (migration 0027, issue 28): a
     * network's Decisions by school or instructor read no enrollment.
     */
    cachedSchoolId: ref('cached_school_id'),
    cachedInstructorId: ref('cached_instructor_id'),
    /**
     * The lesson or presentation of its lesson record or attendance (none for a visit), kept by the
     * database (migration 0030, issue 28): a network's Decisions by lesson read no lesson record.
     */
    cachedEpisodeId: ref('cached_episode_id'),
    episodeDeliveryId: ref('episode_delivery_id').references(() => episodeDeliveries.id, { onDelete: 'cascade' }),
    attendanceId: ref('attendance_id').references(() => attendances.id, { onDelete: 'cascade' }),
    visitId: ref('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('decisions_cached_enrollment_id_idx').on(t.cachedEnrollmentId),
    index('decisions_episode_delivery_id_idx').on(t.episodeDeliveryId),
    index('decisions_visit_id_idx').on(t.visitId),
    // Each foreign key's referencing side indexed, so that a delete of many lessons, visits,
    // attendances or students does not read the whole table once per row it deletes (issue 27).
    index('decisions_attendance_id_idx').on(t.attendanceId).where(sql`${t.attendanceId} is not null`),
    // A student's decisions, read whole when one of them changes (decision_months, migration 0036).
    index('decisions_cached_student_id_idx').on(t.cachedStudentId),
    // A school's decisions of a period (a conference or school admin's Decisions report, 0036).
    index('decisions_cached_school_id_created_at_idx').on(t.cachedSchoolId, t.createdAt),
    // The Decisions report finds the decisions recorded in a period (issue 11), with what it groups
    // and counts them by as INCLUDE columns (migration 0035): a network's year read from the index alone.
    index('decisions_created_at_idx').on(t.createdAt),
    check('decisions_context_check', sql`num_nonnulls(${t.episodeDeliveryId}, ${t.attendanceId}, ${t.visitId}) = 1`),
  ],
);

/**
 * The network's decisions per month, row of the Decisions report (`kind`: 'option' by name,
 * 'series', 'lesson' by series and lesson, 'school', 'instructor', and 'all' for the totals; '' or
 * 0 where a kind has no such column) and month of the student's decision before in the same row
 * ('-infinity' for none), kept by the database (migration 0036, issue 28): a global admin's
 * Decisions over twelve months count the students from a few thousand rows. A change writes the
 * difference it makes as new rows; a key's count is the sum of its rows.
 */
export const decisionMonths = pgTable(
  'decision_months',
  {
    kind: text('kind').notNull(),
    optionName: text('option_name').notNull(),
    seriesId: ref('series_id').notNull(),
    episodeId: ref('episode_id').notNull(),
    schoolId: ref('school_id').notNull(),
    instructorId: ref('instructor_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    prevMonth: date('prev_month', { mode: 'string' }).notNull(),
    decisions: integer('decisions').notNull(),
  },
  (t) => [index('decision_months_kind_month_idx').on(t.kind, t.month)],
);

/** The time zone decision_months counts its months in (one row, migration 0036). */
export const decisionMonthsZone = pgTable('decision_months_zone', { zone: text('zone').primaryKey() });

/** Notes attach to a lesson or presentation delivery, a reminder, a visit or the student. */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    type: text('type', { enum: noteTypes }).notNull().default('Note'),
    text: text('text').notNull(),
    studentId: ref('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    cachedEnrollmentId: ref('cached_enrollment_id').references(() => enrollments.id, { onDelete: 'cascade' }),
    episodeDeliveryId: ref('episode_delivery_id').references(() => episodeDeliveries.id, { onDelete: 'cascade' }),
    attendanceId: ref('attendance_id').references(() => attendances.id, { onDelete: 'cascade' }),
    reminderId: ref('reminder_id').references(() => reminders.id, { onDelete: 'cascade' }),
    visitId: ref('visit_id').references(() => visits.id, { onDelete: 'cascade' }),
    authorId: ref('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('notes_student_id_idx').on(t.studentId, t.createdAt),
    index('notes_cached_enrollment_id_idx').on(t.cachedEnrollmentId),
    index('notes_episode_delivery_id_idx').on(t.episodeDeliveryId).where(sql`${t.episodeDeliveryId} is not null`),
    index('notes_attendance_id_idx').on(t.attendanceId).where(sql`${t.attendanceId} is not null`),
    index('notes_reminder_id_idx').on(t.reminderId).where(sql`${t.reminderId} is not null`),
    index('notes_visit_id_idx').on(t.visitId).where(sql`${t.visitId} is not null`),
  ],
);

export const productDeliveries = pgTable(
  'product_deliveries',
  {
    id: id(),
    enrollmentId: ref('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    productOfferId: ref('product_offer_id')
      .notNull()
      .references(() => productOffers.id),
    deliveredAt: date('delivered_at', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    visitorName: text('visitor_name'),
    deliveryType: text('delivery_type', { enum: deliveryTypes }),
    /**
     * Its enrollment's school, instructor and course or seminar, kept by the database as a
     * decision's are (migration 0031, issue 28): the network's Products by school, instructor or
     * series read no enrollment.
     */
    cachedSchoolId: ref('cached_school_id'),
    cachedInstructorId: ref('cached_instructor_id'),
    cachedSeriesId: ref('cached_series_id'),
    ...timestamps,
  },
  (t) => [index('product_deliveries_enrollment_id_idx').on(t.enrollmentId)],
);

export const interestStatuses = ['new', 'assigned', 'contacted', 'enrolled', 'closed'] as const;

/** A person who asked for Bible studies (DOMAIN.md, Interest tracking). */
export const interests = pgTable(
  'interests',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    address2: text('address_2'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    zipCode: text('zip_code'),
    seriesId: ref('series_id').references(() => series.id),
    source: text('source').notNull().default('manual'),
    receivedOn: date('received_on', { mode: 'string' }).notNull().default(sql`current_date`),
    status: text('status', { enum: interestStatuses }).notNull().default('new'),
    schoolId: ref('school_id').references(() => schools.id, { onDelete: 'set null' }),
    studentId: ref('student_id').references(() => students.id, { onDelete: 'set null' }),
    assignedAt: date('assigned_at', { mode: 'string' }),
    contactedAt: date('contacted_at', { mode: 'string' }),
    enrolledAt: date('enrolled_at', { mode: 'string' }),
    closedAt: date('closed_at', { mode: 'string' }),
    closedReason: text('closed_reason'),
    // The enrollment its assignment made (or found): the student's enrollment in the series asked for.
    enrollmentId: ref('enrollment_id').references(() => enrollments.id, { onDelete: 'set null' }),
    createdById: ref('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    // An interest a website sent with a key, under the sender's own id: sent again, it is the same one.
    apiKeyId: ref('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    ...timestamps,
  },
  (t) => [
    index('interests_status_idx').on(t.status, t.receivedOn),
    index('interests_school_id_idx').on(t.schoolId),
    index('interests_student_id_idx').on(t.studentId).where(sql`${t.studentId} is not null`),
    index('interests_enrollment_id_idx').on(t.enrollmentId).where(sql`${t.enrollmentId} is not null`),
    uniqueIndex('interests_api_key_external_id_key').on(t.apiKeyId, t.externalId),
  ],
);
