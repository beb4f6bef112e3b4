import { PageLoader } from '../components/page-loader.tsx';
import { DecisionOptionsEditor } from '../features/catalogue/components/catalogue-editors.tsx';
import { useSeriesOfPage } from '../features/series/series-page.ts';

export function Component() {
  const course = useSeriesOfPage('Course');
  return course ? <DecisionOptionsEditor series={course} /> : <PageLoader />;
}
