import type { StudentImportMatch } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { rows } from '../../core/lists.ts';
import { visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { normaliseZip } from '../students/public.ts';
import type { CheckedRow } from './check-rows.ts';

/**
 * Whether an import's accepted row is a person already there (docs/decisions/024): a student the
 * user sees with the same email, the same phone (its digits) or the same name and zip code (a
 * match), or an earlier row of the file (repeated). Accents, case and spacing are ignored.
 */

/** Names as they are compared: accents, case and spacing ignored. */
export const nameKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
/** A phone's digits, when there are enough of them to tell a person (7 at least). */
const phoneKey = (phone: string | null | undefined) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
};
const emailKey = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null);
const nameZipKey = (person: { first_name: string; last_name: string; zip_code: string | null }) =>
  person.zip_code ? `${nameKey(person.first_name)}|${nameKey(person.last_name)}|${normaliseZip(person.zip_code)}` : null;

type Candidate = {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  zip_code: string | null;
  school_id: number;
  school_code: string;
  church_name: string;
};

/** The students the user sees who share an email, a phone or a name and zip code with an accepted row. */
async function candidatesOf(db: DbOrTx, actor: Actor, checked: CheckedRow[]) {
  const people = checked.flatMap((entry) => (entry.student ? [entry.student] : []));
  const emails = [...new Set(people.flatMap((person) => emailKey(person.email) ?? []))];
  const phones = [...new Set(people.flatMap((person) => phoneKey(person.phone) ?? []))];
  const zips = [...new Set(people.map((person) => normaliseZip(person.zip_code)))];
  if (people.length === 0) return [];
  const digits = sql`regexp_replace(coalesce(s.phone, ''), '[^0-9]', '', 'g')`;
  const zip = sql`case when length(regexp_replace(coalesce(s.zip_code, ''), '[^0-9]', '', 'g')) >= 5
    then left(regexp_replace(s.zip_code, '[^0-9]', '', 'g'), 5) else upper(trim(coalesce(s.zip_code, ''))) end`;
  const list = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
  return rows<Candidate>(
    db.execute(sql`select s.id::int as id, s.first_name, s.last_name, s.email, s.phone, s.zip_code,
        sc.id::int as school_id, sc.school_code, sc.church_name
      from students s join schools sc on sc.id = s.school_id
      where ${visibleStudent(actor.scope)} and s.erased_at is null
        and (lower(s.email) in ${list(emails)} or ${digits} in ${list(phones)} or ${zip} in ${list(zips)})
      order by s.id`),
  );
}

/** Matched students already in an active enrollment of the row's series: `${student}|${series}`. */
async function enrolledAlready(db: DbOrTx, pairs: { studentId: number; seriesId: number }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const found = await rows<{ student_id: number; series_id: number }>(
    db.execute(sql`select e.student_id::int as student_id, e.series_id::int as series_id from enrollments e
      where e.student_id in (select jsonb_array_elements_text(${JSON.stringify(pairs.map((pair) => pair.studentId))}::jsonb)::bigint)
        and not e.orphaned and e.status in ('Applied', 'Enrolled', 'Attended')`),
  );
  return new Set(found.map((row) => `${row.student_id}|${row.series_id}`));
}

/** Marks each accepted row repeated (an earlier row's person) or match (a student the user sees), in place. */
export async function markMatches(db: DbOrTx, actor: Actor, checked: CheckedRow[]): Promise<void> {
  const candidates = await candidatesOf(db, actor, checked);
  const byEmail = new Map<string, Candidate>();
  const byPhone = new Map<string, Candidate>();
  const byNameZip = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const keys: [Map<string, Candidate>, string | null][] = [
      [byEmail, emailKey(candidate.email)],
      [byPhone, phoneKey(candidate.phone)],
      [byNameZip, nameZipKey(candidate)],
    ];
    for (const [map, key] of keys) if (key && !map.has(key)) map.set(key, candidate);
  }
  const earlier = new Map<string, number>();
  const matched: { entry: CheckedRow; match: StudentImportMatch }[] = [];
  for (const entry of checked) {
    const person = entry.student;
    if (!person) continue;
    const keys = [`e|${emailKey(person.email) ?? ''}`, `p|${phoneKey(person.phone) ?? ''}`, `n|${nameZipKey(person) ?? ''}`].filter(
      (key) => !key.endsWith('|'),
    );
    const repeats = keys.map((key) => earlier.get(key)).find((line) => line !== undefined);
    if (repeats !== undefined) {
      entry.row = { ...entry.row, status: 'repeated', repeats_line: repeats };
      continue;
    }
    for (const key of keys) earlier.set(key, entry.row.line);
    const found = [
      ['email', byEmail.get(emailKey(person.email) ?? '')],
      ['phone', byPhone.get(phoneKey(person.phone) ?? '')],
      ['name_and_zip', byNameZip.get(nameZipKey(person) ?? '')],
    ] as const;
    const first = found.find(([, candidate]) => candidate !== undefined)?.[1];
    if (!first) continue;
    const why = found.filter(([, candidate]) => candidate?.id === first.id).map(([reason]) => reason);
    const match: StudentImportMatch = {
      student_id: first.id,
      first_name: first.first_name,
      last_name: first.last_name,
      school: { id: first.school_id, school_code: first.school_code, church_name: first.church_name },
      why: [...why],
      enrolled: false,
    };
    matched.push({ entry, match });
  }
  const enrolled = await enrolledAlready(
    db,
    matched.flatMap(({ entry, match }) => (entry.enrollment ? [{ studentId: match.student_id, seriesId: entry.enrollment.seriesId }] : [])),
  );
  for (const { entry, match } of matched) {
    match.enrolled = entry.enrollment !== null && enrolled.has(`${match.student_id}|${entry.enrollment.seriesId}`);
    entry.row = { ...entry.row, status: 'match', match };
  }
}
