import { seriesEndpoints } from '@srs/shared/endpoints/series';
import { queryOptions } from '@tanstack/react-query';
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

export { useUpdateSeries as useSaveCatalogue } from '../../lib/series-writes.ts';
