import { admins, everyone, schoolAndConferenceAdmins, type TokenUser } from '@srs/shared/roles';
import type { SchoolAction } from '@srs/shared/schools';
import type { Actor } from '../../core/actor.ts';
import { type ActionRule, permissionsOf } from '../../core/permissions.ts';
import { administers, belongsTo } from '../../core/scope.ts';

const globalAdmins = ['global_admin'] as const;
/** The school pages and lists: school and conference admins (SPEC section 2) and global admins. */
export const schoolReaders = ['global_admin', ...schoolAndConferenceAdmins] as const;
const adminOfSchool = (actor: Actor, school: { id: number }) => administers(actor.scope, school.id);

/**
 * What may be done with a school (docs/decisions.md "Who adds students where", "Administration:
 * schools and claimed zips"): its members place new students in it, global admins in any school;
 * its admins (its school admins, its conference's admins) edit its details, claim its zips and
 * choose what it offers; global admins alone change its code and conference, create and delete
 * schools. A school that cannot take students now (not active, no head school admin) is a 422 of
 * the data, not a permission.
 */
export const schoolRules: Record<SchoolAction, ActionRule<{ id: number }>> = {
  add_student: { roles: everyone, allows: (actor, school) => belongsTo(actor.scope, school.id) },
  update: { roles: admins, allows: adminOfSchool },
  update_code_and_conference: { roles: globalAdmins, allows: (actor) => actor.scope.all },
  destroy: { roles: globalAdmins, allows: (actor) => actor.scope.all },
  claim_zips: { roles: admins, allows: adminOfSchool },
  offer_series: { roles: admins, allows: adminOfSchool },
};

/** Creating a school: global admins (SPEC section 6, the School quick-create entry). */
export const createSchoolRoles = globalAdmins;

export const schoolPermissions = (user: TokenUser, actor: Actor, school: { id: number }) =>
  permissionsOf(user, actor, schoolRules, school);
