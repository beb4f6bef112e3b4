import { can, type RoleType } from '@srs/shared/roles';
import { getSessionUser, useSessionUser } from './session.ts';

/** SPEC section 6: the check on the decoded token's user; false without a token. */
export function canNow(allowed: readonly RoleType[]): boolean {
  return can(getSessionUser(), allowed);
}

export function useCan(allowed: readonly RoleType[]): boolean {
  return can(useSessionUser(), allowed);
}
