import { seriesEndpoints } from '@srs/shared/endpoints/series';
import type { SeriesUpdateInput } from '@srs/shared/series';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';
import { seriesKeys } from '../../lib/query-keys.ts';

const all = { all: 'true' } as const;

/** The editors' lists: retired items too, each with how many records hold it (`?all=true`). */
export const editorEpisodesQuery = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.editor(id, 'episodes'),
    queryFn: ({ signal }) => call(seriesEndpoints.episodes, { params: { id }, query: all, signal }),
  });

export const editorDecisionOptionsQuery = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.editor(id, 'decision_options'),
    queryFn: ({ signal }) => call(seriesEndpoints.decisionOptions, { params: { id }, query: all, signal }),
  });

export const editorProductsQuery = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.editor(id, 'products'),
    queryFn: ({ signal }) => call(seriesEndpoints.products, { params: { id }, query: all, signal }),
  });

/**
 * PUT /series/{id} with one nested list. The series' page, pickers and editors refresh; a product
 * offer shared with other series may have changed there too, so every series list refreshes.
 */
export function useSaveCatalogue(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SeriesUpdateInput) => call(seriesEndpoints.update, { params: { id }, body }),
    onSuccess: async (detail) => {
      client.setQueryData(seriesKeys.detail(id), detail);
      await client.invalidateQueries({ queryKey: seriesKeys.all });
    },
  });
}
