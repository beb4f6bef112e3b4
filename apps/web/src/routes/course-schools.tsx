import { PageLoader } from '../components/page-loader.tsx';
import { SeriesSchoolsTable } from '../features/series/components/series-schools-table.tsx';
import { useSeriesOfPage } from '../features/series/series-page.ts';

export function Component() {
  const course = useSeriesOfPage('Course');
  return course ? <SeriesSchoolsTable seriesId={course.id} label="Schools offering this course" /> : <PageLoader />;
}
