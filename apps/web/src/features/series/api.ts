import type { CourseListResponse, SeminarListResponse } from '@srs/shared/series';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, type QueryParams } from '../../lib/http.ts';

export const defaultSeriesSort = 'name';

export const coursesQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['series', 'Course', query],
    queryFn: ({ signal }) => http.get<CourseListResponse>('/series', { query: { ...query, type: 'Course' }, signal }),
    placeholderData: keepPreviousData,
  });

export const seminarsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['series', 'Seminar', query],
    queryFn: ({ signal }) => http.get<SeminarListResponse>('/series', { query: { ...query, type: 'Seminar' }, signal }),
    placeholderData: keepPreviousData,
  });
