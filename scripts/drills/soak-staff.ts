// Who the soak's simulated staff are: mostly instructors and school admins of many schools, a few
// conference and global admins, each with a token of their own (minted with the app's token
// service) and full names in their own scope to search for.
import type { Database } from '../../apps/server/src/db/client.ts';
import { fullNames } from '../../bench/http/picks.ts';
import type { openTokens, Staff } from '../../bench/http/tokens.ts';

export type SoakStaff = Staff & { names: string[]; admin: boolean };

/** Of 200: 130 instructors, 56 school admins, 10 conference admins, 4 global admins. */
export function mixOf(total: number) {
  const global = Math.max(1, Math.round(total * 0.02));
  const conference = Math.max(1, Math.round(total * 0.05));
  const school = Math.round(total * 0.28);
  return { global, conference, school, instructor: total - global - conference - school };
}

async function ids(database: Database, sql: string): Promise<number[]> {
  return (await database.query<{ id: number }>(sql)).map((row) => Number(row.id));
}

const active = 'join users u on u.id = r.user_id and u.active';
const rolesQuery = {
  global: `select distinct r.user_id as id from roles r ${active} where r.role_type = 'global_admin' order by 1`,
  conference: `select distinct r.user_id as id from roles r ${active} where r.role_type = 'conference_admin' order by 1`,
  // One school admin per school, spread over the network.
  school: `select id from (select distinct on (r.school_id) r.user_id as id, r.school_id from roles r ${active}
     where r.role_type = 'school_admin' order by r.school_id, r.user_id) a order by md5(school_id::text)`,
  instructor: `select r.user_id as id from roles r ${active} where r.role_type = 'instructor'
     and exists (select 1 from students s where s.instructor_id = r.user_id) order by md5(r.user_id::text)`,
};

/**
 * The simulated staff. A role with fewer accounts than its share (the demo network has one global
 * admin) is filled by the same accounts again, each simulated person still with a token of their own.
 */
export async function pickSoakStaff(
  database: Database,
  mint: Awaited<ReturnType<typeof openTokens>>,
  total: number,
): Promise<{ staff: SoakStaff[]; accounts: number }> {
  const mix = mixOf(total);
  const staff: SoakStaff[] = [];
  const accounts = new Set<number>();
  for (const role of ['global', 'conference', 'school', 'instructor'] as const) {
    const found = await ids(database, rolesQuery[role]);
    if (found.length === 0) throw new Error(`no ${role} account in the soak database`);
    for (let i = 0; i < mix[role]; i++) {
      const id = found[i % found.length]!;
      accounts.add(id);
      const member = await mint(`${role} admin`.replace('instructor admin', 'instructor'), id);
      const names = await fullNames(database, member, 6);
      if (names.length > 0) staff.push({ ...member, names, admin: role !== 'instructor' });
    }
  }
  return { staff, accounts: accounts.size };
}
