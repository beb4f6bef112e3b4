import { type School, type SchoolOption, schoolOptionLabel } from '@srs/shared/schools';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http.ts';

/** The schools the user belongs to: the header picker and every school-select step. */
export const schoolOptionsQuery = queryOptions({
  queryKey: ['schools', 'simple_list'],
  queryFn: ({ signal }) => http.get<{ schools: SchoolOption[] }>('/schools/simple_list', { signal }),
  staleTime: 5 * 60_000,
});

/** One school's details (GET /schools/{id}): head_school_admin decides whether it accepts students. */
export const schoolQuery = (id: number) =>
  queryOptions({
    queryKey: ['schools', 'detail', id],
    queryFn: ({ signal }) => http.get<School>(`/schools/${id}`, { signal }),
  });

export function schoolSelectData(schools: readonly SchoolOption[] | undefined) {
  return (schools ?? []).map((school) => ({ value: String(school.id), label: schoolOptionLabel(school) }));
}
