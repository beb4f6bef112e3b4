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

const idsOf = (ids: readonly number[]) => sql`(select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)`;
const laterVersion = (itemType: string, id: ReturnType<typeof sql>, versionId: number) =>
  sql`exists (select 1 from versions v where v.item_type = ${itemType} and v.item_id = ${id} and v.id > ${versionId})`;

/**
 * What the import made that changed since its version: a student, an enrollment or a lesson with a
 * later version of its own, or a record added since (an enrollment, a visit, a note, a share, an
 * interest linked…). A student the import made is kept whole; an enrollment it added to a student
 * already there is kept alone. Students and enrollments deleted since are simply not there.
 */
async function changedSince(tx: Tx, made: Made, versionId: number): Promise<Found[]> {
  const students = idsOf(made.students);
  const enrollments = idsOf(made.enrollments);
  const lessons = idsOf(made.lessons);
  const addedToEnrollment = enrollmentDependents.map(([name, , column]) =>
    name === 'episode_deliveries'
      ? sql`exists (select 1 from episode_deliveries d where d.enrollment_id = e.id and d.id not in ${lessons})`
      : sql`exists (select 1 from ${sql.identifier(name)} x where x.${sql.identifier(column.name)} = e.id)`,
  );
  const enrollmentChanged = sql`(${laterVersion('Enrollment', sql`e.id`, versionId)}
    or exists (select 1 from episode_deliveries d where d.enrollment_id = e.id and d.id in ${lessons}
      and ${laterVersion('EpisodeDelivery', sql`d.id`, versionId)}))`;
  const enrollmentAdded = sql`(${sql.join(addedToEnrollment, sql` or `)}
    or exists (select 1 from interests i where i.enrollment_id = e.id))`;
  return rows<Found>(
    tx.execute(sql`
      select s.id::int as student_id, null::int as enrollment_id, s.first_name || ' ' || s.last_name as name,
        (${laterVersion('Student', sql`s.id`, versionId)}
          or exists (select 1 from enrollments e where e.student_id = s.id and ${enrollmentChanged})) as changed
      from students s
      where s.id in ${students}
        and (${laterVersion('Student', sql`s.id`, versionId)}
          or exists (select 1 from enrollments e where e.student_id = s.id and (e.id not in ${enrollments} or ${enrollmentChanged} or ${enrollmentAdded}))
          or exists (select 1 from notes n where n.student_id = s.id)
          or exists (select 1 from student_shares sh where sh.student_id = s.id)
          or exists (select 1 from interests i where i.student_id = s.id))
      union all
      select s.id::int, e.id::int, s.first_name || ' ' || s.last_name, ${enrollmentChanged}
      from enrollments e join students s on s.id = e.student_id
      where e.id in ${enrollments} and s.id not in ${students} and (${enrollmentChanged} or ${enrollmentAdded})
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
    tx.execute(sql`select e.id::int as id, (select count(*)::int from episode_deliveries d where d.enrollment_id = e.id) as lessons
      from enrollments e where e.id in ${idsOf(record.made.enrollments)} and e.student_id not in ${idsOf(record.made.students)}`),
  );
  const undoneAdded = addedTo.filter((one) => !keptEnrollments.has(one.id));
  const enrollmentIds = undoneAdded.map((one) => one.id);
  const studentIds = record.made.students.filter((id) => !keptStudents.has(id));
  const [counted] = await rows<{ enrollments: number; lessons: number }>(
    tx.execute(sql`select count(distinct e.id)::int as enrollments, count(d.id)::int as lessons
      from enrollments e left join episode_deliveries d on d.enrollment_id = e.id where e.student_id in ${idsOf(studentIds)}`),
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
