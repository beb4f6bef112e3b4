import type { StudentImportMatch } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type KeyedStudent, type MatchReason, personKeys, sharedKeys, studentsWithKeys } from '../students/public.ts';
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
  const accepted = checked.flatMap((entry) => (entry.student ? [{ entry, person: entry.student }] : []));
  const keys = await personKeys(db, accepted.map(({ person }) => person));
  const candidates = await studentsWithKeys(db, actor.scope, keys);
  const byKey = new Map<string, KeyedStudent>();
  for (const candidate of candidates) {
    for (const reason of reasons) {
      const key = candidate.keys[reason];
      if (key !== null && !byKey.has(`${reason}|${key}`)) byKey.set(`${reason}|${key}`, candidate);
    }
  }
  const earlier = new Map<string, number>();
  const matched: { entry: CheckedRow; match: StudentImportMatch }[] = [];
  accepted.forEach(({ entry }, index) => {
    const own = keys[index]!;
    const named = reasons.flatMap((reason) => (own[reason] === null ? [] : [`${reason}|${own[reason]}`]));
    const repeats = named.map((key) => earlier.get(key)).find((line) => line !== undefined);
    if (repeats !== undefined) {
      entry.row = { ...entry.row, status: 'repeated', repeats_line: repeats };
      return;
    }
    for (const key of named) earlier.set(key, entry.row.line);
    const first = named.map((key) => byKey.get(key)).find((candidate) => candidate !== undefined);
    if (!first) return;
    const match: StudentImportMatch = {
      student_id: first.id,
      first_name: first.first_name,
      last_name: first.last_name,
      school: first.school,
      why: sharedKeys(own, first.keys),
      enrolled: false,
    };
    matched.push({ entry, match });
  });
  const enrolled = await enrolledAlready(
    db,
    matched.flatMap(({ entry, match }) => (entry.enrollment ? [{ studentId: match.student_id, seriesId: entry.enrollment.seriesId }] : [])),
  );
  for (const { entry, match } of matched) {
    match.enrolled = entry.enrollment !== null && enrolled.has(`${match.student_id}|${entry.enrollment.seriesId}`);
    entry.row = { ...entry.row, status: 'match', match };
  }
}
