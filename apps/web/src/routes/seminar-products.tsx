import { PageLoader } from '../components/page-loader.tsx';
import { ProductsEditor } from '../features/catalogue/components/catalogue-editors.tsx';
import { useSeriesOfPage } from '../features/series/series-page.ts';

/** The seminar's products tab: the products editor, kept by the admins of its hosting school. */
export function Component() {
  const seminar = useSeriesOfPage('Seminar');
  return seminar ? <ProductsEditor series={seminar} /> : <PageLoader />;
}
