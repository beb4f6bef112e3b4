import type { EnrollmentSummary, SeriesType } from '@srs/shared/enrollments';
import type { SeriesOption } from '@srs/shared/series';
import { studentEndpoints } from '@srs/shared/endpoints/students';
import type { Student } from '@srs/shared/students';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http.ts';
import { studentKeys } from '../../../lib/query-keys.ts';
import { fullName } from '../components/enrollment-format.ts';
import { enrollmentsText } from '../messages.ts';

/** How many students the picker offers for one search. */
export const studentPickerLimit = 20;

/** GET /students?query=…: the student picker of the record forms. */
export const studentSearchQuery = (text: string) =>
  queryOptions({
    queryKey: studentKeys.picker(text),
    queryFn: ({ signal }) => call(studentEndpoints.list, { query: { query: text, per_page: studentPickerLimit }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /students/{id}: the student's enrollments. The key is the student detail's own, so the
 * student page and the forms share one copy.
 */
export const recordStudentQuery = (id: number) =>
  queryOptions({
    queryKey: studentKeys.detail(id),
    queryFn: ({ signal }) => call(studentEndpoints.detail, { params: { id }, signal }),
  });

/**
 * The enrollments a form offers (SPEC section 4: pickers hide orphaned enrollments), priority
 * courses first: the series list's order (priority first, then name) decides.
 */
export function pickableEnrollments(
  student: Pick<Student, 'course_enrollments' | 'seminar_enrollments'>,
  type: SeriesType | null,
  seriesOrder: readonly SeriesOption[] = [],
): EnrollmentSummary[] {
  const all = [...student.course_enrollments, ...student.seminar_enrollments];
  const rank = new Map(seriesOrder.map((series, index) => [series.id, index]));
  const unranked = seriesOrder.length;
  return all
    .filter((enrollment) => !enrollment.orphaned && (type === null || enrollment.series_type === type))
    .sort(
      (a, b) =>
        (rank.get(a.series_id) ?? unranked) - (rank.get(b.series_id) ?? unranked) ||
        a.series_name.localeCompare(b.series_name),
    );
}

export function enrollmentLabel(enrollment: EnrollmentSummary, withType: boolean): string {
  return withType
    ? enrollmentsText.t('enrollmentOption', { name: enrollment.series_name, type: enrollment.series_type })
    : enrollment.series_name;
}

/** 'Ann Lee (#101)': the school code tells two students of the same name apart. */
export function studentOptionLabel(
  student: Pick<Student, 'first_name' | 'middle_name' | 'last_name' | 'school'>,
): string {
  return `${fullName(student)} (#${student.school.school_code})`;
}
