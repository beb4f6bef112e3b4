import { LessonsTab } from '../features/enrollments/components/lessons-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <LessonsTab enrollment={useOutletEnrollment()} />;
}
