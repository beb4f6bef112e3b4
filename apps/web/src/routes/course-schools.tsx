import { PageLoader } from '../components/page-loader.tsx';
import { SeriesSchoolsTable } from '../features/series/components/series-schools-table.tsx';
import { coursesText } from '../features/series/messages.ts';
import { useSeriesOfPage } from '../features/series/series-page.ts';

export function Component() {
  const t = coursesText.useT();
  const course = useSeriesOfPage('Course');
  return course ? <SeriesSchoolsTable seriesId={course.id} label={t('schoolsOffering')} /> : <PageLoader />;
}
