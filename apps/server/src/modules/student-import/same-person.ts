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
 * Matched students already in an active enrollment of the row's series: `${student}|${series}`.
 * `made`: the enrollments the import itself has written, which a row checked again after them
 * must not count (the preview did not see them).
 */
async function enrolledAlready(db: DbOrTx, pairs: { studentId: number; seriesId: number }[], made: ReadonlySet<number>): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const found = await rows<{ id: number; student_id: number; series_id: number }>(
    db.execute(sql`select e.id::int as id, e.student_id::int as student_id, e.series_id::int as series_id from enrollments e
      where e.student_id in (select jsonb_array_elements_text(${JSON.stringify(pairs.map((pair) => pair.studentId))}::jsonb)::bigint)
        and not e.orphaned and e.status in ('Applied', 'Enrolled', 'Attended')`),
  );
  return new Set(found.filter((row) => !made.has(row.id)).map((row) => `${row.student_id}|${row.series_id}`));
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
 * `made`: the enrollments the import has written so far.
 */
export async function markRows(
  db: DbOrTx,
  rowsWithKeys: { entry: CheckedRow; keys: PersonKeys }[],
  byKey: ReadonlyMap<string, KeyedStudent>,
  earlier: Map<string, number>,
  made: ReadonlySet<number> = new Set(),
): Promise<void> {
  const matched: { entry: CheckedRow; match: StudentImportMatch }[] = [];
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
      enrolled: false,
    };
    matched.push({ entry, match });
  }
  const enrolled = await enrolledAlready(
    db,
    matched.flatMap(({ entry, match }) => (entry.enrollment ? [{ studentId: match.student_id, seriesId: entry.enrollment.seriesId }] : [])),
    made,
  );
  for (const { entry, match } of matched) {
    match.enrolled = entry.enrollment !== null && enrolled.has(`${match.student_id}|${entry.enrollment.seriesId}`);
    entry.row = { ...entry.row, status: 'match', match };
  }
}
