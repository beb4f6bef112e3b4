import type {
  DecisionOptionsResponse,
  EpisodesResponse,
  ProductOffersResponse,
  SeriesOption,
  SeriesSimpleListResponse,
} from '@srs/shared/series';
import type { SeriesType } from '@srs/shared/enrollments';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http.ts';

/** Catalogue data changes rarely: pickers may reuse it for five minutes. */
const catalogueStaleTime = 5 * 60_000;

type SeriesFilter = { type?: SeriesType; schoolId?: number | null; studentId?: number | null };

/**
 * The series of the pickers, priority courses first (GET /series/simple_list); with a school,
 * those it offers or holds; with a student, those the student can be enrolled in.
 */
export const seriesOptionsQuery = (filter: SeriesFilter = {}) =>
  queryOptions({
    queryKey: ['series', 'simple_list', filter.type ?? 'all', filter.schoolId ?? null, filter.studentId ?? null],
    queryFn: ({ signal }) =>
      http.get<SeriesSimpleListResponse>('/series/simple_list', {
        query: { type: filter.type, school_id: filter.schoolId, student_id: filter.studentId },
        signal,
      }),
    staleTime: catalogueStaleTime,
  });

export const episodesQuery = (seriesId: number) =>
  queryOptions({
    queryKey: ['series', seriesId, 'episodes'],
    queryFn: ({ signal }) => http.get<EpisodesResponse>(`/series/${seriesId}/episodes`, { signal }),
    staleTime: catalogueStaleTime,
  });

export const decisionOptionsQuery = (seriesId: number) =>
  queryOptions({
    queryKey: ['series', seriesId, 'decision_options'],
    queryFn: ({ signal }) => http.get<DecisionOptionsResponse>(`/series/${seriesId}/decision_options`, { signal }),
    staleTime: catalogueStaleTime,
  });

export const productOffersQuery = (seriesId: number) =>
  queryOptions({
    queryKey: ['series', seriesId, 'products'],
    queryFn: ({ signal }) => http.get<ProductOffersResponse>(`/series/${seriesId}/products`, { signal }),
    staleTime: catalogueStaleTime,
  });

/** Select options of series, priority courses first (the server's order is kept). */
export function seriesSelectData(series: readonly SeriesOption[] | undefined) {
  return (series ?? []).map((item) => ({ value: String(item.id), label: item.name }));
}
