import type { Scope } from '../../core/scope.ts';
import { administers } from '../../core/scope.ts';

/**
 * Who does what with a seminar (docs/decisions.md, Administration: seminars): a seminar is held
 * by a school, whose admins (global admins anywhere) manage it; the admins of a participating
 * school assign their own students and take their attendance.
 */
export const managesSeminar = (scope: Scope, hostSchoolId: number | null) =>
  scope.all || (hostSchoolId !== null && administers(scope, hostSchoolId));

/** Stopping a school's participation: an admin of that school or of the host (H1's rule for DELETE /series_offered). */
export const mayRemoveSchool = (scope: Scope, hostSchoolId: number | null, schoolId: number) =>
  managesSeminar(scope, hostSchoolId) || administers(scope, schoolId);

/** Adding a school: the host's admins add any, others their own schools that are not in it yet. */
export const mayAddSchool = (scope: Scope, hostSchoolId: number | null, schoolIdsIn: readonly number[]) =>
  managesSeminar(scope, hostSchoolId) || scope.adminSchoolIds.some((id) => !schoolIdsIn.includes(id));
