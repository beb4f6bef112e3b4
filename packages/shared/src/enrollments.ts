import { z } from 'zod';
import {
  boundedArray,
  decimalNumber,
  destroyFlag,
  flag,
  idRef,
  isoDate,
  limits,
  Pagination,
  PersonRef,
  permissionsOf,
  requiredText,
  SchoolRef,
  wholeNumber,
} from './common.ts';
import { FollowupReason } from './followup.ts';
import { messages } from './messages.ts';

export const enrollmentStatuses = ['Applied', 'Attended', 'Enrolled', 'Graduated', 'Inactive'] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];
export const activeStatuses: readonly EnrollmentStatus[] = ['Applied', 'Enrolled', 'Attended'];
/** SPEC section 4 colours. */
export const statusColours: Record<EnrollmentStatus, 'yellow' | 'blue' | 'green' | 'gray'> = {
  Applied: 'yellow',
  Attended: 'blue',
  Enrolled: 'blue',
  Graduated: 'green',
  Inactive: 'gray',
};
export const seriesTypes = ['Course', 'Seminar'] as const;
export type SeriesType = (typeof seriesTypes)[number];
export const deliveryTypes = ['PO', 'PD', 'IH'] as const;
export const deliveryTypeLabels: Record<(typeof deliveryTypes)[number], string> = {
  PO: 'Post Office',
  PD: 'Personal Delivery',
  IH: 'In-home',
};
export const noteTypes = ['Note', 'PrayerRequest'] as const;

/** The enrollment as the student lists show it (SPEC section 3, Enrollment). */
export const EnrollmentSummary = z.object({
  id: z.number(),
  series_id: z.number(),
  series_name: z.string(),
  series_type: z.enum(seriesTypes),
  series: z.object({ type: z.enum(seriesTypes), name: z.string() }),
  registration_number: z.string(),
  lesson_number: z.number(),
  orphaned: z.boolean(),
  status: z.enum(enrollmentStatuses),
  last_sent_delivery: z.object({ date_sent: z.string() }).nullable(),
  cached_latest_followup_date: z.string().nullable(),
  /** Why this enrollment needs follow-up today; null when it does not. */
  followup_reason: FollowupReason.nullable(),
});
export type EnrollmentSummary = z.infer<typeof EnrollmentSummary>;

/**
 * Where a course stands: SPEC section 2's 'Lesson N sent' (N the highest lesson sent), and for a
 * new enrollment, which has sent none, 'No lesson sent yet' rather than 'Lesson 0 sent'.
 */
export function lessonSentLabel(lessonNumber: number): string {
  return lessonNumber >= 1 ? `Lesson ${lessonNumber} sent` : 'No lesson sent yet';
}

/** A row of 'Students needing follow-up' (dashboard). */
export const FollowupEnrollment = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }),
  series: z.object({ id: z.number(), name: z.string(), type: z.enum(seriesTypes) }),
  instructor: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).nullable(),
  status: z.enum(enrollmentStatuses),
  cached_latest_followup_date: z.string().nullable(),
  /** The date since which the enrollment has had no follow-up (or its start). */
  last_followup_date: z.string(),
  /** Why it is on the list. */
  followup_reason: FollowupReason,
});
export type FollowupEnrollment = z.infer<typeof FollowupEnrollment>;

export const FollowupListResponse = z.object({ enrollments: z.array(FollowupEnrollment), pagination: Pagination });
export type FollowupListResponse = z.infer<typeof FollowupListResponse>;

// ---------------------------------------------------------------------------------------------
// One enrollment with its records (GET /enrollments/{id}), and the nested writes of PUT.

export const DecisionItem = z.object({
  id: z.number(),
  decision_option_id: z.number(),
  decision_option_name: z.string(),
});
export type DecisionItem = z.infer<typeof DecisionItem>;

export const NoteItem = z.object({
  id: z.number(),
  type: z.enum(noteTypes),
  text: z.string(),
  created_at: z.string(),
  author: PersonRef.nullable(),
});
export type NoteItem = z.infer<typeof NoteItem>;

/** A lesson (course) sent or received. */
export const EpisodeDelivery = z.object({
  id: z.number(),
  episode_id: z.number(),
  episode_name: z.string(),
  episode_position: z.number(),
  date_sent: z.string().nullable(),
  date_completed: z.string().nullable(),
  delivery_type: z.enum(deliveryTypes).nullable(),
  grading_instructor_id: z.number().nullable(),
  decisions: z.array(DecisionItem),
  notes: z.array(NoteItem),
});
export type EpisodeDelivery = z.infer<typeof EpisodeDelivery>;

/** A presentation (seminar) attended: decisions and notes of a presentation hang on it. */
export const Attendance = z.object({
  id: z.number(),
  episode_id: z.number(),
  episode_name: z.string(),
  episode_position: z.number(),
  decisions: z.array(DecisionItem),
  notes: z.array(NoteItem),
});
export type Attendance = z.infer<typeof Attendance>;

export const Visit = z.object({
  id: z.number(),
  date: z.string(),
  visitor: PersonRef.nullable(),
  decisions: z.array(DecisionItem),
  notes: z.array(NoteItem),
});
export type Visit = z.infer<typeof Visit>;

export const Reminder = z.object({ id: z.number(), date: z.string(), notes: z.array(NoteItem) });
export type Reminder = z.infer<typeof Reminder>;

export const ProductDelivery = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  delivered_at: z.string(),
  quantity: z.number(),
  /** Decimal as text, two places ('12.50'). */
  price: z.string(),
  visitor_name: z.string().nullable(),
  delivery_type: z.enum(deliveryTypes).nullable(),
});
export type ProductDelivery = z.infer<typeof ProductDelivery>;

/** Actions on an enrollment: change its status and records, delete it (docs/decisions.md "Writes by role"). */
export const enrollmentActions = ['update', 'destroy'] as const;
export type EnrollmentAction = (typeof enrollmentActions)[number];
export const EnrollmentPermissions = permissionsOf(enrollmentActions);
export type EnrollmentPermissions = z.infer<typeof EnrollmentPermissions>;

export const EnrollmentDetail = EnrollmentSummary.extend({
  student: z.object({ id: z.number(), first_name: z.string(), middle_name: z.string().nullable(), last_name: z.string() }),
  school: SchoolRef,
  instructor: PersonRef.nullable(),
  started_on: z.string(),
  needing_followup: z.boolean(),
  cached_next_reminder_date: z.string().nullable(),
  episode_deliveries: z.array(EpisodeDelivery),
  attendances: z.array(Attendance),
  visits: z.array(Visit),
  reminders: z.array(Reminder),
  product_deliveries: z.array(ProductDelivery),
  /** What the signed-in user may do with this enrollment. */
  permissions: EnrollmentPermissions,
});
export type EnrollmentDetail = z.infer<typeof EnrollmentDetail>;

/** POST /enrollments, JSON or multipart (SPEC section 7). */
export const EnrollmentCreateInput = z.object({
  student_id: idRef,
  series_id: idRef,
  school_id: idRef.optional(),
  notify_instructor_by_email: flag.default(false),
});
export type EnrollmentCreateInput = z.infer<typeof EnrollmentCreateInput>;

const nestedId = { id: idRef.optional(), _destroy: destroyFlag.optional() };
const nullableDate = isoDate.nullish();

/** decisions_attributes: ticked options; unticked existing ones come with _destroy (SPEC section 4). */
export const DecisionAttributes = z.object({ ...nestedId, decision_option_id: idRef.optional() });
/** notes_attributes: type and text both required (SPEC section 5). */
export const NoteAttributes = z.object({
  ...nestedId,
  type: z.enum(noteTypes, { error: messages.fieldRequired }).optional(),
  text: requiredText(5000).optional(),
});
const nested = {
  decisions_attributes: boundedArray(DecisionAttributes, 100).optional(),
  notes_attributes: boundedArray(NoteAttributes, 50).optional(),
};

export const EpisodeDeliveryAttributes = z.object({
  ...nestedId,
  episode_id: idRef.optional(),
  date_sent: nullableDate,
  date_completed: nullableDate,
  delivery_type: z.enum(deliveryTypes).nullish(),
  grading_instructor_id: idRef.nullish(),
  ...nested,
});
export const AttendanceAttributes = z.object({ ...nestedId, episode_id: idRef.optional(), ...nested });
export const VisitAttributes = z.object({ ...nestedId, date: isoDate.optional(), ...nested });
export const ReminderAttributes = z.object({ ...nestedId, date: isoDate.optional(), notes_attributes: nested.notes_attributes });
export const ProductDeliveryAttributes = z.object({
  ...nestedId,
  product_id: idRef.optional(),
  delivered_at: isoDate.optional(),
  quantity: wholeNumber((n) => n.min(1, limits.atLeast(1)).max(100000, limits.atMost(100000))).optional(),
  /** A number, minimum 0, step 0.01 (SPEC section 5); blank ('' too) falls back to the offer's default price. */
  price: z.preprocess((value) => (value === '' ? null : value), decimalNumber(2, (n) => n.min(0, limits.atLeast(0)).max(1_000_000, limits.atMost(1_000_000))).nullish()),
  visitor_name: z.string().trim().max(200, limits.tooLong(200)).nullish(),
  delivery_type: z.enum(deliveryTypes).nullish(),
});

/**
 * PUT /enrollments/{id}: the status and nested records (SPEC section 7), written in one
 * transaction with their audit versions. A record without id is created, with id updated,
 * with `_destroy` removed. attendances_attributes is ours: the presentations of a seminar.
 */
export const EnrollmentUpdateInput = z.object({
  status: z.enum(enrollmentStatuses).optional(),
  visits_attributes: boundedArray(VisitAttributes, 100).optional(),
  episode_deliveries_attributes: boundedArray(EpisodeDeliveryAttributes, 200).optional(),
  product_deliveries_attributes: boundedArray(ProductDeliveryAttributes, 100).optional(),
  reminders_attributes: boundedArray(ReminderAttributes, 100).optional(),
  attendances_attributes: boundedArray(AttendanceAttributes, 200).optional(),
});
export type EnrollmentUpdateInput = z.input<typeof EnrollmentUpdateInput>;
export type EnrollmentUpdate = z.infer<typeof EnrollmentUpdateInput>;

/** GET /enrollments/{id}/decisions_summary: every decision option of the series, decided or not. */
export const DecisionSummaryItem = z.object({
  id: z.number(),
  name: z.string(),
  decided: z.boolean(),
  decisions_count: z.number(),
  first_decided_on: z.string().nullable(),
});
export type DecisionSummaryItem = z.infer<typeof DecisionSummaryItem>;
export const DecisionsSummaryResponse = z.object({ decision_options: z.array(DecisionSummaryItem) });
export type DecisionsSummaryResponse = z.infer<typeof DecisionsSummaryResponse>;

/** PUT /enrollments/take_attendance: who attended one presentation. */
export const TakeAttendanceInput = z.object({
  episode_id: idRef,
  attendances: boundedArray(z.object({ enrollment_id: idRef, attended: z.boolean() }), 2000).min(1, limits.tooFew(1)),
});
export type TakeAttendanceInput = z.infer<typeof TakeAttendanceInput>;
export const TakeAttendanceResponse = z.object({ updated: z.number() });
