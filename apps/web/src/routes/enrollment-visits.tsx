import { VisitsTab } from '../features/enrollments/components/visits-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <VisitsTab enrollment={useOutletEnrollment()} />;
}
