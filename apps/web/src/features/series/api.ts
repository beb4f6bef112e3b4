import { seriesEndpoints } from '@srs/shared/endpoints/series';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { seriesKeys } from '../../lib/query-keys.ts';

export const defaultSeriesSort = 'name';

export const coursesQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: seriesKeys.list('Course', query),
    queryFn: ({ signal }) => call(seriesEndpoints.courses, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const seminarsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: seriesKeys.list('Seminar', query),
    queryFn: ({ signal }) => call(seriesEndpoints.seminars, { query, signal }),
    placeholderData: keepPreviousData,
  });
