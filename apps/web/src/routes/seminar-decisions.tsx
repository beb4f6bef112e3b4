import { PageLoader } from '../components/page-loader.tsx';
import { DecisionOptionsEditor } from '../features/catalogue/components/catalogue-editors.tsx';
import { useSeriesOfPage } from '../features/series/series-page.ts';

/** The seminar's decisions tab: the decision options editor, kept by the admins of its hosting school. */
export function Component() {
  const seminar = useSeriesOfPage('Seminar');
  return seminar ? <DecisionOptionsEditor series={seminar} /> : <PageLoader />;
}
