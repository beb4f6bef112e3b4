import type { Scope } from '../../src/core/scope.ts';

/** What a global admin sees: every school. */
export const networkScope = (userId: number): Scope => ({ userId, all: true, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] });

/** What the admin of one school sees: that school. */
export const schoolAdminScope = (userId: number, schoolId: number): Scope => ({
  userId,
  all: false,
  adminSchoolIds: [schoolId],
  conferenceIds: [],
  memberSchoolIds: [schoolId],
});
