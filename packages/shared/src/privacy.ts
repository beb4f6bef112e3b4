import { z } from 'zod';
import { PersonRef, SchoolRef } from './common.ts';
import { deliveryTypes, enrollmentStatuses, noteTypes, seriesTypes } from './enrollments.ts';
import { recordContexts, Student } from './students.ts';
import { versionEvents } from './versions.ts';

/**
 * Privacy (issue 12; docs/decisions/017): everything the product holds about one student, as a
 * file a global admin hands to them, and the erasure of their personal data on request. Religious
 * decisions are special-category personal data in most privacy laws.
 */

/** What an erased value reads in place of what was written (note texts, versions). */
export const erasedMarker = '[erased]';
/** An erased student's name: nobody's, yet still a row the lists can show and the reports count. */
export const erasedFirstName = 'Erased';
export const erasedLastName = (studentId: number) => `Student ${studentId}`;

const timestamp = z.string();
const day = z.string();

const Episode = z.object({ id: z.number(), position: z.number(), name: z.string(), date: day.nullable() });

export const PersonalDataNote = z.object({
  id: z.number(),
  type: z.enum(noteTypes),
  text: z.string(),
  /** What it is attached to: a lesson, a presentation, a visit, a reminder or the student. */
  context: z.enum(recordContexts),
  context_id: z.number().nullable(),
  author: PersonRef.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PersonalDataNote = z.infer<typeof PersonalDataNote>;

const LessonDelivery = z.object({
  id: z.number(),
  episode: Episode,
  date_sent: day.nullable(),
  date_completed: day.nullable(),
  delivery_type: z.enum(deliveryTypes).nullable(),
  grading_instructor: PersonRef.nullable(),
  created_at: timestamp,
});

const Attendance = z.object({ id: z.number(), episode: Episode, created_at: timestamp });
const Visit = z.object({ id: z.number(), date: day, visitor: PersonRef.nullable(), created_at: timestamp });
const Reminder = z.object({ id: z.number(), date: day, created_by: PersonRef.nullable(), created_at: timestamp });

const Decision = z.object({
  id: z.number(),
  decision_option: z.object({ id: z.number(), name: z.string() }),
  /** Recorded against a lesson, a presentation or a visit (DOMAIN.md). */
  context: z.enum(['lesson', 'presentation', 'visit']),
  context_id: z.number(),
  created_at: timestamp,
});

const ProductDelivery = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string() }),
  delivered_at: day,
  quantity: z.number(),
  price: z.string(),
  visitor_name: z.string().nullable(),
  delivery_type: z.enum(deliveryTypes).nullable(),
});

export const PersonalDataEnrollment = z.object({
  id: z.number(),
  registration_number: z.string(),
  series: z.object({ id: z.number(), name: z.string(), type: z.enum(seriesTypes) }),
  status: z.enum(enrollmentStatuses),
  orphaned: z.boolean(),
  started_on: day,
  lesson_number: z.number(),
  created_at: timestamp,
  lesson_deliveries: z.array(LessonDelivery),
  attendances: z.array(Attendance),
  visits: z.array(Visit),
  reminders: z.array(Reminder),
  decisions: z.array(Decision),
  product_deliveries: z.array(ProductDelivery),
  /** Notes on its lessons (the questions the student wrote), presentations, visits and reminders. */
  notes: z.array(PersonalDataNote),
});
export type PersonalDataEnrollment = z.infer<typeof PersonalDataEnrollment>;

/** The student's own fields as the list shows them, and what only the file adds. */
export const PersonalDataStudent = Student.pick({
  id: true,
  first_name: true,
  middle_name: true,
  last_name: true,
  address: true,
  address_2: true,
  city: true,
  state: true,
  country: true,
  zip_code: true,
  email: true,
  phone: true,
  social_media: true,
  include_in_mailing_list: true,
}).extend({
  avery_label_printed_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  erased_at: timestamp.nullable(),
  school: SchoolRef,
  instructor: PersonRef.nullable(),
  created_by: PersonRef.nullable(),
});
export type PersonalDataStudent = z.infer<typeof PersonalDataStudent>;

/** A row as the database holds it (snake_case columns), for records whose columns are not ours to fix. */
const StoredRow = z.record(z.string(), z.unknown());

export const PersonalDataVersion = z.object({
  id: z.number(),
  item_type: z.string(),
  item_id: z.number(),
  event: z.enum(versionEvents),
  user: PersonRef.nullable(),
  created_at: timestamp,
  /** The record before the change, as the audit trail keeps it. */
  object: StoredRow.nullable(),
  /** Each changed field: [before, after]. */
  object_changes: z.record(z.string(), z.array(z.unknown())),
});
export type PersonalDataVersion = z.infer<typeof PersonalDataVersion>;

/** A message the product sent (or keeps) about the student: the notice to their instructor. */
export const PersonalDataNotice = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});

/** GET /students/{id}/personal_data: everything the product holds about one student. */
export const PersonalData = z.object({
  exported_at: timestamp,
  exported_by: PersonRef,
  student: PersonalDataStudent,
  /** The staff the student is shared with. */
  shares: z.array(z.object({ user: PersonRef, shared_by: PersonRef.nullable(), created_at: timestamp })),
  enrollments: z.array(PersonalDataEnrollment),
  /** Notes written on the student themselves. */
  notes: z.array(PersonalDataNote),
  /** The requests for Bible studies that led to the student (interest tracking), as stored. */
  interests: z.array(StoredRow),
  notices: z.array(PersonalDataNotice),
  /** The audit trail of the student and of every one of its records, oldest first. */
  versions: z.array(PersonalDataVersion),
});
export type PersonalData = z.infer<typeof PersonalData>;

/** POST /students/{id}/erase: when, and the version that records it. */
export const ErasureResponse = z.object({ student_id: z.number(), erased_at: timestamp, version_id: z.number() });
export type ErasureResponse = z.infer<typeof ErasureResponse>;

/** The 422 of a second erasure. */
export const alreadyErased = "This student's personal data has already been erased.";
/** The 422 of a profile edit, or of setting back an old value, once the student is erased. */
export const erasedProfileLocked = "This student's personal data has been erased: the profile cannot be changed.";
