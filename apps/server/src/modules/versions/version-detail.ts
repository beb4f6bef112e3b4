import type { VersionChange, VersionDetail } from '@srs/shared/versions';
import { type SQL, sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { administers, type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { undoForDays } from '../student-import/public.ts';
import { revertibleStudentField } from '../students/public.ts';
import { recordNames } from './version-records.ts';
import { summaryOf, type VersionRow } from './versions.queries.ts';
import { fieldLabel, isShownField, referenceNames, valueText } from './version-words.ts';

type Row = Record<string, unknown>;

/** The page of a record while it exists and the user sees it (the page itself checks its roles). */
async function recordPath(db: DbOrTx, scope: Scope, itemType: string, id: number): Promise<string | null> {
  const first = async (query: SQL) => (await rows<{ path: string }>(db.execute(query)))[0]?.path ?? null;
  switch (itemType) {
    case 'Student':
      return first(sql`select '/students/' || s.id as path from students s where s.id = ${id} and ${visibleStudent(scope)}`);
    case 'Enrollment':
      return first(sql`select '/students/' || s.id || case when se.type = 'Course' then '/courses' else '/seminars' end
          || '/enrollments/' || e.id as path
        from enrollments e join students s on s.id = e.student_id join series se on se.id = e.series_id
        where e.id = ${id} and ${visibleStudent(scope)}`);
    case 'School':
      return first(sql`select '/schools/' || id as path from schools where id = ${id}`);
    case 'User':
      return first(sql`select '/instructors/' || id as path from users where id = ${id}`);
    case 'Series':
      return first(sql`select case when type = 'Course' then '/courses/' else '/seminars/' end || id as path
        from series where id = ${id}`);
    default:
      return null;
  }
}

const removedWords: [string, string, string][] = [
  ['enrollments', 'enrollment', 'enrollments'],
  ['episode_deliveries', 'lesson', 'lessons'],
  ['attendances', 'attendance', 'attendances'],
  ['visits', 'visit', 'visits'],
  ['reminders', 'reminder', 'reminders'],
  ['decisions', 'decision', 'decisions'],
  ['notes', 'note', 'notes'],
  ['product_deliveries', 'product delivery', 'product deliveries'],
  ['student_shares', 'share', 'shares'],
];

/** What went with a deleted student: '2 enrollments, 3 lessons, 1 note'. */
function removedWith(object: Row | null): string | null {
  const associations = object?.associations as Record<string, unknown[] | undefined> | undefined;
  if (!associations) return null;
  const parts = removedWords
    .map(([key, one, many]) => {
      const count = associations[key]?.length ?? 0;
      return count === 0 ? null : `${count} ${count === 1 ? one : many}`;
    })
    .filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing else';
}

/** An import's version: whether this user may undo it now (student-import-undo.ts has the same rules), and when it was. */
async function importUndo(db: DbOrTx, scope: Scope, version: VersionRow): Promise<VersionDetail['import_undo']> {
  if (version.item_type !== 'StudentImport' || version.event !== 'create') return null;
  const [found] = await rows<{ school_ids: number[]; undone_at: string | null; recent: boolean }>(
    db.execute(sql`select school_ids, undone_at, created_at > now() - ${undoForDays} * interval '1 day' as recent
      from student_imports where id = ${version.item_id}`),
  );
  if (!found) return null;
  const undoneAt = found.undone_at === null ? null : new Date(found.undone_at).toISOString();
  const canUndo = undoneAt === null && found.recent && found.school_ids.every((schoolId) => administers(scope, schoolId));
  return { can_undo: canUndo, undone_at: undoneAt };
}

/** GET /versions/:id: one change in words, with what the user may do with it. */
export async function versionDetail(db: DbOrTx, scope: Scope, version: VersionRow): Promise<VersionDetail> {
  const before: Row = version.object ?? {};
  // An erasure reads as an update: each field replaced, from '[erased]' to what it holds now.
  const changed = version.event === 'update' || version.event === 'erase';
  const fields = Object.keys(changed || version.event === 'create' ? version.object_changes : before);
  const pairs = fields.filter(isShownField).map((field): [string, unknown, unknown] => {
    if (changed || version.event === 'create') {
      const [was, is] = version.object_changes[field] ?? [null, null];
      return [field, version.event === 'create' ? null : was, is];
    }
    return [field, before[field], null];
  });
  const names = await referenceNames(
    db,
    scope,
    pairs.flatMap(([field, was, is]): [string, unknown][] => [
      [field, was],
      [field, is],
    ]),
  );
  const changes: VersionChange[] = pairs.map(([field, was, is]) => ({
    field,
    label: fieldLabel(field),
    before: valueText(field, was, names),
    after: valueText(field, is, names),
    revertible: version.event === 'update' && version.item_type === 'Student' && revertibleStudentField(field),
  }));
  const path = await recordPath(db, scope, version.item_type, version.item_id);
  const deletedStudent = version.event === 'destroy' && version.item_type === 'Student';
  const gone = deletedStudent
    ? (await rows(db.execute(sql`select 1 from students where id = ${version.item_id}`))).length === 0
    : false;
  return {
    ...summaryOf(version, (await recordNames(db, scope, [version])).get(version.id)!),
    changes,
    record_path: path,
    removed_with: deletedStudent ? removedWith(version.object) : null,
    can_restore: deletedStudent && gone && administers(scope, Number(before.schoolId)),
    import_undo: await importUndo(db, scope, version),
  };
}
