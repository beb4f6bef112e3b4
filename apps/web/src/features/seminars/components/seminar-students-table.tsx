import { Anchor } from '@mantine/core';
import type { SeminarStudent } from '@srs/shared/seminars';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { personName, schoolLabel } from '../format.ts';
import { SeminarStatusBadge } from './seminar-status-badge.tsx';

type Props = {
  label: string;
  students: readonly SeminarStudent[] | undefined;
  loading: boolean;
  sort?: TableSort;
  emptyMessage?: string;
};

/** A seminar's enrollments: each name opens the enrollment's presentations; orphaned ones are greyed. */
export function SeminarStudentsTable({ label, students, loading, sort, emptyMessage = 'No students found.' }: Props) {
  const columns: Column<SeminarStudent>[] = [
    {
      key: 'name',
      header: 'NAME',
      sortKey: 'name',
      render: (row) => (
        <Anchor
          component={Link}
          to={pathTo('seminar-enrollment', { studentId: row.student.id, enrollmentId: row.enrollment_id }, 'presentations')}
        >
          {personName(row.student)}
        </Anchor>
      ),
    },
    { key: 'registration', header: 'REGISTRATION NUMBER', sortKey: 'registration_number', render: (row) => row.registration_number },
    { key: 'status', header: 'STATUS', sortKey: 'status', render: (row) => <SeminarStatusBadge status={row.status} /> },
    { key: 'school', header: 'SCHOOL', sortKey: 'school', render: (row) => schoolLabel(row.school) },
    { key: 'attended', header: 'ATTENDED', render: (row) => row.attendances_count },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={students}
      rowKey={(row) => row.enrollment_id}
      emptyMessage={emptyMessage}
      loading={loading}
      sort={sort}
      rowStyle={(row) => (row.orphaned ? { opacity: 0.55 } : undefined)}
    />
  );
}
