import { seriesEndpoints } from '@srs/shared/endpoints/series';
import type { SeriesOption } from '@srs/shared/series';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http.ts';
import { type SeriesFilter, seriesKeys } from '../query-keys.ts';

/** Catalogue data changes rarely: pickers may reuse it for five minutes. */
const catalogueStaleTime = 5 * 60_000;

/**
 * The series of the pickers, priority courses first (GET /series/simple_list); with a school,
 * those it offers or holds; with a student, those the student can be enrolled in.
 */
export const seriesOptionsQuery = (filter: SeriesFilter = {}) =>
  queryOptions({
    queryKey: seriesKeys.options(filter),
    queryFn: ({ signal }) =>
      call(seriesEndpoints.simpleList, {
        query: { type: filter.type, school_id: filter.schoolId, student_id: filter.studentId },
        signal,
      }),
    staleTime: catalogueStaleTime,
  });

export const episodesQuery = (seriesId: number) =>
  queryOptions({
    queryKey: seriesKeys.episodes(seriesId),
    queryFn: ({ signal }) => call(seriesEndpoints.episodes, { params: { id: seriesId }, signal }),
    staleTime: catalogueStaleTime,
  });

export const decisionOptionsQuery = (seriesId: number) =>
  queryOptions({
    queryKey: seriesKeys.decisionOptions(seriesId),
    queryFn: ({ signal }) => call(seriesEndpoints.decisionOptions, { params: { id: seriesId }, signal }),
    staleTime: catalogueStaleTime,
  });

export const productOffersQuery = (seriesId: number) =>
  queryOptions({
    queryKey: seriesKeys.products(seriesId),
    queryFn: ({ signal }) => call(seriesEndpoints.products, { params: { id: seriesId }, signal }),
    staleTime: catalogueStaleTime,
  });

/** Select options of series, priority courses first (the server's order is kept). */
export function seriesSelectData(series: readonly SeriesOption[] | undefined) {
  return (series ?? []).map((item) => ({ value: String(item.id), label: item.name }));
}

/** GET /series/{id}: a course or a seminar, with what the user may do with it (its pages and crumbs). */
export const seriesQuery = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.detail(id),
    queryFn: ({ signal }) => call(seriesEndpoints.detail, { params: { id }, signal }),
  });
