import { PresentationsTab } from '../features/enrollments/components/presentations-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <PresentationsTab enrollment={useOutletEnrollment()} />;
}
