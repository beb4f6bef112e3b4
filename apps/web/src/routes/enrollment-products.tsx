import { ProductsTab } from '../features/enrollments/components/products-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <ProductsTab enrollment={useOutletEnrollment()} />;
}
