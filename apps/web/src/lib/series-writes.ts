import { seriesEndpoints } from '@srs/shared/endpoints/series';
import type { SeriesCreateInput, SeriesUpdateInput } from '@srs/shared/series';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './http.ts';
import { seriesKeys } from './query-keys.ts';

/**
 * The writes of a course or a seminar that several features make (its page, the catalogue
 * editors, the seminar's details and presentations): one home each.
 */

/** POST /series. The lists and pickers refresh; the new series' page reads the answer. */
export function useCreateSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SeriesCreateInput) => call(seriesEndpoints.create, { body }),
    onSuccess: (detail) => {
      client.setQueryData(seriesKeys.detail(detail.id), detail);
      return client.invalidateQueries({ queryKey: seriesKeys.all, predicate: (q) => q.queryKey[1] !== detail.id });
    },
  });
}

/**
 * PUT /series/{id}: its own fields or one nested list. Its page, pickers and editors refresh; a
 * product offer shared with other series may have changed there too, so every series list does.
 */
export function useUpdateSeries(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SeriesUpdateInput) => call(seriesEndpoints.update, { params: { id }, body }),
    onSuccess: (detail) => {
      client.setQueryData(seriesKeys.detail(id), detail);
      return client.invalidateQueries({ queryKey: seriesKeys.all });
    },
  });
}
