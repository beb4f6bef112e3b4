import type { UserCourse } from '@srs/shared/users';
import { type Column, DataTable } from '../../../components/data-table.tsx';

const count = (key: keyof UserCourse['status_counts'], header: string): Column<UserCourse> => ({
  key,
  header,
  render: (course) => course.status_counts[key],
});

const columns: Column<UserCourse>[] = [
  { key: 'name', header: 'NAME', render: (course) => course.name },
  { key: 'type', header: 'TYPE', render: (course) => course.type },
  { key: 'students', header: 'STUDENTS', render: (course) => course.students_count },
  count('Applied', 'APPLIED'),
  count('Enrolled', 'ENROLLED'),
  count('Attended', 'ATTENDED'),
  count('Graduated', 'GRADUATED'),
  count('Inactive', 'INACTIVE'),
];

/** The courses tab: what the instructor's students take, by status. */
export function UserCoursesTable({ courses, loading }: { courses: readonly UserCourse[] | undefined; loading: boolean }) {
  return (
    <DataTable
      label="Courses and seminars of the instructor's students"
      columns={columns}
      rows={courses}
      rowKey={(course) => course.id}
      emptyMessage="None of the instructor's students takes a course or seminar yet."
      loading={loading}
      minWidth={720}
    />
  );
}
