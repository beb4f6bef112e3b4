import type { Student, StudentListResponse } from '@srs/shared/students';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageOf, searchTextOf, searchWords, sortOf } from '../../components/list-params.ts';
import { http, type QueryParams } from '../../lib/http.ts';

export const studentsPerPage = 25;
export const defaultStudentSort = 'name';

/** The filters a link can put on /students (dashboard tiles, school and instructor pages). */
export const studentFilterNames = [
  'section',
  'enrollments_registration_number_eq',
  'enrollments_needing_followup_eq',
  'enrollments_series_id_eq',
  'school_id_eq',
  'instructor_id_eq',
] as const;

/** The API query of the student list for the URL's search parameters, without the page. */
export function studentFilterQuery(params: URLSearchParams): QueryParams {
  const sort = sortOf(params, defaultStudentSort);
  const query: QueryParams = {
    full_name_i_cont_all: searchWords(searchTextOf(params)),
    sortBy: sort.sortBy,
    orderBy: sort.orderBy,
  };
  for (const name of studentFilterNames) query[name] = params.get(name);
  query.section ??= 'all';
  return query;
}

export function studentListQuery(params: URLSearchParams): QueryParams {
  return { ...studentFilterQuery(params), page: pageOf(params), per_page: studentsPerPage };
}

export const studentsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['students', 'list', query],
    queryFn: ({ signal }) => http.get<StudentListResponse>('/students', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const studentQuery = (id: number) =>
  queryOptions({
    queryKey: ['students', 'detail', id],
    queryFn: ({ signal }) => http.get<Student>(`/students/${id}`, { signal }),
  });
