// What the scenarios ask for, picked from the data in each user's scope: ids to open, names and
// registration numbers to search. Picks are spread by a hash of the id, the same on every run.
import type { Database } from '../../apps/server/src/db/client.ts';
import { Params, visibleStudent } from './baseline/sql.ts';
import type { Staff } from './tokens.ts';

const inScope = (staff: Staff, p: Params) => visibleStudent(staff.scope, p);

export async function studentIds(database: Database, staff: Staff, n: number): Promise<number[]> {
  const p = new Params();
  const found = await database.query<{ id: number }>(
    `select s.id from students s where ${inScope(staff, p)} order by md5(s.id::text) limit ${p.add(n)}`,
    p.values,
  );
  return found.map((row) => Number(row.id));
}

export async function enrollmentIds(database: Database, staff: Staff, n: number): Promise<number[]> {
  const p = new Params();
  const found = await database.query<{ id: number }>(
    `select e.id from enrollments e join students s on s.id = e.student_id where ${inScope(staff, p)}
     order by md5(e.id::text) limit ${p.add(n)}`,
    p.values,
  );
  return found.map((row) => Number(row.id));
}

export async function registrationNumbers(database: Database, staff: Staff, n: number): Promise<string[]> {
  const p = new Params();
  const found = await database.query<{ n: string }>(
    `select e.registration_number::text as n from enrollments e join students s on s.id = e.student_id
     where ${inScope(staff, p)} order by md5(e.id::text) limit ${p.add(n)}`,
    p.values,
  );
  return found.map((row) => row.n);
}

/** First and last names of students the user sees, as a person would type them. */
export async function fullNames(database: Database, staff: Staff, n: number): Promise<string[]> {
  const p = new Params();
  const found = await database.query<{ name: string }>(
    `select lower(s.first_name || ' ' || s.last_name) as name from students s where ${inScope(staff, p)}
     order by md5(s.id::text) limit ${p.add(n)}`,
    p.values,
  );
  return found.map((row) => row.name);
}

/** The first letters of last names the user sees: what staff type to find a student. */
export async function namePrefixes(database: Database, staff: Staff, n: number, letters = 4): Promise<string[]> {
  const p = new Params();
  const found = await database.query<{ term: string }>(
    `select distinct lower(left(s.last_name, ${p.add(letters)})) as term from (
       select s.last_name from students s where ${inScope(staff, p)} order by md5(s.id::text) limit ${p.add(n * 3)}) s
     where length(s.last_name) >= ${p.add(letters)} limit ${p.add(n)}`,
    p.values,
  );
  return found.map((row) => row.term);
}

/**
 * The network's busiest course and its first lesson (every student of it is sent that one): the
 * largest narrowing of a report to one course or one lesson, as a coordinator picks it.
 */
export async function busiestCourse(database: Database): Promise<{ series: number; episode: number }> {
  const [found] = await database.query<{ series: number; episode: number }>(
    `select ep.series_id::int as series, (select f.id::int from episodes f where f.series_id = ep.series_id order by f.position limit 1) as episode
     from lesson_network_months ln join episodes ep on ep.id = ln.episode_id group by ep.series_id order by sum(ln.sent) desc limit 1`,
  );
  if (!found) throw new Error('bench: no lessons to pick a course from');
  return found;
}
