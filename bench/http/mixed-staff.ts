// The staff of the mixed load: school admins and instructors of many schools, the conference
// admins and the global admin, each with a token of their own and names to search in their scope.
import type { Database } from '../../apps/server/src/db/client.ts';
import { config } from './config.ts';
import { namePrefixes } from './picks.ts';
import type { openTokens, Staff } from './tokens.ts';

export type MixedStaff = Staff & { terms: string[] };

async function ids(database: Database, sql: string, n: number): Promise<number[]> {
  return (await database.query<{ id: number }>(sql, [n])).map((row) => Number(row.id));
}

export async function pickMixedStaff(
  database: Database,
  mint: Awaited<ReturnType<typeof openTokens>>,
): Promise<MixedStaff[]> {
  const total = config.mixedStaff;
  const [globalAdmin] = await ids(
    database,
    "select id from users where email = 'global.admin@demo.test' and $1::int > 0",
    1,
  );
  const conferenceAdmins = await ids(
    database,
    `select distinct r.user_id as id from roles r join users u on u.id = r.user_id and u.active
     where r.role_type = 'conference_admin' limit $1`,
    2,
  );
  const rest = total - 2 - conferenceAdmins.length;
  // One school admin per school and instructors of other schools, spread over the network.
  const schoolAdmins = await ids(
    database,
    `select id from (select distinct on (r.school_id) r.user_id as id, r.school_id from roles r
       join users u on u.id = r.user_id and u.active where r.role_type = 'school_admin'
       order by r.school_id, r.user_id) a
     order by md5(school_id::text) limit $1`,
    Math.ceil(rest / 2),
  );
  const instructors = await ids(
    database,
    `select id from (select distinct on (r.school_id) r.user_id as id, r.school_id from roles r
       join users u on u.id = r.user_id and u.active
       where r.role_type = 'instructor' and exists (select 1 from students s where s.instructor_id = r.user_id)
       order by r.school_id, r.user_id) i
     order by md5(school_id::text || 'i') limit $1`,
    Math.floor(rest / 2),
  );
  const people: [string, number][] = [
    ...(globalAdmin
      ? ([
          ['global admin', globalAdmin],
          ['global admin', globalAdmin],
        ] as [string, number][])
      : []),
    ...conferenceAdmins.map((id): [string, number] => ['conference admin', id]),
    ...schoolAdmins.map((id): [string, number] => ['school admin', id]),
    ...instructors.map((id): [string, number] => ['instructor', id]),
  ];
  const staff: MixedStaff[] = [];
  for (const [label, id] of people) {
    const member = await mint(label, id);
    staff.push({ ...member, terms: await namePrefixes(database, member, 5) });
  }
  return staff.filter((member) => member.terms.length > 0);
}
