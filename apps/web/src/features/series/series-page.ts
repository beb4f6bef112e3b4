import type { SeriesDetail } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { routeIdOf } from '../../lib/http-errors.ts';
import { seriesQuery } from './api.ts';

/** The id of the series the page's path names (courseId or seminarId). */
export function seriesIdOf(value: string | undefined, type: SeriesDetail['type']): number {
  return routeIdOf(value, type);
}

/**
 * The series a course or seminar page shows, for its tabs: the page route has started its load,
 * so a tab reads the same copy. Undefined while loading; a failed load reaches the route's panel.
 */
export function useSeriesOfPage(type: SeriesDetail['type']): SeriesDetail | undefined {
  const params = useParams();
  const id = seriesIdOf(type === 'Course' ? params.courseId : params.seminarId, type);
  const query = useQuery(seriesQuery(id));
  if (query.isError) throw query.error;
  return query.data;
}
