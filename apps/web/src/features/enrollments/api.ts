import type {
  DecisionsSummaryResponse,
  EnrollmentCreateInput,
  EnrollmentDetail,
  EnrollmentUpdateInput,
  FollowupEnrollment,
  FollowupListResponse,
  TakeAttendanceInput,
} from '@srs/shared/enrollments';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, type QueryParams } from '../../lib/http.ts';
import { courseEnrollmentPath, seminarEnrollmentPath } from '../../lib/sections.ts';

export const needingFollowupQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['enrollments', 'needing_followup', query],
    queryFn: ({ signal }) => http.get<FollowupListResponse>('/enrollments/needing_followup', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** A follow-up row opens the enrollment's lessons tab (course) or presentations tab (seminar). */
export function followupPath(enrollment: FollowupEnrollment): string {
  return enrollment.series.type === 'Course'
    ? courseEnrollmentPath(enrollment.student.id, enrollment.id)
    : seminarEnrollmentPath(enrollment.student.id, enrollment.id);
}

export function personName(person: { first_name: string; last_name: string } | null): string {
  return person ? `${person.first_name} ${person.last_name}` : '-';
}

/** GET /enrollments/{id}: the enrollment with its lessons, presentations, visits, reminders and products. */
export const enrollmentQuery = (id: number) =>
  queryOptions({
    queryKey: ['enrollments', 'detail', id],
    queryFn: ({ signal }) => http.get<EnrollmentDetail>(`/enrollments/${id}`, { signal }),
  });

/** GET /enrollments/{id}/decisions_summary: every decision option of the series, decided or not. */
export const decisionsSummaryQuery = (id: number) =>
  queryOptions({
    queryKey: ['enrollments', 'detail', id, 'decisions_summary'],
    queryFn: ({ signal }) => http.get<DecisionsSummaryResponse>(`/enrollments/${id}/decisions_summary`, { signal }),
  });

function putEnrollment(id: number, body: EnrollmentUpdateInput) {
  return http.put<EnrollmentDetail>(`/enrollments/${id}`, { body });
}

/**
 * A saved enrollment answers with its new detail; the student's lists and the follow-up list
 * count its records, so they load again.
 */
function afterEnrollmentUpdate(client: QueryClient, detail: EnrollmentDetail) {
  client.setQueryData(enrollmentQuery(detail.id).queryKey, detail);
  return Promise.all([
    client.invalidateQueries({ queryKey: decisionsSummaryQuery(detail.id).queryKey }),
    client.invalidateQueries({ queryKey: ['students'] }),
    client.invalidateQueries({ queryKey: ['enrollments', 'needing_followup'] }),
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
    mutationFn: (body: EnrollmentCreateInput) => http.post<EnrollmentDetail>('/enrollments', { body }),
    onSuccess: (detail) => {
      client.setQueryData(enrollmentQuery(detail.id).queryKey, detail);
      return Promise.all([
        client.invalidateQueries({ queryKey: ['students'] }),
        client.invalidateQueries({ queryKey: ['enrollments', 'needing_followup'] }),
      ]);
    },
    onError: (_error, body) => client.invalidateQueries({ queryKey: ['students', 'detail', body.student_id] }),
  });
}

/**
 * DELETE /enrollments/{id}. The caller drops the enrollment's own cache once its page has left
 * (a page still showing it would load it again and meet a 404).
 */
export function useDeleteEnrollment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/enrollments/${id}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['students'] }),
        client.invalidateQueries({ queryKey: ['enrollments', 'needing_followup'] }),
      ]),
  });
}

/** PUT /enrollments/take_attendance; the server moves Applied ↔ Attended, so the enrollments load again. */
export function useTakeAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TakeAttendanceInput) =>
      http.put<{ updated: number }>('/enrollments/take_attendance', { body }),
    onSuccess: (_answer, body) =>
      Promise.all([
        ...body.attendances.map(({ enrollment_id }) =>
          client.invalidateQueries({ queryKey: enrollmentQuery(enrollment_id).queryKey }),
        ),
        client.invalidateQueries({ queryKey: ['students'] }),
        client.invalidateQueries({ queryKey: ['enrollments', 'needing_followup'] }),
      ]),
  });
}
