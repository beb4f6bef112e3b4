import { StudentProfile } from '../features/students/components/student-profile.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

export function Component() {
  return <StudentProfile student={useOutletStudent()} />;
}
