import { z } from 'zod';
import { ListQuery, Pagination } from './common.ts';
import { EnrollmentSummary } from './enrollments.ts';

export const mailingOptions = ['if_address_valid', 'always', 'never'] as const;
export const studentSections = ['all', 'mine', 'shared'] as const;

/** A query array in bracket style (`full_name_i_cont_all[]=ann`) or a single value. */
const stringArray = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  z.array(z.string().max(100)).max(10).optional(),
);

export const StudentListQuery = ListQuery.extend({
  full_name_i_cont_all: stringArray,
  section: z.enum(studentSections).default('all'),
  enrollments_registration_number_eq: z.string().regex(/^\d+$/).max(18).optional(),
  enrollments_needing_followup_eq: z.enum(['true', 'false']).optional(),
  enrollments_series_id_eq: z.coerce.number().int().positive().optional(),
  school_id_eq: z.coerce.number().int().positive().optional(),
  instructor_id_eq: z.coerce.number().int().positive().optional(),
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
  instructor: z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).nullable(),
  school: z.object({ id: z.number(), school_code: z.string(), church_name: z.string() }),
  course_enrollments: z.array(EnrollmentSummary),
  seminar_enrollments: z.array(EnrollmentSummary),
});
export type Student = z.infer<typeof Student>;

export const StudentListResponse = z.object({ students: z.array(Student), pagination: Pagination });
export type StudentListResponse = z.infer<typeof StudentListResponse>;
