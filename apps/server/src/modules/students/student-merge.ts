import { type MergeFieldName, mergeMessages, type StudentMergeInput, type StudentMergeResponse } from '@srs/shared/student-merge';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, recordVersions, updateAudited } from '../../core/audit.ts';
import { forbidden, invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import { administers } from '../../core/scope.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { lockSchoolCounts } from '../../db/school-counts-lock.ts';
import { enrollments, interests, notes, students, studentShares } from '../../db/schema/index.ts';
import { mailText as t, type Notice, queueNotice, recipientLanguage } from '../mail/public.ts';
import { studentsAssociations } from './student-associations.ts';
import { visibleStudentsOr404 } from './student-access.ts';
import { instructorContact } from './student-notice.ts';
import { studentRules } from './student-rules.ts';
import { reorphan } from './students.bulk.ts';

type Row = Record<string, unknown>;

/** A field of the merge as the students table names it: `school` is the school and the instructor together. */
const columnsOfField: Record<MergeFieldName, string[]> = {
  first_name: ['firstName'],
  middle_name: ['middleName'],
  last_name: ['lastName'],
  address: ['address'],
  address_2: ['address2'],
  city: ['city'],
  state: ['state'],
  country: ['country'],
  zip_code: ['zipCode'],
  email: ['email'],
  phone: ['phone'],
  social_media: ['socialMedia'],
  include_in_mailing_list: ['includeInMailingList'],
  school: ['schoolId', 'instructorId'],
};

/**
 * What the merged student's destroy version keeps besides the row (issue 27): whom it was merged
 * into, the ids of what moved, and the kept student's values the merge replaced, so that /versions
 * undoes the merge as it restores a deleted student.
 */
export type MergeRecord = {
  intoId: number;
  enrollments: number[];
  notes: number[];
  interests: number[];
  shares: number[];
  keptBefore: Row;
};

const nameOf = (row: Row) => `${String(row.firstName)} ${String(row.lastName)}`;

/** Moves every row of one kind from one student to another, each with its update version; answers their ids. */
async function move(tx: Tx, actor: Actor, kind: 'enrollments' | 'notes' | 'interests', from: number, to: number): Promise<number[]> {
  const table = { enrollments, notes, interests }[kind];
  const itemType = { enrollments: 'Enrollment', notes: 'Note', interests: 'Interest' }[kind];
  const before = (await tx.select().from(table).where(eq(table.studentId, from)).for('update')) as Row[];
  if (before.length === 0) return [];
  const after = (await tx.update(table).set({ studentId: to }).where(eq(table.studentId, from)).returning()) as Row[];
  const afterById = new Map(after.map((row) => [Number(row.id), row]));
  await recordVersions(
    tx,
    actor,
    before.map((row) => ({ itemType, itemId: Number(row.id), before: row, after: afterById.get(Number(row.id)) ?? null })),
  );
  return before.map((row) => Number(row.id));
}

/** The kept student's active enrollments that share a course or seminar after the merge. */
async function sameSeries(tx: DbOrTx, studentId: number) {
  return rows<{ series_name: string; enrollment_ids: number[] }>(
    tx.execute(sql`select se.name as series_name, array_agg(e.id::int order by e.id) as enrollment_ids
      from enrollments e join series se on se.id = e.series_id
      where e.student_id = ${studentId} and e.status in ('Applied', 'Enrolled', 'Attended')
      group by se.id, se.name having count(*) > 1 order by se.name`),
  );
}

/** The notice to each instructor of the two students (DOMAIN.md, Email): what became of them, and a link. */
async function mergeNotices(tx: Tx, kept: Row, merged: Row, baseUrl: string): Promise<number[]> {
  const instructors = [...new Set([kept.instructorId, merged.instructorId].filter((id): id is number => typeof id === 'number'))];
  const queued: number[] = [];
  for (const instructorId of instructors) {
    const contact = await instructorContact(tx, instructorId);
    if (!contact) continue;
    // In the language each instructor chose, else English.
    const language = recipientLanguage(contact.language);
    const names = { merged: nameOf(merged), kept: nameOf(kept) };
    const notice: Notice = {
      to: contact.email,
      kind: 'new_student',
      subject: t(language, 'merge.subject', names),
      text: [
        t(language, 'hello', { name: contact.first_name }),
        '',
        t(language, 'merge.body', names),
        '',
        t(language, 'openStudent', { link: `${baseUrl}/students/${String(kept.id)}/overview` }),
      ].join('\n'),
    };
    const id = await queueNotice(tx, notice);
    if (id !== null) queued.push(id);
  }
  return queued;
}

/**
 * POST /students/merge (issue 27), in the caller's transaction: for an admin of both students'
 * schools (who may delete either). The chosen values go to the kept student; every enrollment (with
 * its lessons, visits, reminders, decisions, products and registration number), note and interest
 * of the other moves to it, and its shares where the kept one is not already shared with that
 * person; then the other is deleted with a destroy version that records the merge.
 */
export async function mergeStudents(
  tx: Tx,
  actor: Actor,
  input: StudentMergeInput,
  baseUrl: string,
): Promise<StudentMergeResponse & { outboxIds: number[] }> {
  if (input.kept_id === input.merged_id) throw invalid(mergeMessages.sameStudent);
  const found = await visibleStudentsOr404(tx, actor.scope, [input.kept_id, input.merged_id]);
  const keptKey = found.find((one) => one.id === input.kept_id)!;
  const mergedKey = found.find((one) => one.id === input.merged_id)!;
  // Both records change hands (one is deleted, the other may take its school): for an admin of
  // both schools, never through a student merely shared with them.
  assertAllowed(actor, studentRules.destroy, [keptKey, mergedKey]);
  const both = (await tx.select().from(students).where(inArray(students.id, [keptKey.id, mergedKey.id]))) as Row[];
  const kept = both.find((row) => Number(row.id) === keptKey.id)!;
  const merged = both.find((row) => Number(row.id) === mergedKey.id)!;
  if (kept.erasedAt || merged.erasedAt) throw invalid(mergeMessages.erased);
  await lockSchoolCounts(tx, [keptKey.school_id, mergedKey.school_id]);

  const values: Row = {};
  for (const [field, whose] of Object.entries(input.fields) as [MergeFieldName, string][]) {
    if (whose !== 'merged') continue;
    for (const column of columnsOfField[field]) if (kept[column] !== merged[column]) values[column] = merged[column];
  }
  const keptBefore = Object.fromEntries(Object.keys(values).map((column) => [column, kept[column]]));
  if (Object.keys(values).length > 0) await updateAudited(tx, actor, students, keptKey.id, values as never);
  const schoolId = Number(values.schoolId ?? kept.schoolId);

  const moved: MergeRecord = {
    intoId: keptKey.id,
    enrollments: await move(tx, actor, 'enrollments', mergedKey.id, keptKey.id),
    notes: await move(tx, actor, 'notes', mergedKey.id, keptKey.id),
    interests: await move(tx, actor, 'interests', mergedKey.id, keptKey.id),
    shares: [],
    keptBefore,
  };
  const sharedAlready = await tx.select({ userId: studentShares.userId }).from(studentShares).where(eq(studentShares.studentId, keptKey.id));
  const sharedWith = new Set(sharedAlready.map((share) => share.userId));
  const shares = await tx.select().from(studentShares).where(eq(studentShares.studentId, mergedKey.id));
  const movable = shares.filter((share) => !sharedWith.has(share.userId)).map((share) => share.userId);
  if (movable.length > 0) {
    await tx
      .update(studentShares)
      .set({ studentId: keptKey.id })
      .where(and(eq(studentShares.studentId, mergedKey.id), inArray(studentShares.userId, movable)));
  }
  moved.shares = movable;
  // The kept student's enrollments now in its school (a trigger), orphaned where it offers not their series.
  await reorphan(tx, actor, [keptKey.id], schoolId);

  const associations = (await studentsAssociations(tx, [mergedKey.id])).get(mergedKey.id);
  await deleteAudited(tx, actor, students, mergedKey.id, { associations, merge: moved });
  const [version] = await rows<{ id: number }>(
    tx.execute(sql`select id::int as id from versions where item_type = 'Student' and item_id = ${mergedKey.id} and event = 'destroy'
      order by id desc limit 1`),
  );
  const after = { ...kept, ...values };
  return {
    student_id: keptKey.id,
    version_id: version!.id,
    moved: { enrollments: moved.enrollments.length, notes: moved.notes.length, shares: movable.length, interests: moved.interests.length },
    same_series: await sameSeries(tx, keptKey.id),
    outboxIds: await mergeNotices(tx, after, merged, baseUrl),
  };
}

/**
 * A merge undone (POST /versions/:id/restore of the merged student's destroy version), once the
 * student is back with the same id: what moved goes back where it still is with the kept student,
 * and the kept student's replaced values are set back. Refused when the kept student is gone.
 */
export async function undoMergeMoves(tx: Tx, actor: Actor, studentId: number, merge: MergeRecord, schoolId: number): Promise<void> {
  const [kept] = await tx.select().from(students).where(eq(students.id, merge.intoId)).for('update');
  if (!kept) throw invalid(mergeMessages.keptGone);
  // The kept student changes too: its school must be the user's as well (it may have moved since).
  if (!administers(actor.scope, kept.schoolId)) throw forbidden();
  await lockSchoolCounts(tx, [kept.schoolId, schoolId]);
  for (const [kind, table, itemType] of [
    ['enrollments', enrollments, 'Enrollment'],
    ['notes', notes, 'Note'],
    ['interests', interests, 'Interest'],
  ] as const) {
    const ids = merge[kind];
    if (ids.length === 0) continue;
    const where = and(inArray(table.id, ids), eq(table.studentId, merge.intoId));
    const before = (await tx.select().from(table).where(where).for('update')) as Row[];
    const after = (await tx.update(table).set({ studentId }).where(where).returning()) as Row[];
    const afterById = new Map(after.map((row) => [Number(row.id), row]));
    await recordVersions(tx, actor, before.map((row) => ({ itemType, itemId: Number(row.id), before: row, after: afterById.get(Number(row.id)) ?? null })));
  }
  if (merge.shares.length > 0) {
    await tx
      .update(studentShares)
      .set({ studentId })
      .where(and(eq(studentShares.studentId, merge.intoId), inArray(studentShares.userId, merge.shares)));
  }
  if (Object.keys(merge.keptBefore).length > 0) await updateAudited(tx, actor, students, merge.intoId, merge.keptBefore as never);
  await reorphan(tx, actor, [studentId], schoolId);
  await reorphan(tx, actor, [merge.intoId], Number(merge.keptBefore.schoolId ?? kept.schoolId));
}
