import { EnrollmentTable } from '../features/students/components/enrollment-table.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

export function Component() {
  const student = useOutletStudent();
  return <EnrollmentTable studentId={student.id} type="Seminar" enrollments={student.seminar_enrollments} />;
}
