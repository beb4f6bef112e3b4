import { likelyDuplicatesShown, type StudentLikelyDuplicate } from '@srs/shared/student-duplicates';
import { studentMatchReasons } from '@srs/shared/student-import';
import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailKeySql,
  nameZipKeySql,
  phoneKeySql,
  studentColumnsAs,
  studentEmailKey,
  studentNameZipKey,
  studentPhoneKey,
} from '../../db/schema/person-keys.ts';

/**
 * Whether a person is a student already there (issue 27): the one home of the matching that the
 * import, the new-student form's check and the duplicates page share. The keys are the database's
 * (db/schema/person-keys.ts); a student is found by them through their indexes (migration 0021).
 */

export type MatchReason = (typeof studentMatchReasons)[number];
export type PersonValues = {
  first_name: string;
  last_name: string;
  zip_code?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
};
export type PersonKeys = { email: string | null; phone: string | null; name_and_zip: string | null };

/** The keys of people not stored, in their order: the students' columns' very expressions applied to their values. */
export async function personKeys(db: DbOrTx, people: readonly PersonValues[]): Promise<PersonKeys[]> {
  if (people.length === 0) return [];
  const values = people.map((person, index) => ({
    i: index,
    first_name: person.first_name,
    last_name: person.last_name,
    zip_code: person.zip_code ?? null,
    email: person.email ?? null,
    phone: person.phone ?? null,
  }));
  const column = (name: string): SQL => sql.raw(`x.${name}`);
  const found = await rows<PersonKeys & { i: number }>(
    db.execute(sql`select x.i, ${emailKeySql(column('email'))} as email, ${phoneKeySql(column('phone'))} as phone,
        ${nameZipKeySql(column('first_name'), column('last_name'), column('zip_code'))} as name_and_zip
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as x(i int, first_name text, last_name text, zip_code text, email text, phone text)
      order by x.i`),
  );
  return found.map(({ email, phone, name_and_zip }) => ({ email, phone, name_and_zip }));
}

/** A student found by its keys, with them. */
export type KeyedStudent = {
  id: number;
  first_name: string;
  last_name: string;
  school: { id: number; school_code: string; church_name: string };
  keys: PersonKeys;
};

type KeyedRow = Omit<KeyedStudent, 'school' | 'keys'> &
  PersonKeys & { school_id: number; school_code: string; church_name: string };

const texts = (values: (string | null)[]) => sql.param([...new Set(values.filter((value) => value !== null))]);

/**
 * The students the user sees (not erased) who share an email, a phone or a name and zip code with
 * any of `keys`: one lookup of each key's index, then the scope on those few rows.
 */
export async function studentsWithKeys(db: DbOrTx, scope: Scope, keys: readonly PersonKeys[]): Promise<KeyedStudent[]> {
  const lookups: SQL[] = [];
  // The key's own expression, with `is not null`, is what the partial index on it is made of.
  const lookup = (key: SQL, values: (string | null)[]) => {
    if (values.some((value) => value !== null)) {
      lookups.push(sql`select k.id from students k where ${key} is not null and ${key} = any(${texts(values)}::text[])`);
    }
  };
  const k = studentColumnsAs('k');
  lookup(studentEmailKey(k), keys.map((key) => key.email));
  lookup(studentPhoneKey(k), keys.map((key) => key.phone));
  lookup(studentNameZipKey(k), keys.map((key) => key.name_and_zip));
  if (lookups.length === 0) return [];
  const s = studentColumnsAs('s');
  const found = await rows<KeyedRow>(
    db.execute(sql`select s.id::int as id, s.first_name, s.last_name, ${studentEmailKey(s)} as email,
        ${studentPhoneKey(s)} as phone, ${studentNameZipKey(s)} as name_and_zip,
        sc.id::int as school_id, sc.school_code, sc.church_name
      from students s join schools sc on sc.id = s.school_id
      where s.id in (${sql.join(lookups, sql` union `)}) and s.erased_at is null and ${visibleStudent(scope)}
      order by s.id`),
  );
  return found.map(({ school_id, school_code, church_name, email, phone, name_and_zip, ...student }) => ({
    ...student,
    school: { id: school_id, school_code, church_name },
    keys: { email, phone, name_and_zip },
  }));
}

/** Why two sets of keys are likely one person: each key they share, strongest first. */
export function sharedKeys(a: PersonKeys, b: PersonKeys): MatchReason[] {
  return studentMatchReasons.filter((reason) => a[reason] !== null && a[reason] === b[reason]);
}

type LikelyRow = Omit<StudentLikelyDuplicate, 'school' | 'reasons'> &
  PersonKeys & { school_id: number; school_code: string; church_name: string };

/**
 * The new-student form's check (GET /students/likely_duplicates): the students the user sees that
 * the person being typed likely already is, by the import's very keys, those sharing most first.
 */
export async function likelyDuplicatesOf(db: DbOrTx, scope: Scope, person: PersonValues): Promise<StudentLikelyDuplicate[]> {
  const [keys] = await personKeys(db, [person]);
  if (!keys) return [];
  const found = await studentsWithKeys(db, scope, [keys]);
  const ids = found.map((student) => student.id);
  if (ids.length === 0) return [];
  const details = await rows<LikelyRow>(
    db.execute(sql`select s.id::int as id, s.first_name, s.middle_name, s.last_name, s.address, s.city, s.zip_code,
        sc.id::int as school_id, sc.school_code, sc.church_name
      from students s join schools sc on sc.id = s.school_id where s.id = any(${sql.param(ids)}::bigint[])`),
  );
  const byId = new Map(found.map((student) => [student.id, student]));
  return details
    .map(({ school_id, school_code, church_name, ...student }) => ({
      ...student,
      school: { id: school_id, school_code, church_name },
      reasons: sharedKeys(keys, byId.get(student.id)!.keys),
    }))
    .sort((a, b) => b.reasons.length - a.reasons.length || a.id - b.id)
    .slice(0, likelyDuplicatesShown);
}

/**
 * How many students each person likely already is, by the same keys (at most as many as the form
 * shows), for a whole list of people in two queries: the interests waiting for an assignment.
 */
export async function likelyDuplicateCounts(db: DbOrTx, scope: Scope, people: readonly PersonValues[]): Promise<number[]> {
  if (people.length === 0) return [];
  const keys = await personKeys(db, people);
  const found = await studentsWithKeys(db, scope, keys);
  return keys.map((own) => Math.min(likelyDuplicatesShown, found.filter((student) => sharedKeys(own, student.keys).length > 0).length));
}
