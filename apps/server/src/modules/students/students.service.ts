import type { StudentCreateInput, StudentUpdateInput } from '@srs/shared/students';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited, recordVersion, updateAudited } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { assertAllowed } from '../../core/permissions.ts';
import type { Visible } from '../../core/records.ts';
import { administers } from '../../core/scope.ts';
import { lockSchoolCounts } from '../../db/school-counts-lock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { students, studentShares } from '../../db/schema/index.ts';
import { queueNotice } from '../mail/public.ts';
import { assertNotErased } from '../privacy/public.ts';
import { schoolRules } from '../schools/public.ts';
import {
  headSchoolAdminOr422,
  isUniqueViolation,
  loadSchool,
  seriesNameOffered,
  studentColumns,
  visibleStudentOr404,
} from './student-access.ts';
import { studentAssociations } from './student-associations.ts';
import { instructorContact, newStudentNotice } from './student-notice.ts';
import { studentRules } from './student-rules.ts';

export type CreateResult = { studentId: number; created: boolean; outboxIds: number[] };
/** What the new-student notice needs besides the student: where the link points, and who added it. */
export type NoticeFacts = { baseUrl: string; addedBy: { first_name: string; last_name: string } };

/**
 * POST /students. A retried create with the same request_key answers the student already
 * created: the unique index (created_by_id, request_key) settles a race, since the loser's
 * transaction fails on it and is rolled back whole, mail included.
 */
export async function createStudent(db: Db, actor: Actor, input: StudentCreateInput, notice: NoticeFacts) {
  const earlier = await studentByRequestKey(db, actor.userId, input.request_key);
  if (earlier !== null) return { studentId: earlier, created: false, outboxIds: [] } satisfies CreateResult;
  try {
    return await db.transaction((tx) => insertStudent(tx, actor, input, notice));
  } catch (error) {
    if (!isUniqueViolation(error, 'students_created_by_request_key')) throw error;
    const winner = await studentByRequestKey(db, actor.userId, input.request_key);
    if (winner === null) throw error;
    return { studentId: winner, created: false, outboxIds: [] } satisfies CreateResult;
  }
}

async function studentByRequestKey(db: DbOrTx, userId: number, key: string | undefined): Promise<number | null> {
  if (key === undefined) return null;
  const [found] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.createdById, userId), eq(students.requestKey, key)));
  return found?.id ?? null;
}

/** The new student inside the caller's transaction (POST /students, an interest's assignment). */
export async function insertStudent(tx: DbOrTx, actor: Actor, input: StudentCreateInput, facts: NoticeFacts) {
  const { scope, userId } = actor;
  const school = await loadSchool(tx, input.school_id);
  // Everyone but global admins places students only in the schools they belong to (docs/decisions.md).
  if (!school || !schoolRules.add_student.allows(actor, school)) throw notFound('School');
  if (!school.active) throw invalid({ school: ['is not active'] });
  // The instructor of a new student is the school's head school admin (SPEC section 3, payload).
  const instructorId = headSchoolAdminOr422(school);
  if (input.instructor_id !== null && input.instructor_id !== undefined && input.instructor_id !== instructorId) {
    throw invalid({ instructor_id: ["is not this school's head school admin"] });
  }
  const seriesName =
    input.series_id !== null && input.series_id !== undefined
      ? await seriesNameOffered(tx, input.series_id, school.id)
      : null;

  const student = await insertAudited(
    tx,
    actor,
    students,
    {
      ...studentColumns(input),
      schoolId: school.id,
      instructorId,
      createdById: userId,
      requestKey: input.request_key ?? null,
    },
  );

  // The head school admin becomes the instructor, which can leave the person who added the
  // student unable to see them (an instructor adding to their own school): share it with them.
  const creatorSees = administers(scope, school.id) || instructorId === userId;
  if (!creatorSees) await shareWith(tx, actor, student.id, userId);

  const outboxIds: number[] = [];
  // Nobody is told of what they did themselves (a head school admin adding a student).
  if (input.notify_instructor_by_email && instructorId !== userId) {
    const instructor = await instructorContact(tx, instructorId);
    if (instructor) {
      const notice = newStudentNotice(instructor.email, instructor, {
        studentId: student.id,
        student: input,
        school,
        seriesName,
        addedBy: facts.addedBy,
        baseUrl: facts.baseUrl,
      });
      const queued = await queueNotice(tx, notice);
      if (queued !== null) outboxIds.push(queued);
    }
  }
  return { studentId: student.id, created: true, outboxIds } satisfies CreateResult;
}

/** A share row and its version (item type StudentShare, keyed by the student), shared by the actor. */
async function shareWith(tx: DbOrTx, actor: Actor, studentId: number, userId: number) {
  const [row] = await tx
    .insert(studentShares)
    .values({ studentId, userId, sharedById: actor.userId })
    .onConflictDoNothing()
    .returning();
  if (!row) return false;
  await recordVersion(tx, actor, { itemType: 'StudentShare', itemId: studentId, before: null, after: row });
  return true;
}

export async function updateStudent(db: Db, actor: Actor, id: Visible<'student'>, input: StudentUpdateInput) {
  await db.transaction(async (tx) => {
    await visibleStudentOr404(tx, actor.scope, id);
    // Erased on request: writing a profile again would undo it (docs/decisions/017).
    await assertNotErased(tx, id);
    await updateAudited(tx, actor, students, id, studentColumns(input));
  });
}

/** DELETE /students/{id}: the foreign keys cascade; the destroy version keeps what they removed. */
export async function deleteStudent(db: Db, actor: Actor, id: Visible<'student'>) {
  await db.transaction(async (tx) => {
    const student = await visibleStudentOr404(tx, actor.scope, id);
    assertAllowed(actor, studentRules.destroy, [student]);
    const associations = await studentAssociations(tx, id);
    await lockSchoolCounts(tx, [student.school_id]);
    await deleteAudited(tx, actor, students, id, { associations });
  });
}

/** PUT /students/{id}/update_avery_labels: the label of this student was printed now. */
export async function markAveryLabelPrinted(db: Db, actor: Actor, id: Visible<'student'>) {
  return db.transaction(async (tx) => {
    await visibleStudentOr404(tx, actor.scope, id);
    const row = await updateAudited(tx, actor, students, id, { averyLabelPrintedAt: new Date() });
    if (!row?.averyLabelPrintedAt) throw notFound('Student');
    return { id, avery_label_printed_at: row.averyLabelPrintedAt.toISOString() };
  });
}
