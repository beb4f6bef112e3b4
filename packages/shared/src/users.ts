import { z } from 'zod';
import { languages } from './i18n.ts';
import {
  boundedArray,
  boundedText,
  flag,
  idRef,
  ListQuery,
  optionalText,
  Pagination,
  permissionsOf,
  requiredText,
  SchoolRef,
} from './common.ts';
import { roleTypes } from './roles.ts';

export const RoleSchema = z.object({
  id: z.number(),
  role_type: z.enum(roleTypes),
  organization_type: z.enum(['Conference', 'School']).nullable(),
  organization_id: z.number().nullable(),
  organization_name: z.string().nullable(),
});

export const UserListQuery = ListQuery.extend({
  role: z.enum(roleTypes).optional(),
  school_id: idRef.optional(),
  sortBy: z.enum(['name', 'email', 'students_count']).default('name'),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** An instructor user as the lists show it (SPEC section 3). */
export const UserItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  students_count: z.number(),
  roles: z.array(RoleSchema),
});
export type UserItem = z.infer<typeof UserItem>;
export const UserListResponse = z.object({ users: z.array(UserItem), pagination: Pagination });
export type UserListResponse = z.infer<typeof UserListResponse>;

/** The signed-in user's data (SPEC section 3, Current user data). */
export const CurrentUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  profile_picture_url: z.string().nullable(),
  background_image_url: z.string().nullable(),
  admin: z.boolean(),
  roles: z.array(RoleSchema),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** Public configuration the web app needs before sign-in. */
export const AppConfig = z.object({
  support_email: z.string(),
  training_url: z.string(),
  help_guide_url: z.string(),
  demo_accounts: z.array(z.string()),
  demo_password: z.string().nullable(),
  features: z.object({ interest_tracking: z.boolean() }),
  default_background_image_url: z.string(),
  min_search_length: z.number(),
});
export type AppConfig = z.infer<typeof AppConfig>;

/** GET /users/share: the staff a student can be shared with. */
export const ShareUsersQuery = z.object({ query: boundedText(100).optional() });
export const ShareUser = UserItem.omit({ students_count: true });
export type ShareUser = z.infer<typeof ShareUser>;
export const ShareUsersResponse = z.object({ users: z.array(ShareUser) });
export type ShareUsersResponse = z.infer<typeof ShareUsersResponse>;

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A required email address: trimmed, checked for shape; uniqueness is the server's (case-insensitive). */
export const requiredEmail = requiredText(200).refine((value) => emailPattern.test(value), 'is not a valid email address');

/** A role to grant: a school role names a school, a conference admin a conference, a global admin nothing. */
export const RoleInput = z.object({
  role_type: z.enum(roleTypes),
  organization_id: idRef.nullable().default(null),
});
export type RoleInput = z.infer<typeof RoleInput>;

/** POST /users and PUT /users/{id} (not in SPEC section 7's list for POST: docs/decisions.md). */
export const UserInput = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: requiredEmail,
  phone: optionalText(40),
  /** The person's language (issue 29): their mails from the first, the welcome; null: their browser's. */
  language: z.enum(languages).nullable().optional(),
  admin: flag.optional(),
  roles: boundedArray(RoleInput, 50).default([]),
  send_welcome_email: flag.default(false),
});
export type UserInput = z.infer<typeof UserInput>;
export type UserInputFields = z.input<typeof UserInput>;

/** PUT /users/{id}: the same fields; those not sent are kept (roles too), as a student's profile update does. */
export const UserUpdateInput = z.object({
  first_name: requiredText(100).optional(),
  last_name: requiredText(100).optional(),
  email: requiredEmail.optional(),
  phone: optionalText(40).optional(),
  language: z.enum(languages).nullable().optional(),
  admin: flag.optional(),
  roles: boundedArray(RoleInput, 50).optional(),
  send_welcome_email: flag.default(false),
});
export type UserUpdateInput = z.infer<typeof UserUpdateInput>;
export type UserUpdateFields = z.input<typeof UserUpdateInput>;

export const userActions = ['update', 'change_email', 'destroy', 'welcome_email', 'delete_mfa'] as const;
export type UserAction = (typeof userActions)[number];

/** GET /users/{id}: an instructor user with what the signed-in user may do with them. */
export const UserDetail = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The language chosen for the person, by them or by an admin; null: their browser's. */
  language: z.enum(languages).nullable(),
  admin: z.boolean(),
  roles: z.array(RoleSchema),
  students_count: z.number(),
  head_of_schools: z.array(SchoolRef),
  last_sign_in_at: z.string().nullable(),
  welcome_email_sent_at: z.string().nullable(),
  permissions: permissionsOf(userActions),
});
export type UserDetail = z.infer<typeof UserDetail>;

/** GET /users/simple_list: the users of a school (H1 picks a head school admin among its school_admins). */
export const UserSimpleListQuery = z.object({ school_id: idRef.optional(), role_type: z.enum(roleTypes).optional() });
export const UserSimpleItem = z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() });
export type UserSimpleItem = z.infer<typeof UserSimpleItem>;
export const UserSimpleListResponse = z.object({ users: z.array(UserSimpleItem) });

/** POST /users/{id}/welcome_email. */
export const WelcomeEmailResponse = z.object({ welcome_email_sent_at: z.string(), link_expires_at: z.string().nullable() });

export const enrollmentStatusCounts = z.object({
  Applied: z.number(),
  Enrolled: z.number(),
  Attended: z.number(),
  Graduated: z.number(),
  Inactive: z.number(),
});

/** GET /users/{id}/courses: the courses and seminars their students take, with counts by status. */
export const UserCourse = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['Course', 'Seminar']),
  students_count: z.number(),
  status_counts: enrollmentStatusCounts,
});
export type UserCourse = z.infer<typeof UserCourse>;
export const UserCoursesResponse = z.object({ courses: z.array(UserCourse) });
