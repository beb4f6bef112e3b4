import { z } from 'zod';
import { ListQuery, Pagination, permissionsOf } from './common.ts';

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
 * Actions on a school today: place a new student in it (POST /students with its school_id). Its
 * own edit and delete come with the school pages, and their permissions with them.
 */
export const schoolActions = ['add_student'] as const;
export type SchoolAction = (typeof schoolActions)[number];
export const SchoolPermissions = permissionsOf(schoolActions);
export type SchoolPermissions = z.infer<typeof SchoolPermissions>;
/** GET /schools/{id}: the school with what the signed-in user may do with it. */
export const SchoolDetail = School.extend({ permissions: SchoolPermissions });
export type SchoolDetail = z.infer<typeof SchoolDetail>;

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
