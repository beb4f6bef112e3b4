import type { EnrollmentDetail } from '@srs/shared/enrollments';
import type { Student, StudentFields } from '@srs/shared/students';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { studentKeys } from '../../../lib/query-keys.ts';
import { postEnrollment, postStudent, putStudent } from '../api.ts';

export type NewStudentInput = {
  fields: StudentFields;
  schoolId: number;
  /** The school's head school admin: the new student's instructor (SPEC section 3). */
  instructorId: number;
  seriesId: number | null;
  notifyInstructor: boolean;
};

export type NewStudentResult = { student: Student; enrollment: EnrollmentDetail | null };

/** A key for one run of the form: the server answers a repeated key with the student it made. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http intranet address still needs a key.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Creates the student once, then the enrollment (SPEC section 4). A retry after a failure keeps
 * what was already made: the student created before is not posted again, and the request_key
 * covers an answer lost on the way back. `reset` starts a new run with a new key.
 *
 * `keptKey` is the key of a run begun before a reload (the form's draft, new-student-drafts.ts):
 * the run goes on with it, so a student that run already made is answered, not made again.
 */
export function useNewStudentSave(keptKey?: string | null) {
  const client = useQueryClient();
  const requestKey = useRef<string>(null);
  const created = useRef<Student | null>(null);
  const enrolled = useRef<EnrollmentDetail | null>(null);
  const savedFields = useRef<string | null>(null);
  const running = useRef<Promise<NewStudentResult>>(null);
  requestKey.current ??= keptKey ?? newRequestKey();

  const run = useCallback(
    async (input: NewStudentInput): Promise<NewStudentResult> => {
      try {
        if (!created.current) {
          created.current = await postStudent({
            ...input.fields,
            school_id: input.schoolId,
            instructor_id: input.instructorId,
            series_id: input.seriesId,
            notify_instructor_by_email: input.notifyInstructor,
            request_key: requestKey.current ?? newRequestKey(),
          });
          savedFields.current = JSON.stringify(input.fields);
        } else if (savedFields.current !== JSON.stringify(input.fields)) {
          // Edited after the student was made (back to the form, then a retry): update, never re-create.
          created.current = await putStudent(created.current.id, input.fields);
          savedFields.current = JSON.stringify(input.fields);
        }
        const student = created.current;
        if (input.seriesId !== null && enrolled.current?.series_id !== input.seriesId) {
          enrolled.current = await postEnrollment({
            student_id: student.id,
            series_id: input.seriesId,
            school_id: student.school.id,
            // The new-student notice already names the series: one message to the instructor, not two.
            notify_instructor_by_email: false,
          });
        }
        return { student, enrollment: enrolled.current };
      } finally {
        if (created.current) void client.invalidateQueries({ queryKey: studentKeys.all });
      }
    },
    [client],
  );

  // One save at a time: a second one while the first runs (a double click, Enter before the
  // button turned to loading) is the first one, not a second student or enrollment.
  const save = useCallback(
    (input: NewStudentInput): Promise<NewStudentResult> => {
      running.current ??= run(input).finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [run],
  );

  const reset = useCallback(() => {
    requestKey.current = newRequestKey();
    created.current = null;
    enrolled.current = null;
    savedFields.current = null;
  }, []);

  /** The student this run created, if any: a retry places nobody else. */
  const createdStudent = useCallback(() => created.current, []);

  /** This run's request_key, for the form's draft. */
  const runKey = useCallback(() => requestKey.current ?? '', []);

  return { save, reset, createdStudent, runKey };
}
