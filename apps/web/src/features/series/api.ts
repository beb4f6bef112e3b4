import { seriesEndpoints } from '@srs/shared/endpoints/series';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForgetWhenLeft } from '../../lib/forget-when-left.ts';
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

export { seriesQuery } from '../../lib/lookups/series.ts';

/** GET /series/{id}/schools: the schools offering it that the user sees. */
export const seriesSchoolsQuery = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.schools(id),
    queryFn: ({ signal }) => call(seriesEndpoints.schools, { params: { id }, signal }),
  });

export { useCreateSeries, useUpdateSeries } from '../../lib/series-writes.ts';

/**
 * DELETE /series/{id}. The lists forget it at once; its own caches go only once its page has
 * unmounted (see useDeleteStudent: a render of that page would fetch the deleted record again).
 */
export function useDeleteSeries(id: number) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => call(seriesEndpoints.destroy, { params: { id } }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: seriesKeys.all, predicate: (query) => query.queryKey[1] !== id }),
  });
  useForgetWhenLeft(mutation.isSuccess, seriesKeys.record, id);
  return mutation;
}
