import type { StudentImportMatch } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type KeyedStudent, type MatchReason, type PersonKeys, personKeys, sharedKeys, studentsWithKeys } from '../students/public.ts';
import type { CheckedRow } from './check-rows.ts';

/**
 * Whether an import's accepted row is a person already there (docs/decisions/024): a student the
 * user sees with the same email, the same phone (its digits) or the same name and zip code (a
 * match), or an earlier row of the file (repeated). Accents, case and spacing are ignored. The keys
 * and the lookup are the students module's (same-person.queries.ts), shared with the duplicates page.
 */

/** Names as the file's other columns are compared (a mailing option, an instructor): accents, case and spacing ignored. */
export const nameKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The keys in the order a match names them: email, phone, name and zip code. */
const reasons: readonly MatchReason[] = ['email', 'phone', 'name_and_zip'];

/**
 * The active enrollments of the students the keys name, by `${student}|${series}`: looked up once
 * for a whole file, before anything is written, as the preview saw them (an enrollment the import
 * itself writes is never one of them).
 */
export async function enrolledOf(db: DbOrTx, candidates: ReadonlyMap<string, KeyedStudent>): Promise<Set<string>> {
  const studentIds = [...new Set([...candidates.values()].map((candidate) => candidate.id))];
  if (studentIds.length === 0) return new Set();
  const found = await rows<{ student_id: number; series_id: number }>(
    db.execute(sql`select distinct e.student_id::int as student_id, e.series_id::int as series_id from enrollments e
      where e.student_id in (select jsonb_array_elements_text(${JSON.stringify(studentIds)}::jsonb)::bigint)
        and not e.orphaned and e.status in ('Applied', 'Enrolled', 'Attended')`),
  );
  return new Set(found.map((row) => `${row.student_id}|${row.series_id}`));
}

/** The accepted rows of a part and their people's keys (worked out by the database, as the students' are). */
export async function keysOf(db: DbOrTx, checked: CheckedRow[]) {
  const accepted = checked.flatMap((entry) => (entry.student ? [{ entry, person: entry.student }] : []));
  const keys = accepted.length > 0 ? await personKeys(db, accepted.map(({ person }) => person)) : [];
  return accepted.map(({ entry }, index) => ({ entry, keys: keys[index]! }));
}

/** Who the keys name among the students the user sees, by `${reason}|${key}`: looked up once for a whole file. */
export async function candidatesOf(db: DbOrTx, actor: Actor, keys: PersonKeys[]): Promise<Map<string, KeyedStudent>> {
  const byKey = new Map<string, KeyedStudent>();
  if (keys.length === 0) return byKey;
  for (const candidate of await studentsWithKeys(db, actor.scope, keys)) {
    for (const reason of reasons) {
      const key = candidate.keys[reason];
      if (key !== null && !byKey.has(`${reason}|${key}`)) byKey.set(`${reason}|${key}`, candidate);
    }
  }
  return byKey;
}

/**
 * Marks each accepted row repeated (an earlier row's person) or match (a student the user sees), in
 * place. `earlier`: the keys of the rows before (line by key), carried from part to part of a file;
 * `enrolled`: the candidates' active enrollments (`enrolledOf`).
 */
export function markRows(
  rowsWithKeys: { entry: CheckedRow; keys: PersonKeys }[],
  byKey: ReadonlyMap<string, KeyedStudent>,
  earlier: Map<string, number>,
  enrolled: ReadonlySet<string>,
): void {
  for (const { entry, keys: own } of rowsWithKeys) {
    const named = reasons.flatMap((reason) => (own[reason] === null ? [] : [`${reason}|${own[reason]}`]));
    const repeats = named.map((key) => earlier.get(key)).find((line) => line !== undefined);
    if (repeats !== undefined) {
      entry.row = { ...entry.row, status: 'repeated', repeats_line: repeats };
      continue;
    }
    for (const key of named) earlier.set(key, entry.row.line);
    const first = named.map((key) => byKey.get(key)).find((candidate) => candidate !== undefined);
    if (!first) continue;
    const match: StudentImportMatch = {
      student_id: first.id,
      first_name: first.first_name,
      last_name: first.last_name,
      school: first.school,
      why: sharedKeys(own, first.keys),
      enrolled: entry.enrollment !== null && enrolled.has(`${first.id}|${entry.enrollment.seriesId}`),
    };
    entry.row = { ...entry.row, status: 'match', match };
  }
}
