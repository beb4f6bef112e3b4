import { can, type RoleType, type TokenUser } from '@srs/shared/roles';
import type { Actor } from './actor.ts';
import { forbidden } from './errors.ts';

/**
 * One action on a kind of record, as one rule with two halves: the roles its route allows (403
 * before the handler) and what must hold of the record itself (403 from the handler). Routes take
 * their roles from it, writes their check, and detail responses their `permissions`: what the web
 * app offers is what the server would allow.
 */
export type ActionRule<R> = { roles: readonly RoleType[]; allows: (actor: Actor, record: R) => boolean };

/** Every action of `rules` on this record, for the signed-in user: both halves of each rule. */
export function permissionsOf<A extends string, R>(
  user: Pick<TokenUser, 'admin' | 'roles'>,
  actor: Actor,
  rules: Record<A, ActionRule<R>>,
  record: R,
): Record<A, boolean> {
  const entries = Object.entries<ActionRule<R>>(rules).map(([action, rule]) => [
    action,
    can(user, rule.roles) && rule.allows(actor, record),
  ]);
  return Object.fromEntries(entries) as Record<A, boolean>;
}

/** 403 unless the action is allowed on every one of the records (the route has checked the roles). */
export function assertAllowed<R>(actor: Actor, rule: ActionRule<R>, records: readonly R[]): void {
  if (records.some((record) => !rule.allows(actor, record))) throw forbidden();
}
