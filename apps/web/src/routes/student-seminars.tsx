import { StudentEnrollmentsTab } from './student-enrollments.tsx';

export function Component() {
  return <StudentEnrollmentsTab type="Seminar" />;
}
