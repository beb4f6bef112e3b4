import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import type { EnrollmentDetail, EnrollmentUpdateInput, TakeAttendanceInput } from '@srs/shared/enrollments';
import { call, pathWith } from './http.ts';
import { type KeptForLater, sendOrKeep } from './offline/kept-for-later.ts';

/**
 * The writes of an enrollment's records that an instructor makes in the field (the enrollment's
 * page, the record forms, a seminar's attendance): one home each, since several features make them.
 */

/** PUT /enrollments/{id}; without a signal it is kept on the phone and sent later (issue 30). */
export function putEnrollment(id: number, body: EnrollmentUpdateInput): Promise<EnrollmentDetail | KeptForLater> {
  return sendOrKeep({
    method: 'PUT',
    path: pathWith(enrollmentEndpoints.update.path, { id }),
    body,
    now: () => call(enrollmentEndpoints.update, { params: { id }, body, toastErrors: false }),
    later: (queue, key) => queue.keepEnrollmentWrite(id, body, key),
  });
}

/** PUT /enrollments/take_attendance; without a signal it is kept on the phone and sent later (issue 30). */
export function takeAttendance(body: TakeAttendanceInput, seminarId: number | null) {
  return sendOrKeep({
    method: 'PUT',
    path: enrollmentEndpoints.takeAttendance.path,
    body,
    now: () => call(enrollmentEndpoints.takeAttendance, { body, toastErrors: false }),
    later: (queue, key) => queue.keepAttendanceWrite(body, seminarId, key),
  });
}

