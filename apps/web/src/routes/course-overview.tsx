import { PageLoader } from '../components/page-loader.tsx';
import { SeriesOverview } from '../features/series/components/series-overview.tsx';
import { useSeriesOfPage } from '../features/series/series-page.ts';

export function Component() {
  const course = useSeriesOfPage('Course');
  return course ? <SeriesOverview series={course} /> : <PageLoader />;
}
