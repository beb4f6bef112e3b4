import type { BulkReassignInput, BulkShareInput } from '@srs/shared/students';
import { and, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { recordVersions } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { assertAllowed } from '../../core/permissions.ts';
import { administers, type Scope, sqlIdList } from '../../core/scope.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { lockSchoolCounts } from '../../db/school-counts-lock.ts';
import { enrollments, students, studentShares } from '../../db/schema/index.ts';
import { offeredBySql } from '../series/public.ts';
import { shareableUsersAmong } from '../users/public.ts';
import {
  assertInstructorOfSchool,
  headSchoolAdminOr422,
  loadSchool,
  type StudentKey,
  visibleStudentsOr404,
} from './student-access.ts';
import { studentRules } from './student-rules.ts';

type Row = Record<string, unknown> & { id: number };

/**
 * PUT /students/bulk_reassign, in one transaction. A student moved to another school keeps
 * every enrollment; those whose series the new school does not offer become orphaned, those it
 * does offer stop being orphaned (DOMAIN.md, Orphaned enrollment).
 */
export async function bulkReassign(db: Db, actor: Actor, input: BulkReassignInput) {
  return db.transaction(async (tx) => {
    const found = await visibleStudentsOr404(tx, actor.scope, input.student_ids);
    assertAllowed(actor, studentRules.reassign, found);
    const plan = await reassignmentPlan(tx, actor.scope, input, found);
    // The schools' counts first, as a delete takes them: the move's cascade takes the lesson counts'
    // lock, then recounts both schools, and crossed with a writer that holds a school's counts and
    // then asks for the lesson counts (an import at its end) the two deadlocked.
    if (plan.targetSchoolId !== null) await lockSchoolCounts(tx, [...found.map((student) => student.school_id), plan.targetSchoolId]);

    const before = await tx.select().from(students).where(inArray(students.id, plan.studentIds)).for('update');
    const after = new Map<number, Row>();
    for (const group of plan.groups) {
      if (group.ids.length === 0) continue;
      const updated = await tx
        .update(students)
        .set({ ...group.values, updatedAt: new Date() })
        .where(inArray(students.id, group.ids))
        .returning();
      for (const row of updated) after.set(row.id, row);
    }
    const changes = before.flatMap((row) => {
      const next = after.get(row.id);
      if (!next || (next.schoolId === row.schoolId && next.instructorId === row.instructorId)) return [];
      return [{ itemType: 'Student', itemId: row.id, before: row, after: next }];
    });
    await recordVersions(tx, actor, changes);
    const changed = changes.length;
    const orphaned = plan.targetSchoolId === null ? 0 : await reorphan(tx, actor, plan.movedIds, plan.targetSchoolId);
    return { updated: changed, orphaned_enrollments: orphaned };
  });
}

type Plan = {
  studentIds: number[];
  movedIds: number[];
  targetSchoolId: number | null;
  groups: { ids: number[]; values: { schoolId?: number; instructorId?: number } }[];
};

async function reassignmentPlan(tx: DbOrTx, scope: Scope, input: BulkReassignInput, found: StudentKey[]) {
  const instructorId = input.instructor_id;
  if (input.school_id === undefined) {
    // Same schools, another instructor: the instructor must teach in each student's school.
    for (const schoolId of new Set(found.map((student) => student.school_id))) {
      await assertInstructorOfSchool(tx, instructorId as number, schoolId);
    }
    const ids = found.map((student) => student.id);
    return { studentIds: ids, movedIds: [], targetSchoolId: null, groups: [{ ids, values: { instructorId } }] } as Plan;
  }
  const school = await loadSchool(tx, input.school_id);
  if (!school || !administers(scope, school.id)) throw notFound('School');
  const moved = found.filter((student) => student.school_id !== school.id);
  const staying = found.filter((student) => student.school_id === school.id);
  const movedInstructor = instructorId ?? (moved.length > 0 ? headSchoolAdminOr422(school) : undefined);
  if (instructorId !== undefined) await assertInstructorOfSchool(tx, instructorId, school.id);
  const groups: Plan['groups'] = [
    { ids: moved.map((student) => student.id), values: { schoolId: school.id, instructorId: movedInstructor } },
  ];
  if (instructorId !== undefined) groups.push({ ids: staying.map((student) => student.id), values: { instructorId } });
  return {
    studentIds: found.map((student) => student.id),
    movedIds: moved.map((student) => student.id),
    targetSchoolId: school.id,
    groups,
  } as Plan;
}

/** Sets `orphaned` of the moved students' enrollments from the new school's offer; returns how many are now orphaned. */
export async function reorphan(tx: DbOrTx, actor: Actor, studentIds: number[], schoolId: number): Promise<number> {
  if (studentIds.length === 0) return 0;
  const offered = offeredBySql(sql`e.series_id`, schoolId);
  const before = await tx
    .select()
    .from(enrollments)
    .where(
      and(
        inArray(enrollments.studentId, studentIds),
        sql`${enrollments.orphaned} is distinct from not ${offeredBySql(sql`${enrollments.seriesId}`, schoolId)}`,
      ),
    )
    .for('update');
  if (before.length === 0) return 0;
  const ids = before.map((row) => row.id);
  await tx.execute(sql`update enrollments e set orphaned = not ${offered}, updated_at = now()
    where e.id in ${sqlIdList(ids)}`);
  const after = await tx.select().from(enrollments).where(inArray(enrollments.id, ids));
  const afterById = new Map(after.map((row) => [row.id, row]));
  await recordVersions(
    tx,
    actor,
    before.map((row) => ({ itemType: 'Enrollment', itemId: row.id, before: row, after: afterById.get(row.id) ?? null })),
  );
  return after.filter((row) => row.orphaned).length;
}

async function checkShare(tx: DbOrTx, actor: Actor, input: BulkShareInput) {
  const found = await visibleStudentsOr404(tx, actor.scope, input.student_ids);
  assertAllowed(actor, studentRules.share, found);
  const userIds = [...new Set(input.user_ids)];
  const allowed = await shareableUsersAmong(tx, actor.scope, userIds);
  if (allowed.length !== userIds.length) {
    throw invalid({ user: ['must be a staff member of your schools'] });
  }
  return { studentIds: found.map((student) => student.id), userIds };
}

/** One version per share added or removed, filed under its student: a share row has no id of its own. */
async function recordShareVersions(
  tx: DbOrTx,
  actor: Actor,
  rows: (typeof studentShares.$inferSelect)[],
  change: 'added' | 'removed',
) {
  await recordVersions(
    tx,
    actor,
    rows.map((row) => ({
      itemType: 'StudentShare',
      itemId: row.studentId,
      before: change === 'removed' ? row : null,
      after: change === 'added' ? row : null,
    })),
  );
}

/** PUT /students/bulk_share: sharing twice is fine (the second time changes nothing). */
export async function bulkShare(db: Db, actor: Actor, input: BulkShareInput) {
  return db.transaction(async (tx) => {
    const { studentIds, userIds } = await checkShare(tx, actor, input);
    const pairs = studentIds.flatMap((studentId) =>
      userIds.map((userId) => ({ studentId, userId, sharedById: actor.userId })),
    );
    let added = 0;
    for (let start = 0; start < pairs.length; start += 5000) {
      const inserted = await tx
        .insert(studentShares)
        .values(pairs.slice(start, start + 5000))
        .onConflictDoNothing()
        .returning();
      await recordShareVersions(tx, actor, inserted, 'added');
      added += inserted.length;
    }
    return { updated: added };
  });
}

/** PUT /students/bulk_unshare: removing a share that does not exist changes nothing. */
export async function bulkUnshare(db: Db, actor: Actor, input: BulkShareInput) {
  return db.transaction(async (tx) => {
    const { studentIds, userIds } = await checkShare(tx, actor, input);
    const removed = await tx
      .delete(studentShares)
      .where(and(inArray(studentShares.studentId, studentIds), inArray(studentShares.userId, userIds)))
      .returning();
    await recordShareVersions(tx, actor, removed, 'removed');
    return { updated: removed.length };
  });
}
