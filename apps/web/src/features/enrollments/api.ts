import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import type {
  EnrollmentCreateInput,
  EnrollmentDetail,
  EnrollmentUpdateInput,
  FollowupEnrollment,
  TakeAttendanceInput,
} from '@srs/shared/enrollments';
import type { DueReminder } from '@srs/shared/reminders';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { takeFirstFollowupList } from '../../lib/dashboard-first.ts';
import { apiUrl, call, type QueryParams } from '../../lib/http.ts';
import { putEnrollment, takeAttendance } from '../../lib/enrollment-writes.ts';
import { isKeptForLater, type KeptForLater } from '../../lib/offline/kept-for-later.ts';
import { enrollmentKeys, studentKeys } from '../../lib/query-keys.ts';
import { readRecord } from '../../lib/record-read.ts';
import { getToken } from '../../lib/session.ts';
import { enrollmentPath } from '../../lib/site-map/paths.ts';

export const needingFollowupQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: enrollmentKeys.followupList(query),
    // The dashboard's page may have asked for its list already, before the app had loaded.
    queryFn: async ({ signal }) =>
      (await takeFirstFollowupList(apiUrl(enrollmentEndpoints.needingFollowup.path, query), getToken())) ??
      call(enrollmentEndpoints.needingFollowup, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /enrollments/reminders_due: the reminders that came back (docs/decisions/021), the oldest first. */
export const remindersDueQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: enrollmentKeys.remindersDueList(query),
    queryFn: ({ signal }) => call(enrollmentEndpoints.remindersDue, { query, signal }),
  });

/** A reminder's row opens its enrollment on the reminders tab. */
export function dueReminderPath(reminder: DueReminder): string {
  return enrollmentPath(reminder.student.id, reminder.enrollment_id, reminder.series.type, 'reminders');
}

/** A follow-up row opens the enrollment's lessons tab (course) or presentations tab (seminar). */
export function followupPath(enrollment: FollowupEnrollment): string {
  return enrollmentPath(enrollment.student.id, enrollment.id, enrollment.series.type);
}

export function personName(person: { first_name: string; last_name: string } | null): string {
  return person ? `${person.first_name} ${person.last_name}` : '-';
}

/** GET /enrollments/{id}: the enrollment with its lessons, presentations, visits, reminders and products. */
export const enrollmentQuery = (id: number) =>
  queryOptions({
    queryKey: enrollmentKeys.detail(id),
    queryFn: ({ signal }) => readRecord((quiet) => call(enrollmentEndpoints.detail, { params: { id }, signal, ...quiet })),
  });

/** GET /enrollments/{id}/decisions_summary: every decision option of the series, decided or not. */
export const decisionsSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: enrollmentKeys.decisionsSummary(id),
    queryFn: ({ signal }) => call(enrollmentEndpoints.decisionsSummary, { params: { id }, signal }),
  });

/** The lists that count an enrollment's records: every student list and page, the follow-up list and the reminders due. */
function afterEnrollmentChange(client: QueryClient) {
  return [
    client.invalidateQueries({ queryKey: studentKeys.all }),
    client.invalidateQueries({ queryKey: enrollmentKeys.needingFollowup() }),
    client.invalidateQueries({ queryKey: enrollmentKeys.remindersDue() }),
  ];
}

/**
 * A saved enrollment answers with its new detail; the student's lists and the follow-up list
 * count its records, so they load again.
 */
function afterEnrollmentUpdate(client: QueryClient, detail: EnrollmentDetail | KeptForLater) {
  if (isKeptForLater(detail)) return Promise.resolve();
  client.setQueryData(enrollmentKeys.detail(detail.id), detail);
  return Promise.all([
    client.invalidateQueries({ queryKey: enrollmentKeys.decisionsSummary(detail.id) }),
    ...afterEnrollmentChange(client),
  ]);
}

/** PUT /enrollments/{id} with nested records; errors go through the shared handler. */
export function useUpdateEnrollment(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentUpdateInput) => putEnrollment(id, body),
    onSuccess: (detail) => afterEnrollmentUpdate(client, detail),
  });
}

/** The same write for the record forms, where the enrollment is chosen in the form itself. */
export function useUpdateChosenEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EnrollmentUpdateInput }) => putEnrollment(id, body),
    onSuccess: (detail) => afterEnrollmentUpdate(client, detail),
  });
}

/**
 * POST /enrollments: an existing student enrolled in a course or seminar. The student's lists
 * show it at once; a refusal (already enrolled elsewhere in the meantime) reloads the student, so
 * that the form shows the enrollment there is.
 */
export function useCreateEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrollmentCreateInput) => call(enrollmentEndpoints.create, { body }),
    onSuccess: (detail) => {
      client.setQueryData(enrollmentKeys.detail(detail.id), detail);
      return Promise.all(afterEnrollmentChange(client));
    },
    onError: (_error, body) => client.invalidateQueries({ queryKey: studentKeys.detail(body.student_id) }),
  });
}

/**
 * DELETE /enrollments/{id}. The caller drops the enrollment's own cache once its page has left
 * (a page still showing it would load it again and meet a 404).
 */
export function useDeleteEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(enrollmentEndpoints.destroy, { params: { id } }),
    onSuccess: () => Promise.all(afterEnrollmentChange(client)),
  });
}

/** PUT /enrollments/take_attendance; the server moves Applied ↔ Attended, so the enrollments load again. */
export function useTakeAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TakeAttendanceInput) => takeAttendance(body, null),
    onSuccess: (answer, body) =>
      isKeptForLater(answer) ? undefined : Promise.all([
        ...body.attendances.map(({ enrollment_id }) =>
          client.invalidateQueries({ queryKey: enrollmentKeys.detail(enrollment_id) }),
        ),
        ...afterEnrollmentChange(client),
      ]),
  });
}
