import { forgetKeptAnswers } from '../../core/idempotent-writes.ts';
import {
  alreadyErased,
  erasedFirstName,
  erasedLastName,
  erasedMarker,
  erasedProfileLocked,
  type ErasureResponse,
} from '@srs/shared/privacy';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { recordErasure } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notes, students } from '../../db/schema/index.ts';
import { forgetUnusedWords, studentNameWords } from './name-words.ts';
import { redactVersion, rewriteVersions } from './redaction.ts';
import { studentScope, studentVersions } from './student-versions.ts';

/**
 * Erasure on request (issue 12, docs/decisions/017): the student's personal data replaced in place,
 * so that every enrollment, lesson, decision and attendance stays and the reports count as before.
 */

/**
 * The student's columns once erased: a name that is nobody's, no way to reach them (no address,
 * email, phone or social media, never on a mailing list). School, instructor, state and country
 * stay: they place the student in the reports, and name nobody.
 */
export function erasedStudentColumns(studentId: number, erasedAt: Date) {
  return {
    firstName: erasedFirstName,
    middleName: null,
    lastName: erasedLastName(studentId),
    address: null,
    address2: null,
    city: null,
    zipCode: null,
    email: null,
    phone: null,
    socialMedia: null,
    includeInMailingList: 'never',
    requestKey: null,
    erasedAt,
  } satisfies Partial<typeof students.$inferInsert>;
}

/** When the student was erased, from its erase version: null when it never was. */
export async function erasureOf(db: DbOrTx, studentId: number): Promise<Date | null> {
  const [found] = await rows<{ created_at: Date | string }>(
    db.execute(sql`select v.created_at from versions v
      where v.item_type = 'Student' and v.item_id = ${studentId} and v.event = 'erase' order by v.id desc limit 1`),
  );
  return found ? new Date(found.created_at) : null;
}

/** A profile edit, or an old value set back, would write personal data again: 422 once erased. */
export async function assertNotErased(db: DbOrTx, studentId: number): Promise<void> {
  const [found] = await db.select({ erasedAt: students.erasedAt }).from(students).where(eq(students.id, studentId));
  if (found?.erasedAt) throw invalid(erasedProfileLocked);
}

/** The fields of the erase version: each one replaced, from '[erased]' to its new value. */
function erasureChanges(before: typeof students.$inferSelect, after: ReturnType<typeof erasedStudentColumns>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    if (field === 'requestKey' || field === 'erasedAt') continue;
    const was = before[field as keyof typeof before];
    if (was === value || ((was === null || was === '') && value === null)) continue;
    // The mailing choice names nobody: it reads as it was.
    changes[field] = [field === 'includeInMailingList' ? was : erasedMarker, value];
  }
  changes.erasedAt = [null, after.erasedAt.toISOString()];
  return changes;
}

/**
 * POST /students/{id}/erase, in one transaction: the student's fields, the notes written about
 * them, the interests that led to them and the notices about them replaced in place, the words of
 * its names that nobody else's holds taken out of the name search's dictionary; then every
 * version of the student and of its records redacted; then the erasure recorded, without any of it.
 */
export async function eraseStudent(db: Db, actor: Actor, id: Visible<'student'>): Promise<ErasureResponse> {
  return db.transaction(async (tx) => {
    const [student] = await tx.select().from(students).where(eq(students.id, id)).for('update');
    if (!student) throw notFound('Student');
    if (student.erasedAt) throw invalid(alreadyErased);
    const erasedAt = new Date();
    const columns = erasedStudentColumns(id, erasedAt);
    const scope = await studentScope(tx, id, student.schoolId);
    // Its names' words, read while its versions still hold its earlier names.
    const words = await studentNameWords(tx, id);

    await tx.update(students).set({ ...columns, updatedAt: erasedAt }).where(eq(students.id, id));
    // The new name has replaced the student's search words; the dictionary keeps words until told.
    await forgetUnusedWords(tx, words);
    // What staff wrote about them: visit, reminder, lesson and presentation notes, and prayer requests.
    await tx.update(notes).set({ text: erasedMarker }).where(eq(notes.studentId, id));
    // The interests that led to the student (interest tracking): their own copy of the same person.
    await tx.execute(sql`update interests set first_name = ${erasedFirstName}, last_name = 'Interest ' || id,
        email = null, phone = null, address = null, address_2 = null, city = null, zip_code = null,
        external_id = null, closed_reason = case when closed_reason is null then null else ${erasedMarker} end
      where student_id = ${id}`);
    // The notices about them (the new-student and enrollment mail): each links to the student's page.
    await tx.execute(sql`update mail_outbox set subject = ${erasedMarker}, text = ${erasedMarker}, html = null
      where text ~ ${`/students/${id}(\\D|$)`}`);
    // Answers kept for a repeated write may quote them (plugins/idempotency.ts).
    await forgetKeptAnswers(tx);

    const redacted = (await studentVersions(tx, scope)).map(redactVersion).filter((version) => version !== null);
    await rewriteVersions(tx, redacted);

    const versionId = await recordErasure(tx, actor, {
      itemType: 'Student',
      itemId: id,
      schoolId: student.schoolId,
      changes: erasureChanges(student, columns),
    });
    return { student_id: id, erased_at: erasedAt.toISOString(), version_id: versionId };
  });
}
