import { z } from 'zod';
import { boundedText, idRef, ListQuery, Pagination } from './common.ts';
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
