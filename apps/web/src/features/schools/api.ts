import { schoolEndpoints } from '@srs/shared/endpoints/schools';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { schoolKeys } from '../../lib/query-keys.ts';

export const defaultSchoolSort = 'school_code';

export const schoolsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: schoolKeys.list(query),
    queryFn: ({ signal }) => call(schoolEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
