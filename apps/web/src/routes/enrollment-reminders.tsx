import { RemindersTab } from '../features/enrollments/components/reminders-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <RemindersTab enrollment={useOutletEnrollment()} />;
}
