import type { FollowupEnrollment, FollowupListResponse } from '@srs/shared/enrollments';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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
