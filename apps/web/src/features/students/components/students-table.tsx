import { Anchor, Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import type { SortState } from '../../../components/list-params.ts';
import { addressLines, fullName, schoolLabel } from '../format.ts';
import { EnrollmentLines } from './enrollment-lines.tsx';

const columns: readonly Column<Student>[] = [
  {
    key: 'name',
    header: 'NAME',
    sortKey: 'name',
    render: (student) => (
      <Anchor size="sm" component={Link} to={`/students/${student.id}`} fw={500}>
        {fullName(student)}
      </Anchor>
    ),
  },
  {
    key: 'enrollments',
    header: 'ENROLLMENTS',
    render: (student) => (
      <EnrollmentLines
        studentId={student.id}
        enrollments={[...student.course_enrollments, ...student.seminar_enrollments]}
      />
    ),
  },
  {
    key: 'address',
    header: 'ADDRESS',
    sortKey: 'address',
    render: (student) =>
      addressLines(student).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      )),
  },
  { key: 'created', header: 'CREATED', sortKey: 'created_at', render: (student) => formatDate(student.created_at) },
  { key: 'instructor', header: 'INSTRUCTOR', sortKey: 'instructor', render: (student) => fullName(student.instructor) },
  { key: 'school', header: 'SCHOOL', sortKey: 'school', render: (student) => schoolLabel(student.school) },
];

type Props = {
  students: readonly Student[] | undefined;
  loading: boolean;
  sort: SortState;
  onSort: (column: string) => void;
};

/** The student search list (SPEC section 2). */
export function StudentsTable({ students, loading, sort, onSort }: Props) {
  return (
    <DataTable
      label="Students"
      columns={columns}
      rows={students}
      rowKey={(student) => student.id}
      emptyMessage={messages.noStudents}
      loading={loading}
      sort={{ state: sort, onSort }}
      height={600}
      minWidth={960}
    />
  );
}
