import type { DeletedRecord } from '@srs/shared/deleted-records';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import type { RecordKind } from '../../core/records.ts';
import { administers, type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Record<string, unknown>;

/**
 * Whether this viewer saw a student as it was when it was deleted (the row its destroy version
 * keeps): the network, the admins of its school, its instructor and those it was shared with.
 */
export function sawStudent(scope: Scope, row: Row | null): boolean {
  if (!row) return false;
  if (scope.all) return true;
  if (scope.adminSchoolIds.includes(Number(row.schoolId)) || Number(row.instructorId) === scope.userId) return true;
  const shares = (row.associations as { student_shares?: Row[] } | undefined)?.student_shares ?? [];
  return shares.some((share) => Number(share.userId) === scope.userId);
}

type Destroyed = {
  id: number;
  whodunnit: number | null;
  school_id: number | null;
  object: Row | null;
  deleted_on: string;
  first_name: string | null;
  last_name: string | null;
};

/** The last destroy version of a record of this kind, with who made it. */
async function lastDestroy(db: DbOrTx, itemType: string, id: number): Promise<Destroyed | undefined> {
  const [found] = await rows<Destroyed>(
    db.execute(sql`select v.id::int as id, v.whodunnit::int as whodunnit, v.school_id::int as school_id, v.object,
        to_char(v.created_at, 'YYYY-MM-DD') as deleted_on, u.first_name, u.last_name
      from versions v left join users u on u.id = v.whodunnit
      where v.item_type = ${itemType} and v.item_id = ${id} and v.event = 'destroy' order by v.id desc limit 1`),
  );
  return found;
}

/** Whether this viewer may open a version (visibleVersion, as a row test). */
const opens = (scope: Scope, version: Destroyed) =>
  scope.all || version.whodunnit === scope.userId || (version.school_id !== null && scope.adminSchoolIds.includes(version.school_id));

function answer(viewer: Scope, record: DeletedRecord['record'], version: Destroyed, canRestore: boolean): DeletedRecord {
  return {
    record,
    deleted_on: version.deleted_on,
    deleted_by:
      version.whodunnit !== null && version.first_name !== null
        ? { id: version.whodunnit, first_name: version.first_name, last_name: version.last_name ?? '' }
        : null,
    version_id: opens(viewer, version) ? version.id : null,
    can_restore: canRestore && opens(viewer, version),
  };
}

/**
 * A student or an enrollment that is missing to this viewer because it was deleted, when they saw
 * it then (issue 25): when, by whom, and the version that brings a student back for those who may
 * restore it (docs/decisions/012: the admins of its school). Null for anything else, so that a
 * record out of the viewer's scope stays a plain 404, exactly like one that never was.
 */
export async function deletedRecord(db: DbOrTx, viewer: Scope, kind: RecordKind, id: number): Promise<DeletedRecord | null> {
  if (kind !== 'student' && kind !== 'enrollment') return null;
  const table = kind === 'student' ? sql`students` : sql`enrollments`;
  // Still there (restored since, or out of scope): nothing to tell.
  if ((await rows(db.execute(sql`select 1 from ${table} where id = ${id}`))).length > 0) return null;
  const version = await lastDestroy(db, kind === 'student' ? 'Student' : 'Enrollment', id);
  if (!version?.object) return null;
  if (kind === 'student') {
    if (!sawStudent(viewer, version.object)) return null;
    return answer(viewer, 'student', version, administers(viewer, Number(version.object.schoolId)));
  }
  // An enrollment is seen with its student: as it is now, or as it was deleted after it.
  const studentId = Number(version.object.studentId);
  const [student] = await rows<{ seen: boolean }>(
    db.execute(sql`select ${visibleStudent(viewer)} as seen from students s where s.id = ${studentId}`),
  );
  const saw = student ? student.seen : sawStudent(viewer, (await lastDestroy(db, 'Student', studentId))?.object ?? null);
  return saw ? answer(viewer, 'enrollment', version, false) : null;
}
