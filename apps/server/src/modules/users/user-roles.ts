import type { RoleInput } from '@srs/shared/users';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited } from '../../core/audit.ts';
import { forbidden, invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { sqlIdList } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';
import { mayGrant, type RoleFacts } from './user-rules.ts';

const keyOf = (role: RoleFacts) => `${role.role_type}:${role.school_id ?? 0}:${role.conference_id ?? 0}`;
const rolesError = (message: string) => invalid({ roles: [message] });

/** The roles of a request as the rules read them: one of each, each naming the right kind of organisation. */
export function roleFactsOfInput(input: readonly RoleInput[]): RoleFacts[] {
  const unique = new Map<string, RoleFacts>();
  for (const role of input) {
    const id = role.organization_id;
    if (role.role_type === 'global_admin') {
      if (id !== null) throw rolesError('of a global admin names no school or conference');
      unique.set('global_admin', { role_type: 'global_admin', school_id: null, conference_id: null });
    } else if (id === null) {
      throw rolesError(role.role_type === 'conference_admin' ? 'need a conference for a conference admin' : 'need a school');
    } else {
      const facts: RoleFacts =
        role.role_type === 'conference_admin'
          ? { role_type: role.role_type, school_id: null, conference_id: id }
          : { role_type: role.role_type, school_id: id, conference_id: null };
      unique.set(keyOf(facts), facts);
    }
  }
  return [...unique.values()];
}

/**
 * Grants and withdrawals beyond the admin's own reach are a 403, whether the organisation exists
 * or not (nothing tells them apart); a global admin naming an organisation that does not exist is a 422.
 */
async function assertGrantable(tx: DbOrTx, actor: Actor, changed: RoleFacts[]): Promise<void> {
  if (changed.some((role) => !mayGrant(actor.scope, role))) throw forbidden();
  const schoolIds = changed.flatMap((role) => (role.school_id === null ? [] : [role.school_id]));
  const conferenceIds = changed.flatMap((role) => (role.conference_id === null ? [] : [role.conference_id]));
  const [found] = await rows<{ schools: number; conferences: number }>(
    tx.execute(sql`select (select count(*)::int from schools where id in ${sqlIdList(schoolIds)}) as schools,
      (select count(*)::int from conferences where id in ${sqlIdList(conferenceIds)}) as conferences`),
  );
  if ((found?.schools ?? 0) < new Set(schoolIds).size) throw rolesError('name a school that does not exist');
  if ((found?.conferences ?? 0) < new Set(conferenceIds).size) throw rolesError('name a conference that does not exist');
}

/**
 * Makes the user's roles the wanted ones, audited: roles kept stay as they are (an admin may keep
 * roles they could not grant), every role added or removed must be one the admin may grant.
 */
export async function setRoles(
  tx: DbOrTx,
  actor: Actor,
  userId: number,
  existing: (RoleFacts & { id: number })[],
  wanted: RoleFacts[],
): Promise<void> {
  const existingKeys = new Set(existing.map(keyOf));
  const wantedKeys = new Set(wanted.map(keyOf));
  const added = wanted.filter((role) => !existingKeys.has(keyOf(role)));
  const removed = existing.filter((role) => !wantedKeys.has(keyOf(role)));
  await assertGrantable(tx, actor, [...added, ...removed]);
  for (const role of removed) await deleteAudited(tx, actor, roles, role.id);
  for (const role of added) {
    await insertAudited(tx, actor, roles, {
      userId,
      roleType: role.role_type,
      schoolId: role.school_id,
      conferenceId: role.conference_id,
    });
  }
}
