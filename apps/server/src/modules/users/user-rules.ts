import type { RoleType, TokenUser } from '@srs/shared/roles';
import type { UserAction, UserDetail } from '@srs/shared/users';
import type { Actor } from '../../core/actor.ts';
import { type ActionRule, permissionsOf } from '../../core/permissions.ts';
import { administers, type Scope } from '../../core/scope.ts';

/** A role as the granting rules see it: its type and the organisation it names. */
export type RoleFacts = { role_type: RoleType; school_id: number | null; conference_id: number | null };

/** A user as their rules see them. */
export type UserFacts = { id: number; admin: boolean; email: string; hasPassword: boolean; roles: RoleFacts[] };

/**
 * Who may grant a role (docs/decisions.md, Administration: instructors): a school admin the
 * instructor and school admin roles of their schools; a conference admin also the conference
 * admin role of their conferences (and the school roles of their schools); a global admin any.
 */
export function mayGrant(scope: Scope, role: RoleFacts): boolean {
  if (scope.all) return true;
  switch (role.role_type) {
    case 'global_admin':
      return false;
    case 'conference_admin':
      return role.conference_id !== null && scope.conferenceIds.includes(role.conference_id);
    default:
      return role.school_id !== null && administers(scope, role.school_id);
  }
}

/** A global admin or a user with the admin flag is managed by global admins only. */
const networkWide = (user: UserFacts) => user.admin || user.roles.some((role) => role.role_type === 'global_admin');

/** Managing a user (their name, phone, the roles the admin may grant): global admins anyone; other admins a user holding a role they could grant. */
const manages = (actor: Actor, user: UserFacts) =>
  actor.scope.all || (!networkWide(user) && user.roles.some((role) => mayGrant(actor.scope, role)));

/**
 * Governing a user's account, someone else's: what could hand the account to another person
 * (its email, a link to set its password, its second factor) or take it away. Only an admin who
 * could grant every role the user holds: a school admin does not govern a conference admin who
 * also teaches at their school (docs/decisions/019). One's own account is changed from My Account.
 */
const governs = (actor: Actor, user: UserFacts) =>
  user.id !== actor.userId &&
  (actor.scope.all || (!networkWide(user) && user.roles.every((role) => mayGrant(actor.scope, role))));

const admins: readonly RoleType[] = ['global_admin', 'conference_admin', 'school_admin'];

/**
 * What may be done with a user the signed-in admin sees: editing for whoever manages them; the
 * email, deleting and clearing the second factor for whoever governs them. The welcome email sets
 * a first password: for an account that has one it is a reset, which only a global admin sends.
 */
export const userRules: Record<UserAction, ActionRule<UserFacts>> = {
  update: { roles: admins, allows: manages },
  change_email: { roles: admins, allows: governs },
  destroy: { roles: admins, allows: governs },
  welcome_email: { roles: admins, allows: (actor, user) => governs(actor, user) && (!user.hasPassword || actor.scope.all) },
  delete_mfa: { roles: admins, allows: governs },
};

/** Creating a user: admins; what they may grant is checked role by role. */
export const createUserRoles = admins;

export function userDetail(
  user: TokenUser,
  actor: Actor,
  found: Omit<UserDetail, 'permissions'>,
  facts: UserFacts,
): UserDetail {
  return { ...found, permissions: permissionsOf(user, actor, userRules, facts) };
}
