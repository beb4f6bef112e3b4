import { useQuery } from '@tanstack/react-query';
import { studentDecisionsQuery } from '../features/students/api.ts';
import { StudentDecisionsTable } from '../features/students/components/student-decisions-table.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

export function Component() {
  const student = useOutletStudent();
  const decisions = useQuery(studentDecisionsQuery(student.id));
  return (
    <StudentDecisionsTable
      studentId={student.id}
      decisions={decisions.data?.decisions}
      loading={decisions.isPending}
    />
  );
}
