import type { SeriesType } from '@srs/shared/enrollments';
import { EnrollOffers } from '../features/enrollments/components/enroll-offers.tsx';
import { RecordFormButton } from '../features/enrollments/components/record-form-button.tsx';
import { TabToolbar } from '../features/enrollments/components/tab-toolbar.tsx';
import { EnrollmentTable } from '../features/students/components/enrollment-table.tsx';
import { studentPageText } from '../features/students/messages.ts';
import { useOutletStudent } from '../features/students/student-outlet.ts';

/** Each tab's title, its action and its list (the words are the keys of the 'student-page' area). */
const tabs = {
  Course: { titleKey: 'courses', actionKey: 'enrollInCourse', list: 'course_enrollments' },
  Seminar: { titleKey: 'seminars', actionKey: 'enrollInSeminar', list: 'seminar_enrollments' },
} as const;

/** A student's courses or seminars tab: the enrollments, and enrolling the student in another one. */
export function StudentEnrollmentsTab({ type }: { type: SeriesType }) {
  const student = useOutletStudent();
  const tab = tabs[type];
  const t = studentPageText.useT();
  return (
    <>
      <TabToolbar title={t(tab.titleKey)}>
        {student.permissions.enroll && (
          <RecordFormButton target={{ kind: 'enroll', studentId: student.id, seriesType: type }}>{t(tab.actionKey)}</RecordFormButton>
        )}
      </TabToolbar>
      <EnrollmentTable studentId={student.id} type={type} enrollments={student[tab.list]} />
      {student.permissions.enroll && <EnrollOffers student={student} type={type} />}
    </>
  );
}
