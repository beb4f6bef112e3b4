import { unprocessableMessage } from '@srs/shared/messages';
import type { AssignSeveralInput, AssignSeveralResponse } from '@srs/shared/seminars';
import type { Actor } from '../../core/actor.ts';
import { HttpError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { enrollInTransaction } from '../enrollments/public.ts';
import { seminarStudentsOf } from './seminars.queries.ts';

/**
 * Why one student was not assigned, in the words the web shows for the same refusal of one
 * assign_student (SPEC section 8): 'Student not found' for one out of the user's scope, the
 * sentence of a 422. Anything else is no refusal of that student: it fails the whole request.
 */
export type Refusal = { statusCode: number; body: unknown };

/**
 * `answer`: the refusal as the error handler would answer it, in the reader's language
 * (reply.errorAnswer, plugins/errors.ts); `fieldName`: a 422's field in words, in that language.
 */
export function refusalOf(
  error: unknown,
  answer: (error: HttpError) => Refusal,
  fieldName?: (field: string) => string,
): string {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  const { statusCode, body } = answer(error);
  if (statusCode === 422) return unprocessableMessage(body, fieldName);
  return String((body as { error?: unknown } | null)?.error ?? error.message);
}

/**
 * PUT /series/{id}/assign_students: each student enrolled in the seminar (status Applied) through
 * the enrollments module's one create path, so each is checked as one assign_student is (in the
 * user's scope, in a school holding or joining the seminar, not already in it). All in one
 * transaction, each student in a savepoint of its own: a refused student leaves nothing behind and
 * does not stop the others; the result says, student by student, what became of each.
 */
export async function assignSeveral(
  db: Db,
  actor: Actor,
  seminarId: number,
  input: AssignSeveralInput,
  baseUrl: string,
  /** Why a student was refused, in the reader's words (refusalOf with the error handler's answer). */
  why: (error: unknown) => string,
): Promise<{ answer: AssignSeveralResponse; outboxIds: number[] }> {
  return db.transaction(async (tx) => {
    const outcomes: { studentId: number; enrollmentId: number | null; error: string | null }[] = [];
    const outboxIds: number[] = [];
    for (const studentId of new Set(input.student_ids)) {
      try {
        const made = await tx.transaction((savepoint) =>
          enrollInTransaction(
            savepoint,
            actor,
            { student_id: studentId, series_id: seminarId, notify_instructor_by_email: input.notify_instructor_by_email ?? false },
            baseUrl,
          ),
        );
        outcomes.push({ studentId, enrollmentId: made.id, error: null });
        outboxIds.push(...made.outboxIds);
      } catch (error) {
        outcomes.push({ studentId, enrollmentId: null, error: why(error) });
      }
    }
    const made = await seminarStudentsOf(
      tx,
      outcomes.flatMap((outcome) => (outcome.enrollmentId === null ? [] : [outcome.enrollmentId])),
    );
    const byEnrollment = new Map(made.map((row) => [row.enrollment_id, row]));
    const results = outcomes.map((outcome) => ({
      student_id: outcome.studentId,
      enrollment: outcome.enrollmentId === null ? null : (byEnrollment.get(outcome.enrollmentId) ?? null),
      error: outcome.error,
    }));
    return { answer: { assigned: made.length, results }, outboxIds };
  });
}
