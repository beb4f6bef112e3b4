import { type SchoolListResponse, type SchoolOption, schoolOptionLabel } from '@srs/shared/schools';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, type QueryParams } from '../../lib/http.ts';

export const defaultSchoolSort = 'school_code';

export const schoolsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['schools', 'list', query],
    queryFn: ({ signal }) => http.get<SchoolListResponse>('/schools', { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The schools of the header picker and the school-select steps. */
export const schoolOptionsQuery = queryOptions({
  queryKey: ['schools', 'simple_list'],
  queryFn: ({ signal }) => http.get<{ schools: SchoolOption[] }>('/schools/simple_list', { signal }),
  staleTime: 5 * 60_000,
});

export function schoolSelectData(schools: readonly SchoolOption[] | undefined) {
  return (schools ?? []).map((school) => ({ value: String(school.id), label: schoolOptionLabel(school) }));
}
