import { Anchor, Checkbox, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import type { SortState } from '../../../components/list-params.ts';
import { sortOptionsOf } from '../../../components/sort-select.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { addressLines, fullName, schoolLabel } from '../format.ts';
import { studentsText } from '../messages.ts';
import { EnrollmentLines } from './enrollment-lines.tsx';
import type { StudentSelection } from './use-student-selection.ts';
import { pathTo } from '../../../lib/site-map/paths.ts';

type Translate = ReturnType<typeof studentsText.useT>;

/**
 * The search list's columns, headed as SPEC section 2 has them in English (NAME, ENROLLMENTS,
 * ADDRESS, CREATED, INSTRUCTOR, SCHOOL) and in the reader's language otherwise; the phones' sort
 * picker reads the same headings.
 */
const columnsOf = (t: Translate): readonly Column<Student>[] => [
  {
    key: 'name',
    header: t('headingName'),
    sortKey: 'name',
    render: (student) => (
      <Anchor size="sm" component={Link} to={pathTo('student', { studentId: student.id })} fw={500}>
        {fullName(student)}
      </Anchor>
    ),
  },
  {
    key: 'enrollments',
    header: t('headingEnrollments'),
    render: (student) => (
      <EnrollmentLines
        studentId={student.id}
        enrollments={[...student.course_enrollments, ...student.seminar_enrollments]}
      />
    ),
  },
  {
    key: 'address',
    header: t('headingAddress'),
    sortKey: 'address',
    render: (student) =>
      addressLines(student).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      )),
  },
  { key: 'created', header: t('headingCreated'), sortKey: 'created_at', render: (student) => formatDate(student.created_at) },
  { key: 'instructor', header: t('headingInstructor'), sortKey: 'instructor', render: (student) => fullName(student.instructor) },
  { key: 'school', header: t('headingSchool'), sortKey: 'school', render: (student) => schoolLabel(student.school) },
];

/** The same sorts on phones, where the list is cards without headers. */
export function useStudentSortOptions() {
  const t = studentsText.useT();
  return useMemo(() => sortOptionsOf(columnsOf(t)), [t]);
}

type Props = {
  students: readonly Student[] | undefined;
  loading: boolean;
  /** Why the list could not load, in the server's words (a refused search). */
  failedMessage?: string;
  sort: SortState;
  onSort: (column: string) => void;
  selection?: StudentSelection;
};

/** The student search list (SPEC section 2). */
export function StudentsTable({ students, loading, failedMessage, sort, onSort, selection }: Props) {
  const t = studentsText.useT();
  const shared = useSharedText();
  const columns = useMemo(() => columnsOf(t), [t]);
  const selectColumn: Column<Student> | null = selection
    ? {
        key: 'select',
        header: '',
        width: 36,
        render: (student) => (
          <Checkbox
            aria-label={t('selectStudent', { name: fullName(student) })}
            checked={selection.isSelected(student.id)}
            onChange={() => selection.toggle(student)}
          />
        ),
      }
    : null;
  return (
    <DataTable
      label={t('students')}
      columns={selectColumn ? [selectColumn, ...columns] : columns}
      rows={students}
      rowKey={(student) => student.id}
      emptyMessage={shared(messages.noStudents)}
      loading={loading}
      {...(failedMessage ? { failedMessage } : {})}
      sort={{ state: sort, onSort }}
      rowStyle={(student) =>
        selection?.isSelected(student.id) ? { backgroundColor: 'var(--mantine-color-blue-light)' } : undefined
      }
      height={600}
      minWidth={960}
    />
  );
}
