import { QuestionsTab } from '../features/enrollments/components/questions-tab.tsx';
import { useOutletEnrollment } from '../features/enrollments/components/enrollment-outlet.ts';

export function Component() {
  return <QuestionsTab enrollment={useOutletEnrollment()} />;
}
