import type { SignupRequestItem, SignupSchool } from '@srs/shared/signup';
import { sql } from 'drizzle-orm';
import { rows, searchWords } from '../../core/lists.ts';
import { type Scope, sqlIdList } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * GET /signup/schools (public): active schools by name, code, city or zip (their own or one they
 * claim). Only what a church's sign already tells anyone: code, name and city.
 */
export async function signupSchools(db: DbOrTx, query: string): Promise<SignupSchool[]> {
  const text = query.trim();
  const words = searchWords(undefined, text).map(
    (word) => sql`(lower(sc.church_name) like ${word} or lower(sc.school_code) like ${word} or lower(coalesce(sc.school_city, '')) like ${word})`,
  );
  const byZip = /^\d{5}$/.test(text)
    ? sql`(sc.school_zip_code = ${text} or exists (select 1 from claimed_zips cz where cz.school_id = sc.id and cz.zip_code = ${text}))`
    : sql`false`;
  const byWords = words.length > 0 ? sql.join(words, sql` and `) : sql`false`;
  return rows<SignupSchool>(
    db.execute(sql`select sc.id, sc.school_code, sc.church_name, sc.school_city as city from schools sc
      where sc.active and (${byZip} or (${byWords})) order by sc.church_name, sc.school_code limit 20`),
  );
}

export type SignupSchoolFacts = { id: number; school_code: string; church_name: string; conference_id: number };

export async function activeSchool(db: DbOrTx, id: number): Promise<SignupSchoolFacts | null> {
  const [found] = await rows<SignupSchoolFacts>(
    db.execute(sql`select id, school_code, church_name, conference_id from schools where id = ${id} and active`),
  );
  return found ?? null;
}

/** Who hears of a request: the school's head school admin and its conference's admins (active). */
export async function requestRecipients(db: DbOrTx, school: SignupSchoolFacts) {
  return rows<{ email: string; first_name: string; language: string | null }>(
    db.execute(sql`select distinct u.email, u.first_name, u.language from users u where u.active and (
      u.id = (select head_school_admin_id from schools where id = ${school.id})
      or exists (select 1 from roles r where r.user_id = u.id and r.role_type = 'conference_admin'
        and r.conference_id = ${school.conference_id}))
      order by u.email`),
  );
}

const requestsOf = (scope: Scope) => (scope.all ? sql`true` : sql`sr.school_id in ${sqlIdList(scope.adminSchoolIds)}`);

/** GET /signup_requests: the pending requests of the schools the user administers, oldest first. */
export async function pendingRequests(db: DbOrTx, scope: Scope): Promise<SignupRequestItem[]> {
  const found = await rows<Omit<SignupRequestItem, 'school'> & { school_id: number; school_code: string; church_name: string }>(
    db.execute(sql`select sr.id, sr.first_name, sr.last_name, sr.email, sr.message,
      to_char(sr.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
      sc.id as school_id, sc.school_code, sc.church_name
      from signup_requests sr join schools sc on sc.id = sr.school_id
      where sr.status = 'pending' and ${requestsOf(scope)} order by sr.created_at, sr.id limit 200`),
  );
  return found.map(({ school_id, school_code, church_name, ...request }) => ({
    ...request,
    school: { id: school_id, school_code, church_name },
  }));
}

export type PendingRequest = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  school_id: number;
  school_code: string;
  church_name: string;
};

/** A pending request of a school the user administers, locked; anything else is missing to them. */
export async function lockPendingRequest(tx: DbOrTx, scope: Scope, id: number): Promise<PendingRequest | null> {
  const [found] = await rows<PendingRequest>(
    tx.execute(sql`select sr.id, sr.first_name, sr.last_name, sr.email, sr.school_id, sc.school_code, sc.church_name
      from signup_requests sr join schools sc on sc.id = sr.school_id
      where sr.id = ${id} and sr.status = 'pending' and ${requestsOf(scope)} for update of sr`),
  );
  return found ?? null;
}
