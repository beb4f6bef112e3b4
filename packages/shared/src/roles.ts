/** SPEC section 6: roles and the permission rule shared by the web app and the server. */
export const roleTypes = ['global_admin', 'conference_admin', 'school_admin', 'instructor'] as const;
export type RoleType = (typeof roleTypes)[number];

export type Role = {
  id: number;
  role_type: RoleType;
  organization_type: 'Conference' | 'School' | null;
  organization_id: number | null;
  organization_name: string | null;
};

export type TokenUser = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  admin: boolean;
  roles: Role[];
  /** The language chosen in My Account when the token was issued (issue 29); null or absent: the browser's. */
  language?: 'en' | 'es' | null;
};

/**
 * A permission check passes if the user has the admin flag, or any of the user's roles has a
 * role_type in the allowed list. It is false when there is no user (no token).
 */
export function can(
  user: Pick<TokenUser, 'admin' | 'roles'> | null | undefined,
  allowed: readonly RoleType[],
): boolean {
  if (!user) return false;
  if (user.admin) return true;
  return user.roles.some((role) => allowed.includes(role.role_type));
}

export const everyone: readonly RoleType[] = roleTypes;
export const admins: readonly RoleType[] = ['global_admin', 'conference_admin', 'school_admin'];
export const schoolAndConferenceAdmins: readonly RoleType[] = ['school_admin', 'conference_admin'];
export const staffWithStudents: readonly RoleType[] = ['school_admin', 'conference_admin', 'instructor'];
/** The whole network's keepers: interest tracking, the course catalogue. */
export const globalAdmins: readonly RoleType[] = ['global_admin'];

export type QuickCreateItem = {
  key: 'student' | 'instructor' | 'school' | 'seminar';
  label: string;
  roles: readonly RoleType[];
};

/** The quick-create menu (four entries, SPEC section 6). */
export const quickCreateMenu: readonly QuickCreateItem[] = [
  { key: 'student', label: 'Student', roles: schoolAndConferenceAdmins },
  { key: 'instructor', label: 'Instructor', roles: schoolAndConferenceAdmins },
  { key: 'school', label: 'School', roles: ['global_admin'] },
  { key: 'seminar', label: 'Seminar', roles: ['school_admin', 'global_admin'] },
];

export type QuickAddForm =
  | 'new_student'
  | 'enroll'
  | 'visit'
  | 'lesson'
  | 'product'
  | 'reminder'
  | 'decision'
  | 'note'
  | 'select_school';

/** The words of the action that enrolls an existing student (Quick Add, 'Add to student'). */
export const enrollLabel = 'Enroll in a course or seminar';

export type QuickAddItem = { key: QuickAddForm; label: string; roles: readonly RoleType[] };

/**
 * Quick Add items. SPEC section 6 names the sets (global admin: all; school and conference
 * admins: the admin set without the global-only ones; instructors: the basic set); the exact
 * lists are ours (docs/decisions.md).
 */
export const quickAddMenu: readonly QuickAddItem[] = [
  { key: 'new_student', label: 'Add New student', roles: everyone },
  // An existing student needs a new course or seminar as often as a new student needs one.
  { key: 'enroll', label: enrollLabel, roles: everyone },
  { key: 'visit', label: 'Add a visit', roles: everyone },
  { key: 'lesson', label: 'Send a lesson', roles: everyone },
  { key: 'product', label: 'Send a product', roles: everyone },
  { key: 'reminder', label: 'Add a reminder', roles: everyone },
  { key: 'decision', label: 'Record a decision', roles: everyone },
  { key: 'note', label: 'Add a note', roles: everyone },
  { key: 'select_school', label: 'Select a school', roles: ['global_admin', 'school_admin'] },
];

export type StudentQuickAddItem = { key: 'lesson' | 'visit' | 'note' | 'decision' | 'product'; label: string };
/** The student quick-add menu (five entries). */
export const studentQuickAddMenu: readonly StudentQuickAddItem[] = [
  { key: 'lesson', label: 'Lesson' },
  { key: 'visit', label: 'Visit' },
  { key: 'note', label: 'Note' },
  { key: 'decision', label: 'Decision' },
  { key: 'product', label: 'Product' },
];

/** The Manage School link in the school picker: school_admin and conference_admin. */
export const manageSchoolRoles: readonly RoleType[] = schoolAndConferenceAdmins;
/** The header school picker is for admins only. */
export const schoolPickerRoles: readonly RoleType[] = admins;
/** Admins load the instructor table on the dashboard and see the larger follow-up panel. */
export const dashboardInstructorRoles: readonly RoleType[] = admins;
