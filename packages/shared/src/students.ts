import { z } from 'zod';
import {
  boundedArray,
  boundedText,
  flag,
  idRef,
  limits,
  ListQuery,
  optionalText,
  Pagination,
  PersonRef,
  permissionsOf,
  requiredText,
  SchoolRef,
  wholeNumber,
} from './common.ts';
import { EnrollmentSummary, noteTypes, ProductDelivery, seriesTypes } from './enrollments.ts';

export const mailingOptions = ['if_address_valid', 'always', 'never'] as const;
/** Each mailing option as a person reads it (the form, the profile, a change's page). */
export const mailingOptionLabels: Record<(typeof mailingOptions)[number], string> = {
  if_address_valid: 'If the address is valid',
  always: 'Always',
  never: 'Never',
};
export const studentSections = ['all', 'mine', 'shared'] as const;

/** A query array in bracket style (`full_name_i_cont_all[]=ann`) or a single value. */
const stringArray = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  boundedArray(boundedText(100), 10).optional(),
);

/** Registration numbers have at most 18 digits: every one fits a PostgreSQL bigint. */
export const registrationNumberMaxDigits = 18;

export const StudentListQuery = ListQuery.extend({
  full_name_i_cont_all: stringArray,
  section: z.enum(studentSections).default('all'),
  enrollments_registration_number_eq: z
    .string()
    .regex(/^\d+$/)
    .max(registrationNumberMaxDigits, limits.tooLong(registrationNumberMaxDigits))
    .optional(),
  enrollments_needing_followup_eq: z.enum(['true', 'false']).optional(),
  enrollments_series_id_eq: idRef.optional(),
  /** Students with an enrollment (not orphaned) in a course, or in a seminar: the dashboard tiles. */
  enrollments_series_type_eq: z.enum(seriesTypes).optional(),
  school_id_eq: idRef.optional(),
  instructor_id_eq: idRef.optional(),
  sortBy: z.enum(['name', 'address', 'created_at', 'instructor', 'school']).default('name'),
});
export type StudentListQuery = z.infer<typeof StudentListQuery>;

export const StudentRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });

export const Student = z.object({
  id: z.number(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zip_code: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  social_media: z.string().nullable(),
  include_in_mailing_list: z.enum(mailingOptions),
  created_at: z.string(),
  /** When the student's personal data was erased on request (issue 12); null while it is kept. */
  erased_at: z.string().nullable(),
  instructor: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).nullable(),
  school: z.object({ id: z.number(), school_code: z.string(), church_name: z.string() }),
  course_enrollments: z.array(EnrollmentSummary),
  seminar_enrollments: z.array(EnrollmentSummary),
});
export type Student = z.infer<typeof Student>;

/**
 * Actions on a student: edit the profile (and record its lessons, visits…), delete it, reassign
 * it, share or unshare it, enroll it (docs/decisions.md "Writes by role", "Sharing").
 */
export const studentActions = ['update', 'destroy', 'reassign', 'share', 'enroll'] as const;
export type StudentAction = (typeof studentActions)[number];
export const StudentPermissions = permissionsOf(studentActions);
export type StudentPermissions = z.infer<typeof StudentPermissions>;
/** GET, POST and PUT /students/{id}: the student with what the signed-in user may do with it. */
export const StudentDetail = Student.extend({ permissions: StudentPermissions });
export type StudentDetail = z.infer<typeof StudentDetail>;

export const StudentListResponse = z.object({ students: z.array(Student), pagination: Pagination });
export type StudentListResponse = z.infer<typeof StudentListResponse>;

/**
 * The fields of a student as the new-student and profile forms send them (SPEC section 5):
 * first name, last name, country, address, city, state and zip are required.
 */
export const StudentFields = z.object({
  first_name: requiredText(100),
  middle_name: optionalText(100),
  last_name: requiredText(100),
  address: requiredText(200),
  address_2: optionalText(200),
  city: requiredText(100),
  state: requiredText(100),
  country: requiredText(100),
  zip_code: requiredText(20),
  email: optionalText(200).refine(
    (value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
    'is not a valid email address',
  ),
  phone: optionalText(40),
  social_media: optionalText(200),
  include_in_mailing_list: z.enum(mailingOptions).default('if_address_valid'),
});
export type StudentFields = z.infer<typeof StudentFields>;
export type StudentFieldsInput = z.input<typeof StudentFields>;

/** Each field of the student form as the form labels it (the import's mapping step, the merge's choices). */
export const studentFieldLabels: Record<keyof StudentFields, string> = {
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  address: 'Address',
  address_2: 'Address 2',
  city: 'City',
  state: 'State',
  country: 'Country',
  zip_code: 'Zip code',
  email: 'Email',
  phone: 'Phone',
  social_media: 'Social media',
  include_in_mailing_list: 'Include in mailing list',
};

/**
 * POST /students (SPEC section 3, New-student payload): the student fields plus school_id,
 * instructor_id (the school's head school admin), series_id and notify_instructor_by_email.
 * request_key makes a retried create return the student already created (never a second one).
 */
export const StudentCreateInput = StudentFields.extend({
  school_id: idRef,
  instructor_id: idRef.nullish(),
  series_id: idRef.nullish(),
  notify_instructor_by_email: flag.default(false),
  request_key: z.string().trim().min(8, limits.tooShort(8)).max(100, limits.tooLong(100)).optional(),
});
export type StudentCreateInput = z.infer<typeof StudentCreateInput>;

/**
 * PUT /students/{id}: the profile form, with the new-student rules for every field sent. A field
 * left out keeps its value (a client that sends only the city never resets the mailing choice).
 */
export const StudentUpdateInput = StudentFields.extend({ include_in_mailing_list: z.enum(mailingOptions) }).partial();
export type StudentUpdateInput = z.infer<typeof StudentUpdateInput>;

const studentIds = boundedArray(idRef, 1000).min(1, 'Select at least one student');

/** PUT /students/bulk_reassign: to another school, another instructor, or both. */
export const BulkReassignInput = z
  .object({ student_ids: studentIds, school_id: idRef.optional(), instructor_id: idRef.optional() })
  .refine((value) => value.school_id !== undefined || value.instructor_id !== undefined, {
    message: 'Choose a school or an instructor',
  });
export type BulkReassignInput = z.infer<typeof BulkReassignInput>;
export const BulkReassignResponse = z.object({ updated: z.number(), orphaned_enrollments: z.number() });
export type BulkReassignResponse = z.infer<typeof BulkReassignResponse>;

/** PUT /students/bulk_share and /bulk_unshare. */
export const BulkShareInput = z.object({ student_ids: studentIds, user_ids: boundedArray(idRef, 100).min(1, limits.tooFew(1)) });
export type BulkShareInput = z.infer<typeof BulkShareInput>;
export const BulkShareResponse = z.object({ updated: z.number() });
export type BulkShareResponse = z.infer<typeof BulkShareResponse>;

/** GET /students/suggested_schools (DOMAIN.md, Suggested schools). */
export const SuggestedSchoolsQuery = z.object({
  series_id: idRef,
  zip_code: requiredText(20),
});
export type SuggestedSchoolsQuery = z.infer<typeof SuggestedSchoolsQuery>;
export const SuggestedSchool = SchoolRef.extend({
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  head_school_admin: z.boolean(),
  head_school_admin_id: z.number().nullable(),
  /** The school claimed this zip code: it comes first. */
  claimed: z.boolean(),
  /** Miles between the zip centroids; null when either zip is unknown. */
  distance_miles: z.number().nullable(),
});
export type SuggestedSchool = z.infer<typeof SuggestedSchool>;
export const SuggestedSchoolsResponse = z.object({ schools: z.array(SuggestedSchool) });
export type SuggestedSchoolsResponse = z.infer<typeof SuggestedSchoolsResponse>;

const idArray = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  boundedArray(idRef, 5000).optional(),
);

/**
 * GET /students/avery_labels: the selected students (ids) or the list's filters; start_position
 * is the first free label (1 to 30) on a partly used Avery 5160 sheet.
 */
export const AveryLabelsQuery = StudentListQuery.extend({
  ids: idArray,
  start_position: wholeNumber((n) => n.min(1, limits.atLeast(1)).max(30, limits.atMost(30))).default(1),
});
export type AveryLabelsQuery = z.infer<typeof AveryLabelsQuery>;

export const AveryLabelsPrinted = z.object({ id: z.number(), avery_label_printed_at: z.string() });

/** Where a decision or note was recorded (DOMAIN.md: a lesson, a presentation, a visit, a reminder). */
export const recordContexts = ['lesson', 'presentation', 'visit', 'reminder', 'student'] as const;
export type RecordContext = (typeof recordContexts)[number];

const EnrollmentRef = z.object({
  enrollment_id: z.number().nullable(),
  series_name: z.string().nullable(),
  series_type: z.enum(seriesTypes).nullable(),
  context: z.enum(recordContexts),
  /** 'Lesson 3: The Bible', 'Visit 03/07/2026', 'Reminder 03/07/2026' */
  context_label: z.string(),
});

/** GET /students/{id}/decisions */
export const StudentDecision = EnrollmentRef.extend({
  id: z.number(),
  decision_option_id: z.number(),
  decision_option_name: z.string(),
  /** The day of the lesson, presentation or visit it was recorded for. */
  date: z.string().nullable(),
  created_at: z.string(),
});
export type StudentDecision = z.infer<typeof StudentDecision>;
export const StudentDecisionsResponse = z.object({ decisions: z.array(StudentDecision) });

/** GET /students/{id}/notes */
export const StudentNote = EnrollmentRef.extend({
  id: z.number(),
  type: z.enum(noteTypes),
  text: z.string(),
  created_at: z.string(),
  author: PersonRef.nullable(),
});
export type StudentNote = z.infer<typeof StudentNote>;
export const StudentNotesResponse = z.object({ notes: z.array(StudentNote) });

/** GET /students/{id}/products: an enrollment's product delivery, with the enrollment it was for. */
export const StudentProduct = z.object({
  id: z.number(),
  enrollment_id: z.number(),
  series_name: z.string(),
  ...ProductDelivery.omit({ id: true }).shape,
});
export type StudentProduct = z.infer<typeof StudentProduct>;
export const StudentProductsResponse = z.object({ product_deliveries: z.array(StudentProduct) });
