import { useQuery } from '@tanstack/react-query';
import { studentNotesQuery } from '../features/students/api.ts';
import { StudentNotesList } from '../features/students/components/student-notes-list.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

export function Component() {
  const student = useOutletStudent();
  const notes = useQuery(studentNotesQuery(student.id));
  return <StudentNotesList studentId={student.id} notes={notes.data?.notes} loading={notes.isPending} />;
}
