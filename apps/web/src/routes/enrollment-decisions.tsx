import { DecisionsTab } from '../features/enrollments/components/decisions-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <DecisionsTab enrollment={useOutletEnrollment()} />;
}
