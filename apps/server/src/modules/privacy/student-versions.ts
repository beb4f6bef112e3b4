import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { anyId } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The audit trail of one student (docs/decisions/017): the versions whose item is the student or
 * one of its records, those deleted since included. A version keeps its row as the app wrote it
 * (camelCase keys, core/audit.ts): before the change in `object`, each changed field in
 * `object_changes` as [before, after]; so every version of a record names its owner somewhere.
 */

/** The text of a field of the row a version tells of, before or after the change. */
const fieldOf = (key: string, side: 'before' | 'after') =>
  side === 'before'
    ? sql`coalesce(v.object ->> ${key}, v.object_changes -> ${key} ->> 0)`
    : sql`(v.object_changes -> ${key} ->> 1)`;
/** The row of the version names one of `values` (as text) in `key`, before or after the change. */
const names = (key: string, values: SQL) => sql`(${fieldOf(key, 'before')} = ${values} or ${fieldOf(key, 'after')} = ${values})`;
const textList = (values: readonly (number | string)[]) => sql`any(${sql.param(values.map(String))}::text[])`;
/** Versions of these schools' records, or of no school's (a note on the student himself has none). */
const inSchools = (schoolIds: number[]) => sql`(v.school_id = ${anyId(schoolIds)} or v.school_id is null)`;

/** Records that hang off an enrollment, by the field of their row that names it. */
const ofEnrollment: [itemTypes: string[], key: string][] = [
  [['EpisodeDelivery', 'Attendance', 'Visit', 'Reminder', 'ProductDelivery'], 'enrollmentId'],
  [['Decision'], 'cachedEnrollmentId'],
];

export type StudentScope = {
  studentId: number;
  /** Its enrollments, those deleted since included. */
  enrollmentIds: number[];
  /** The schools it has belonged to: every version of its records names one of them, or none. */
  schoolIds: number[];
  interestIds: number[];
};

/**
 * Where to look. A record's version names the school of its record when it was written (migration
 * 0008), or none (a note on the student himself): looking only among the versions of the schools
 * the student has been in, and of none, reads a few schools' history instead of the network's.
 */
export async function studentScope(db: DbOrTx, studentId: number, schoolId: number): Promise<StudentScope> {
  const id = String(studentId);
  const moves = await rows<{ school_id: string | null }>(
    db.execute(sql`select distinct s.school_id from versions v,
        lateral (values (v.object ->> 'schoolId'), (v.object_changes -> 'schoolId' ->> 0), (v.object_changes -> 'schoolId' ->> 1)) s(school_id)
      where v.item_type = 'Student' and v.item_id = ${studentId}`),
  );
  const schoolIds = [...new Set([schoolId, ...moves.map((row) => Number(row.school_id)).filter((n) => Number.isInteger(n) && n > 0)])];
  const enrollments = await rows<{ id: number | string }>(
    db.execute(sql`select e.id from enrollments e where e.student_id = ${studentId}
      union
      select v.item_id from versions v
      where v.item_type = 'Enrollment' and ${inSchools(schoolIds)} and ${names('studentId', sql`${id}`)}`),
  );
  const interests = await rows<{ id: number | string }>(
    // An interest a delete unlinked (its foreign key is set to null) still names the student in its versions.
    db.execute(sql`select i.id from interests i where i.student_id = ${studentId}
      union
      select v.item_id from versions v
      where v.item_type = 'Interest' and ${inSchools(schoolIds)} and ${names('studentId', sql`${id}`)}`),
  );
  return {
    studentId,
    enrollmentIds: enrollments.map((row) => Number(row.id)),
    schoolIds,
    interestIds: interests.map((row) => Number(row.id)),
  };
}

/** The condition on `versions v` that picks the student's audit trail. */
export function studentVersionsWhere(scope: StudentScope): SQL {
  const id = String(scope.studentId);
  const enrollments = textList(scope.enrollmentIds);
  return sql`(
    (v.item_type in ('Student', 'StudentShare') and v.item_id = ${scope.studentId})
    or (v.item_type = 'Enrollment' and v.item_id = ${anyId(scope.enrollmentIds)})
    or (v.item_type = 'Interest' and v.item_id = ${anyId(scope.interestIds)})
    or (${inSchools(scope.schoolIds)} and (
      (v.item_type = 'Note' and ${names('studentId', sql`${id}`)})
      ${sql.join(
        ofEnrollment.map(([itemTypes, key]) => sql` or (v.item_type = ${textList(itemTypes)} and ${names(key, enrollments)})`),
      )}
    ))
  )`;
}

export type StoredVersion = {
  id: number;
  item_type: string;
  item_id: number;
  event: string;
  whodunnit: number | null;
  user_first_name: string | null;
  user_last_name: string | null;
  created_at: string;
  object: Record<string, unknown> | null;
  object_changes: Record<string, unknown[]>;
};

/** The student's audit trail, oldest first, with who made each change. */
export async function studentVersions(db: DbOrTx, scope: StudentScope): Promise<StoredVersion[]> {
  const found = await rows<StoredVersion>(
    db.execute(sql`select v.id, v.item_type, v.item_id, v.event, v.whodunnit,
        u.first_name as user_first_name, u.last_name as user_last_name,
        to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        v.object, v.object_changes
      from versions v left join users u on u.id = v.whodunnit
      where ${studentVersionsWhere(scope)}
      order by v.id`),
  );
  return found.map((row) => ({
    ...row,
    id: Number(row.id),
    item_id: Number(row.item_id),
    whodunnit: row.whodunnit === null ? null : Number(row.whodunnit),
  }));
}
