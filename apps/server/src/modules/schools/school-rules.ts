import { everyone, type TokenUser } from '@srs/shared/roles';
import type { SchoolAction } from '@srs/shared/schools';
import type { Actor } from '../../core/actor.ts';
import { type ActionRule, permissionsOf } from '../../core/permissions.ts';
import { belongsTo } from '../../core/scope.ts';

/**
 * What may be done with a school (docs/decisions.md "Who adds students where"): its members place
 * new students in it, global admins in any school. A school that cannot take students now (not
 * active, no head school admin) is a 422 of the data, not a permission.
 */
export const schoolRules: Record<SchoolAction, ActionRule<{ id: number }>> = {
  add_student: { roles: everyone, allows: (actor, school) => belongsTo(actor.scope, school.id) },
};

export const schoolPermissions = (user: TokenUser, actor: Actor, school: { id: number }) =>
  permissionsOf(user, actor, schoolRules, school);
