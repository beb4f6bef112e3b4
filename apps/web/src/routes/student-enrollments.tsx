import type { SeriesType } from '@srs/shared/enrollments';
import { EnrollOffers } from '../features/enrollments/components/enroll-offers.tsx';
import { RecordFormButton } from '../features/enrollments/components/record-form-button.tsx';
import { TabToolbar } from '../features/enrollments/components/tab-toolbar.tsx';
import { EnrollmentTable } from '../features/students/components/enrollment-table.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

const tabs = {
  Course: { title: 'Courses', action: 'Enroll in a course', list: 'course_enrollments' },
  Seminar: { title: 'Seminars', action: 'Enroll in a seminar', list: 'seminar_enrollments' },
} as const;

/** A student's courses or seminars tab: the enrollments, and enrolling the student in another one. */
export function StudentEnrollmentsTab({ type }: { type: SeriesType }) {
  const student = useOutletStudent();
  const tab = tabs[type];
  return (
    <>
      <TabToolbar title={tab.title}>
        {student.permissions.enroll && (
          <RecordFormButton target={{ kind: 'enroll', studentId: student.id, seriesType: type }}>{tab.action}</RecordFormButton>
        )}
      </TabToolbar>
      <EnrollmentTable studentId={student.id} type={type} enrollments={student[tab.list]} />
      {student.permissions.enroll && <EnrollOffers student={student} type={type} />}
    </>
  );
}
