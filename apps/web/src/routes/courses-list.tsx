import type { CourseListResponse } from '@srs/shared/series';
import { listRoute, type ListTableProps } from '../components/list-route.tsx';
import { coursesQuery, defaultSeriesSort } from '../features/series/api.ts';
import { CoursesTable } from '../features/series/components/courses-table.tsx';
import { useCanOpen } from '../lib/site-map/page-match.ts';

function Table({ data, loading, sort }: ListTableProps<CourseListResponse>) {
  return <CoursesTable courses={data?.courses} loading={loading} linkNames={useCanOpen('course')} sort={sort} />;
}

export const Component = listRoute({ title: 'Courses', defaultSort: defaultSeriesSort, query: coursesQuery, Table });
