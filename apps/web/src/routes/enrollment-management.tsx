import { ManagementTab } from '../features/enrollments/components/management-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <ManagementTab enrollment={useOutletEnrollment()} />;
}
