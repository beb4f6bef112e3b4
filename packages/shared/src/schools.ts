import { z } from 'zod';
import {
  csvText,
  flag,
  idRef,
  ListQuery,
  limits,
  optionalText,
  Pagination,
  PersonRef,
  permissionsOf,
  requiredText,
  SchoolRef,
} from './common.ts';
import { messages } from './messages.ts';

export const SchoolListQuery = ListQuery.extend({
  sortBy: z.enum(['school_code', 'church_name', 'city', 'students_count']).default('school_code'),
  active: z.enum(['true', 'false']).optional(),
});
export type SchoolListQuery = z.infer<typeof SchoolListQuery>;

export const School = z.object({
  id: z.number(),
  school_code: z.string(),
  church_name: z.string(),
  active: z.boolean(),
  conference: z.object({ id: z.number(), name: z.string() }),
  school_address: z.string().nullable(),
  school_address_2: z.string().nullable(),
  school_city: z.string().nullable(),
  school_state: z.string().nullable(),
  school_country: z.string().nullable(),
  school_zip_code: z.string().nullable(),
  church_address: z.string().nullable(),
  church_address_2: z.string().nullable(),
  church_city: z.string().nullable(),
  church_state: z.string().nullable(),
  church_country: z.string().nullable(),
  church_zip_code: z.string().nullable(),
  courses: z.array(z.object({ id: z.number(), name: z.string() })),
  head_school_admin_id: z.number().nullable(),
  head_school_admin: z.boolean(),
  students_count: z.number(),
});
export type School = z.infer<typeof School>;

/**
 * Actions on a school (docs/decisions.md, "Administration: schools and claimed zips"): its members
 * place new students in it; its admins (school admins, the conference's admins) edit its details,
 * its claimed zips and what it offers; global admins alone change its code and conference and
 * delete it.
 */
export const schoolActions = [
  'add_student',
  'update',
  'update_code_and_conference',
  'destroy',
  'claim_zips',
  'offer_series',
] as const;
export type SchoolAction = (typeof schoolActions)[number];
export const SchoolPermissions = permissionsOf(schoolActions);
export type SchoolPermissions = z.infer<typeof SchoolPermissions>;

/** GET /conferences: the conferences the user's schools belong to (global admins: all), for the school form. */
export const Conference = z.object({ id: z.number(), name: z.string() });
export const ConferencesResponse = z.object({ conferences: z.array(Conference) });
export type ConferencesResponse = z.infer<typeof ConferencesResponse>;

export const ClaimedZip = z.object({ id: z.number(), zip_code: z.string() });
export type ClaimedZip = z.infer<typeof ClaimedZip>;

/**
 * GET /schools/{id}: the school with its head school admin by name (SPEC's head_school_admin stays
 * the presence flag), its claimed zips and what the signed-in user may do with it.
 */
export const SchoolDetail = School.extend({
  head_school_admin_user: PersonRef.nullable(),
  claimed_zips: z.array(ClaimedZip),
  permissions: SchoolPermissions,
});
export type SchoolDetail = z.infer<typeof SchoolDetail>;

/** A US zip code: 5 digits, or ZIP+4 ('62701-1234'), of which the 5 digits are kept. */
export const usZipPattern = /^(\d{5})(?:-\d{4})?$/;
export const notUsZip = 'is not a US zip code (5 digits, or ZIP+4)';
/** The 5-digit zip of a US zip code, or null when it is none. */
export function usZip(value: string): string | null {
  return usZipPattern.exec(value.trim())?.[1] ?? null;
}

const addressFields = {
  school_address: optionalText(200),
  school_address_2: optionalText(200),
  school_city: optionalText(100),
  school_state: optionalText(100),
  school_country: optionalText(100),
  school_zip_code: optionalText(20),
  church_address: optionalText(200),
  church_address_2: optionalText(200),
  church_city: optionalText(100),
  church_state: optionalText(100),
  church_country: optionalText(100),
  church_zip_code: optionalText(20),
};

/** POST /schools (global admins). A new school has no head school admin yet: it has no admins. */
export const SchoolCreateInput = z.object({
  school_code: requiredText(20),
  church_name: requiredText(200),
  conference_id: idRef,
  active: flag.default(true),
  ...addressFields,
});
export type SchoolCreateInput = z.input<typeof SchoolCreateInput>;

/**
 * PUT /schools/{id}: the fields it sends change, the others stay. school_code and conference_id
 * are global admins' (403 for anyone else); head_school_admin_id must be one of its school_admins.
 */
export const SchoolUpdateInput = SchoolCreateInput.extend({ active: flag, head_school_admin_id: idRef.nullable() })
  .partial()
  .strict();
export type SchoolUpdateInput = z.input<typeof SchoolUpdateInput>;

/** POST /schools/{id}/claimed_zips: `{ zip_code }` claims one, `{ id, _destroy: true }` gives one up. */
export const ClaimedZipInput = z
  .object({
    zip_code: z.string().trim().max(20, limits.tooLong(20)).optional(),
    id: idRef.optional(),
    _destroy: z.literal(true).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.id !== undefined && value._destroy) return;
    if (!value.zip_code) context.addIssue({ code: 'custom', path: ['zip_code'], message: messages.fieldRequired });
  });
export type ClaimedZipInput = z.input<typeof ClaimedZipInput>;
export const ClaimedZipsResponse = z.object({ claimed_zips: z.array(ClaimedZip) });
export type ClaimedZipsResponse = z.infer<typeof ClaimedZipsResponse>;

/** GET /schools/{id}/instructors: the people holding a role in the school, with those roles. */
export const SchoolInstructor = PersonRef.extend({
  email: z.string(),
  role_types: z.array(z.enum(['school_admin', 'instructor'])),
  head_school_admin: z.boolean(),
  students_count: z.number(),
});
export type SchoolInstructor = z.infer<typeof SchoolInstructor>;
export const SchoolInstructorsResponse = z.object({ instructors: z.array(SchoolInstructor) });
export type SchoolInstructorsResponse = z.infer<typeof SchoolInstructorsResponse>;

/**
 * GET /schools/{id}/courses: the courses it offers, each with what stopping would orphan (the
 * enrollments of its students in that course that are not orphaned yet). With offerable=true:
 * the active catalogue courses it does not offer yet (the picker), priority first.
 */
export const SchoolCourse = z.object({
  id: z.number(),
  name: z.string(),
  priority: z.boolean(),
  active: z.boolean(),
  series_offered_id: z.number().nullable(),
  students_count: z.number(),
  active_enrollments_count: z.number(),
});
export type SchoolCourse = z.infer<typeof SchoolCourse>;
export const SchoolCoursesQuery = z.object({ offerable: z.enum(['true', 'false']).optional() });
export const SchoolCoursesResponse = z.object({ courses: z.array(SchoolCourse) });
export type SchoolCoursesResponse = z.infer<typeof SchoolCoursesResponse>;

/** GET /schools/{id}/seminars_offered: seminars it holds (hosted) or takes part in. */
export const SchoolSeminar = z.object({
  id: z.number(),
  name: z.string(),
  hosted: z.boolean(),
  series_offered_id: z.number().nullable(),
  students_count: z.number(),
});
export type SchoolSeminar = z.infer<typeof SchoolSeminar>;
export const SchoolSeminarsResponse = z.object({ seminars: z.array(SchoolSeminar) });
export type SchoolSeminarsResponse = z.infer<typeof SchoolSeminarsResponse>;

/** POST /series_offered: the school offers the course, or takes part in the seminar. */
export const SeriesOfferedInput = z.object({ series_id: idRef, school_id: idRef });
export type SeriesOfferedInput = z.input<typeof SeriesOfferedInput>;
export const SeriesOffered = z.object({ id: z.number(), series_id: z.number(), school_id: z.number() });
export type SeriesOffered = z.infer<typeof SeriesOffered>;

/** The most rows one bulk zip import takes. */
export const bulkZipRowsMax = 50_000;
/**
 * POST /schools/bulk_import_zips: a CSV of school_code,zip_code. dry_run (the preview) applies
 * nothing; the confirmation sends the preview's preview_token and applies the accepted rows in one
 * transaction, or nothing if any row's result changed since the preview.
 */
export const BulkZipImportInput = z.object({
  file: csvText,
  dry_run: flag.default(false),
  preview_token: z.string().max(100).optional(),
});
export type BulkZipImportInput = z.input<typeof BulkZipImportInput>;
export const bulkZipStatuses = ['accepted', 'unchanged', 'rejected'] as const;
export const BulkZipRow = z.object({
  line: z.number(),
  school_code: z.string(),
  zip_code: z.string(),
  status: z.enum(bulkZipStatuses),
  reason: z.string().nullable(),
  school: SchoolRef.nullable(),
});
export type BulkZipRow = z.infer<typeof BulkZipRow>;
export const BulkZipImportResponse = z.object({
  rows: z.array(BulkZipRow),
  accepted_count: z.number(),
  unchanged_count: z.number(),
  rejected_count: z.number(),
  applied: z.boolean(),
  preview_token: z.string(),
});
export type BulkZipImportResponse = z.infer<typeof BulkZipImportResponse>;

export const SchoolListResponse = z.object({ schools: z.array(School), pagination: Pagination });
export type SchoolListResponse = z.infer<typeof SchoolListResponse>;

/** An option of the header school picker: code, church name, city, state, zip and student count. */
export const SchoolOption = z.object({
  id: z.number(),
  school_code: z.string(),
  church_name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  students_count: z.number(),
  head_school_admin: z.boolean(),
});
export type SchoolOption = z.infer<typeof SchoolOption>;
export const SchoolSimpleListResponse = z.object({ schools: z.array(SchoolOption) });

export function schoolOptionLabel(school: SchoolOption): string {
  const place = [school.city, school.state, school.zip_code].filter(Boolean).join(', ');
  return `(#${school.school_code}) ${school.church_name}${place ? ` — ${place}` : ''} · ${school.students_count} students`;
}
