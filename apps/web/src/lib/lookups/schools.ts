import { schoolEndpoints } from '@srs/shared/endpoints/schools';
import type { SchoolOption } from '@srs/shared/schools';
import { queryOptions } from '@tanstack/react-query';
import { componentsText } from '../../components/text.ts';
import { call } from '../http.ts';
import { schoolKeys } from '../query-keys.ts';

/** The schools the user belongs to: the header picker and every school-select step. */
export const schoolOptionsQuery = queryOptions({
  queryKey: schoolKeys.options(),
  queryFn: ({ signal }) => call(schoolEndpoints.simpleList, { signal }),
  staleTime: 5 * 60_000,
});

/** One school's details (GET /schools/{id}): head_school_admin decides whether it accepts students. */
export const schoolQuery = (id: number) =>
  queryOptions({
    queryKey: schoolKeys.detail(id),
    queryFn: ({ signal }) => call(schoolEndpoints.detail, { params: { id }, signal }),
  });

/** The conferences (GET /conferences, admins): the school form's and the reports' pickers. */
export const conferencesQuery = queryOptions({
  queryKey: schoolKeys.conferences(),
  queryFn: ({ signal }) => call(schoolEndpoints.conferences, { signal }),
  staleTime: 5 * 60_000,
});

/** A school's staff (GET /schools/{id}/instructors): its page's list and the reports' picker. */
export const schoolInstructorsQuery = (id: number) =>
  queryOptions({
    queryKey: schoolKeys.instructors(id),
    queryFn: ({ signal }) => call(schoolEndpoints.instructors, { params: { id }, signal }),
  });

/**
 * '(#12) Central Church — Springfield, IL, 62701 · 40 students': @srs/shared/schools'
 * schoolOptionLabel, in the language of the moment.
 */
export function schoolOptionText(school: SchoolOption): string {
  const place = [school.city, school.state, school.zip_code].filter(Boolean).join(', ');
  const students = componentsText.t('schoolStudents', { count: school.students_count, n: String(school.students_count) });
  return `(#${school.school_code}) ${school.church_name}${place ? ` — ${place}` : ''} · ${students}`;
}

/** A school picker's options: each school's code, church, place and student count (schoolOptionText). */
export function schoolSelectData(schools: readonly SchoolOption[] | undefined) {
  return (schools ?? []).map((school) => ({ value: String(school.id), label: schoolOptionText(school) }));
}

/**
 * The user's one school, when they have exactly one: the school steps (Quick Add's seminar, the
 * wizard's 'Place in School Manually') go on with it instead of asking. With several, or before
 * the list has loaded, null: the step asks (SPEC section 2).
 */
export function onlySchoolOf<T>(schools: readonly T[] | undefined): T | null {
  return schools?.length === 1 ? (schools[0] ?? null) : null;
}
