import { formatDate } from '@srs/shared/dates';
import { type ImportKeptRecord, type ImportUndoResponse, importUndoMessages } from '@srs/shared/versions';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { itemTypeOf, recordVersions } from '../../core/audit.ts';
import { forbidden, HttpError, invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers } from '../../core/scope.ts';
import type { Tx } from '../../db/client.ts';
import { lockSchoolCounts } from '../../db/school-counts-lock.ts';
import { studentImports } from '../../db/schema/index.ts';
import { deleteEnrollmentsAudited, enrollmentDependents } from '../enrollments/public.ts';
import { deleteStudentsAudited } from '../students/public.ts';

/** How long an import can be undone (issue 27). */
export const undoForDays = 30;

type Made = { students: number[]; enrollments: number[]; lessons: number[] };
type ImportRow = { id: number; created_at: string; school_ids: number[]; made: Made; undone_at: string | null };
type Found = { student_id: number; enrollment_id: number | null; name: string; changed: boolean };

/** Ids as one array parameter; `in (select unnest(…))` where a statement tests many rows against them (hashed). */
const idArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;

/**
 * What the import made that changed since its version: a student, an enrollment or a lesson with a
 * later version of its own, or a record added since (an enrollment, a visit, a note, a share, an
 * interest linked…). A student the import made is kept whole; an enrollment it added to a student
 * already there is kept alone. Students and enrollments deleted since are simply not there.
 * Set-based (issue 27): the versions since the import are read once by their ids, and each test is
 * a join or a hashed list, where a test per student took 7 s at 50,000 students.
 */
async function changedSince(tx: Tx, made: Made, versionId: number): Promise<Found[]> {
  const addedToEnrollment = enrollmentDependents
    .filter(([name]) => name !== 'episode_deliveries')
    .map(([name, , column]) => sql`select x.${sql.identifier(column.name)} from ${sql.identifier(name)} x
      where x.${sql.identifier(column.name)} in (select id from made_enrollments)`);
  return rows<Found>(
    tx.execute(sql`
      with later as materialized (
        select v.item_type, v.item_id from versions v
        where v.id > ${versionId} and v.item_type in ('Student', 'Enrollment', 'EpisodeDelivery')),
      made_lessons as materialized (select unnest(${idArray(made.lessons)}) as id),
      made_enrollments as materialized (
        select e.id, e.student_id from enrollments e where e.id in (select unnest(${idArray(made.enrollments)}))),
      made_students as materialized (
        select s.id, s.first_name || ' ' || s.last_name as name from students s where s.id in (select unnest(${idArray(made.students)}))),
      -- An enrollment with a later version of its own, or of a lesson the import made.
      changed_enrollments as materialized (
        select l.item_id as id from later l where l.item_type = 'Enrollment'
        union
        select d.enrollment_id from later l join episode_deliveries d on d.id = l.item_id
        where l.item_type = 'EpisodeDelivery' and d.id in (select id from made_lessons)),
      -- An enrollment the import made with a record added since: a lesson it did not make, a visit…
      added_enrollments as materialized (
        select d.enrollment_id as id from episode_deliveries d
        where d.enrollment_id in (select id from made_enrollments) and d.id not in (select id from made_lessons)
        union ${sql.join(addedToEnrollment, sql` union `)}
        union select i.enrollment_id from interests i where i.enrollment_id in (select id from made_enrollments)),
      -- Each student made, by its enrollments: one changed; one not made by the import, or with a record added.
      their as materialized (
        select e.student_id,
          bool_or(e.id in (select id from changed_enrollments)) as changed,
          bool_or(e.id not in (select id from made_enrollments) or e.id in (select id from added_enrollments)) as added
        from enrollments e where e.student_id in (select id from made_students)
        group by e.student_id)
      select s.id::int as student_id, null::int as enrollment_id, s.name,
        (s.id in (select item_id from later where item_type = 'Student') or coalesce(t.changed, false)) as changed
      from made_students s left join their t on t.student_id = s.id
      where s.id in (select item_id from later where item_type = 'Student')
        or coalesce(t.changed or t.added, false)
        or exists (select 1 from notes n where n.student_id = s.id)
        or exists (select 1 from student_shares sh where sh.student_id = s.id)
        or exists (select 1 from interests i where i.student_id = s.id)
      union all
      select s.id::int, e.id::int, s.first_name || ' ' || s.last_name, e.id in (select id from changed_enrollments)
      from made_enrollments e join students s on s.id = e.student_id
      where s.id not in (select id from made_students)
        and (e.id in (select id from changed_enrollments) or e.id in (select id from added_enrollments))
      order by 3, 1`),
  );
}

/** A moment as the day a person reads (MM/DD/YYYY). */
const dayOf = (at: string) => formatDate(new Date(at).toISOString().slice(0, 10));

async function lockedImport(tx: Tx, id: number): Promise<ImportRow> {
  const [found] = await rows<ImportRow>(
    tx.execute(sql`select id::int as id, created_at, school_ids, made, undone_at from student_imports where id = ${id} for update`),
  );
  if (!found) throw notFound('Import');
  return found;
}

/**
 * POST /versions/:id/undo of an import's version (issue 27): for an admin of every school it wrote
 * into, within 30 days, once. In one transaction: what changed since is found; without
 * `keep_changed` and with anything changed, nothing is undone (409, the list); otherwise every
 * other enrollment it added and student it made is deleted with its lessons, each with its destroy
 * version (so one can still be brought back from /versions), and the import is marked undone.
 */
export async function undoStudentImport(
  tx: Tx,
  actor: Actor,
  version: { id: number; item_type: string; item_id: number; event: string },
  keepChanged: boolean,
): Promise<ImportUndoResponse> {
  if (version.item_type !== itemTypeOf(studentImports) || version.event !== 'create') throw invalid(importUndoMessages.notAnImport);
  const record = await lockedImport(tx, version.item_id);
  if (!record.school_ids.every((schoolId) => administers(actor.scope, schoolId))) throw forbidden();
  if (record.undone_at) throw invalid(importUndoMessages.undoneAlready(dayOf(record.undone_at)));
  const madeOn = new Date(record.created_at);
  if (Date.now() - madeOn.getTime() > undoForDays * 24 * 60 * 60 * 1000) {
    throw invalid(importUndoMessages.tooOld(undoForDays, dayOf(record.created_at)));
  }
  await lockSchoolCounts(tx, record.school_ids);
  // A few large statements whose triggers run short ones: compiling their plans (JIT) took longer than running them.
  await tx.execute(sql`set local jit = off`);
  const changed = await changedSince(tx, record.made, version.id);
  const kept: ImportKeptRecord[] = changed.map((found) => ({
    student_id: found.student_id,
    name: found.name,
    why: found.changed ? importUndoMessages.changedSinceImport : importUndoMessages.addedSinceImport,
  }));
  if (kept.length > 0 && !keepChanged) {
    throw new HttpError(409, importUndoMessages.changed(new Set(kept.map((one) => one.student_id)).size), { kept });
  }
  const keptStudents = new Set(changed.filter((found) => found.enrollment_id === null).map((found) => found.student_id));
  const keptEnrollments = new Set(changed.flatMap((found) => (found.enrollment_id === null ? [] : [found.enrollment_id])));
  // Enrollments added to students already there; those of the students made go with them.
  const addedTo = await rows<{ id: number; lessons: number }>(
    tx.execute(sql`select e.id::int as id, count(d.id)::int as lessons
      from enrollments e left join episode_deliveries d on d.enrollment_id = e.id
      where e.id in (select unnest(${idArray(record.made.enrollments)}))
        and e.student_id not in (select unnest(${idArray(record.made.students)}))
      group by e.id`),
  );
  const undoneAdded = addedTo.filter((one) => !keptEnrollments.has(one.id));
  const enrollmentIds = undoneAdded.map((one) => one.id);
  const studentIds = record.made.students.filter((id) => !keptStudents.has(id));
  const [counted] = await rows<{ enrollments: number; lessons: number }>(
    tx.execute(sql`select count(distinct e.id)::int as enrollments, count(d.id)::int as lessons
      from enrollments e left join episode_deliveries d on d.enrollment_id = e.id where e.student_id in (select unnest(${idArray(studentIds)}))`),
  );
  await deleteEnrollmentsAudited(tx, actor, enrollmentIds);
  const students = await deleteStudentsAudited(tx, actor, studentIds);
  const [before] = await tx.select().from(studentImports).where(sql`${studentImports.id} = ${record.id}`);
  const [after] = await tx
    .update(studentImports)
    .set({ undoneAt: new Date(), undoneById: actor.userId })
    .where(sql`${studentImports.id} = ${record.id}`)
    .returning();
  await recordVersions(tx, actor, [{ itemType: itemTypeOf(studentImports), itemId: record.id, before: before!, after: after! }]);
  const undoneLessons = undoneAdded.reduce((sum, one) => sum + one.lessons, 0);
  return {
    version_id: version.id,
    record_path: null,
    undone: {
      students,
      enrollments: enrollmentIds.length + (counted?.enrollments ?? 0),
      lessons: undoneLessons + (counted?.lessons ?? 0),
    },
    kept,
  };
}
