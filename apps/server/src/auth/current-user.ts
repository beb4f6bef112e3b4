import type { Role, TokenUser } from '@srs/shared/roles';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { conferences, roles, schools, users } from '../db/schema/index.ts';

/** A signed-in user: who they are, and the session generation their tokens must carry (docs/decisions/019). */
export type SignedInUser = { user: TokenUser; generation: number };

/** The user with roles and organisation names, as the app token and permission checks need it. */
export async function loadSignedInUser(db: DbOrTx, userId: number): Promise<SignedInUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      admin: users.admin,
      active: users.active,
      generation: users.sessionGeneration,
      // The language chosen in My Account (issue 29): the session cache carries it with the user.
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.active) return null;
  const { active: _active, generation, ...rest } = user;
  return { user: { ...rest, roles: await loadRoles(db, [userId]).then((map) => map.get(userId) ?? []) }, generation };
}

/** The user alone, for code that does not issue or check tokens. */
export async function loadTokenUser(db: DbOrTx, userId: number): Promise<TokenUser | null> {
  return (await loadSignedInUser(db, userId))?.user ?? null;
}

/** Roles of many users in one query, keyed by user id. */
export async function loadRoles(db: DbOrTx, userIds: number[]): Promise<Map<number, Role[]>> {
  const map = new Map<number, Role[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({
      id: roles.id,
      userId: roles.userId,
      role_type: roles.roleType,
      conferenceId: roles.conferenceId,
      schoolId: roles.schoolId,
      conferenceName: conferences.name,
      schoolName: sql<
        string | null
      >`case when ${schools.id} is null then null else '(#' || ${schools.schoolCode} || ') ' || ${schools.churchName} end`,
    })
    .from(roles)
    .leftJoin(conferences, eq(conferences.id, roles.conferenceId))
    .leftJoin(schools, eq(schools.id, roles.schoolId))
    .where(
      sql`${roles.userId} in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(roles.id);
  for (const row of rows) {
    const role: Role = {
      id: row.id,
      role_type: row.role_type,
      organization_type: row.schoolId ? 'School' : row.conferenceId ? 'Conference' : null,
      organization_id: row.schoolId ?? row.conferenceId ?? null,
      organization_name: row.schoolName ?? row.conferenceName ?? null,
    };
    map.set(row.userId, [...(map.get(row.userId) ?? []), role]);
  }
  return map;
}
