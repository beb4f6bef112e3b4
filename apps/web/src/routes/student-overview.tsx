import { StudentOverview } from '../features/students/components/student-overview.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

export function Component() {
  return <StudentOverview student={useOutletStudent()} />;
}
