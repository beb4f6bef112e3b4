import type { SchoolListResponse } from '@srs/shared/schools';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, type QueryParams } from '../../lib/http.ts';

export const defaultSchoolSort = 'school_code';

export const schoolsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['schools', 'list', query],
    queryFn: ({ signal }) => http.get<SchoolListResponse>('/schools', { query, signal }),
    placeholderData: keepPreviousData,
  });
