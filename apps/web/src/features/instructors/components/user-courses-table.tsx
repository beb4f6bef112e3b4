import type { UserCourse } from '@srs/shared/users';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { type InstructorsT, instructorsText } from '../messages.ts';

const count = (key: keyof UserCourse['status_counts'], header: string): Column<UserCourse> => ({
  key,
  header,
  render: (course) => course.status_counts[key],
});

const columnsOf = (t: InstructorsT): Column<UserCourse>[] => [
  { key: 'name', header: t('nameHeader'), render: (course) => course.name },
  { key: 'type', header: t('typeHeader'), render: (course) => t('courseType', { type: course.type }) },
  { key: 'students', header: t('studentsHeader'), render: (course) => course.students_count },
  count('Applied', t('appliedHeader')),
  count('Enrolled', t('enrolledHeader')),
  count('Attended', t('attendedHeader')),
  count('Graduated', t('graduatedHeader')),
  count('Inactive', t('inactiveHeader')),
];

/** The courses tab: what the instructor's students take, by status. */
export function UserCoursesTable({ courses, loading }: { courses: readonly UserCourse[] | undefined; loading: boolean }) {
  const t = instructorsText.useT();
  return (
    <DataTable
      label={t('instructorCourses')}
      columns={columnsOf(t)}
      rows={courses}
      rowKey={(course) => course.id}
      emptyMessage={t('noInstructorCourses')}
      loading={loading}
      minWidth={720}
    />
  );
}
