import {
  type DuplicatePair,
  duplicateReasons,
  duplicatesPageSize,
  type DuplicatesQuery,
  type DuplicatesResponse,
  type DuplicateStudent,
} from '@srs/shared/student-duplicates';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { anyId, type Scope, visibleStudent } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { studentColumnsAs, studentEmailKey, studentNameZipKey, studentPhoneKey } from '../../db/schema/person-keys.ts';
import { fewSchools } from './name-order.ts';
import { visibleStudentsOr404 } from './student-access.ts';

/**
 * GET /students/duplicates and POST /students/duplicates/not_same_person (issue 27): pairs of
 * students the user sees who share a key of the same person (same-person.queries.ts), strongest
 * first (three keys, then two, then one; then the newer pair), never a pair said not to be one.
 */

/**
 * A key shared by more students than this names no one person (a church's email, a placeholder
 * phone): it makes no pairs. Without a bound, one key on 5,000 students would be 12.5 million pairs.
 */
export const largestGroup = 20;

type PairRow = { a: number; b: number; reasons: number[]; strength: number; newest: string };
type StudentRow = Omit<DuplicateStudent, 'school'> & { school_id: number; school_code: string; church_name: string };

/** The next page's key: strength, newest (microseconds since 1970), then the two ids, all descending. */
const cursorOf = (row: PairRow) => `${row.strength}.${row.newest}.${row.a}.${row.b}`;
function parseCursor(after: string | undefined): [number, string, number, number] | null {
  if (after === undefined) return null;
  const parts = /^([0-3])\.(-?\d{1,20})\.(\d{1,16})\.(\d{1,16})$/.exec(after);
  if (!parts) throw invalid({ after: ['is not a page of this list'] });
  return [Number(parts[1]), parts[2]!, Number(parts[3]), Number(parts[4])];
}

/**
 * The students the user sees who hold a key two to largestGroup students of the network share
 * (student_key_counts, kept by the database), as (reason, key, id). A key is judged by all the
 * network's students who hold it, so a pair is the same pair whoever looks. Someone who sees a few
 * schools has their own students' keys worked out (a few thousand) and kept when shared; someone
 * who sees more reads the shared keys (a few thousand on a network of a million) and finds their
 * students through each key's index.
 */
function sharedKeyHolders(scope: Scope): SQL {
  const columns = studentColumnsAs('s');
  const keys: [number, SQL][] = [
    [1, studentEmailKey(columns)],
    [2, studentPhoneKey(columns)],
    [3, studentNameZipKey(columns)],
  ];
  const shared = sql`g.students between 2 and ${largestGroup}`;
  if (!scope.all && scope.adminSchoolIds.length <= fewSchools) {
    const theirs = sql.join(
      keys.map(([reason, key]) => sql`(${sql.raw(String(reason))}, ${key})`),
      sql`, `,
    );
    return sql`select k.reason, k.key, s.id from students s cross join lateral (values ${theirs}) k(reason, key)
      join student_key_counts g on g.kind = k.reason and g.key = k.key
      where s.erased_at is null and ${visibleStudent(scope)} and k.key is not null and ${shared}`;
  }
  const holders = keys.map(
    ([reason, key]) => sql`select ${sql.raw(String(reason))} as reason, g.key, s.id from student_key_counts g cross join lateral (
        select s.id from students s where ${key} = g.key and ${key} is not null and s.erased_at is null
        limit ${largestGroup}) s
      where g.kind = ${sql.raw(String(reason))} and ${shared}`,
  );
  return sql`select m.reason, m.key, m.id from (${sql.join(holders, sql` union all `)}) m
    where ${visibleStudent(scope, sql.raw('m'))}`;
}

/** The pairs of one page: each shared key's students the user sees, each group's pairs, the said-not-same left out. */
async function pairsPage(db: Db, scope: Scope, after: ReturnType<typeof parseCursor>): Promise<PairRow[]> {
  const keyset = after ? sql`where (p.strength, p.newest, p.a, p.b) < (${after[0]}, ${after[1]}::bigint, ${after[2]}, ${after[3]})` : sql``;
  return rows<PairRow>(
    db.execute(sql`with v as materialized (${sharedKeyHolders(scope)}), groups as (
        select v.reason, array_agg(v.id order by v.id) as ids from v group by v.reason, v.key having count(*) >= 2
      ), pairs as (
        select a.id as a, b.id as b, array_agg(distinct g.reason order by g.reason) as reasons
        from groups g cross join lateral unnest(g.ids) a(id) cross join lateral unnest(g.ids) b(id)
        where a.id < b.id group by a.id, b.id
      ), ranked as (
        select p.a, p.b, p.reasons, cardinality(p.reasons) as strength,
          (extract(epoch from greatest(sa.created_at, sb.created_at)) * 1000000)::bigint as newest
        from pairs p join students sa on sa.id = p.a join students sb on sb.id = p.b
        where not exists (select 1 from students_not_same_person n where n.student_id = p.a and n.other_student_id = p.b)
      )
      select p.a::int as a, p.b::int as b, p.reasons, p.strength::int as strength, p.newest::text as newest
      from ranked p ${keyset}
      order by p.strength desc, p.newest desc, p.a desc, p.b desc
      limit ${duplicatesPageSize + 1}`),
  );
}

/** What a pair shows of each student: the fields that tell two people apart. */
async function studentsOf(db: Db, ids: number[]): Promise<Map<number, DuplicateStudent>> {
  if (ids.length === 0) return new Map();
  const found = await rows<StudentRow>(
    db.execute(sql`select s.id::int as id, s.first_name, s.middle_name, s.last_name, s.city, s.state, s.zip_code,
        s.email, s.phone, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
        sc.id::int as school_id, sc.school_code, sc.church_name,
        array(select distinct e.registration_number from enrollments e
          where e.student_id = s.id and e.registration_number is not null order by 1) as registration_numbers
      from students s join schools sc on sc.id = s.school_id where s.id = ${anyId(ids)}`),
  );
  return new Map(
    found.map(({ school_id, school_code, church_name, ...student }) => [
      student.id,
      { ...student, registration_numbers: student.registration_numbers.map(String), school: { id: school_id, school_code, church_name } },
    ]),
  );
}

export async function listDuplicates(db: Db, scope: Scope, query: DuplicatesQuery): Promise<DuplicatesResponse> {
  const found = await pairsPage(db, scope, parseCursor(query.after));
  const page = found.slice(0, duplicatesPageSize);
  const students = await studentsOf(db, [...new Set(page.flatMap((row) => [row.a, row.b]))]);
  const pairs: DuplicatePair[] = page.map((row) => ({
    students: [students.get(row.a)!, students.get(row.b)!],
    reasons: row.reasons.map((reason) => duplicateReasons[reason - 1]!),
  }));
  const last = page.at(-1);
  return { pairs, next: found.length > duplicatesPageSize && last ? cursorOf(last) : null };
}

/** Two students the user sees are not the same person: remembered once, whoever says it again. */
export async function sayNotSamePerson(db: Db, actor: Actor, ids: readonly [number, number]): Promise<void> {
  const [first, second] = ids[0] < ids[1] ? ids : [ids[1], ids[0]];
  await db.transaction(async (tx) => {
    await visibleStudentsOr404(tx, actor.scope, [first, second]);
    await tx.execute(sql`insert into students_not_same_person (student_id, other_student_id, said_by_id)
      values (${first}, ${second}, ${actor.userId}) on conflict do nothing`);
  });
}
