import { Anchor } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeminarStudent } from '@srs/shared/seminars';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { personName, schoolLabel } from '../format.ts';
import { seminarsText } from '../messages.ts';
import { SeminarStatusBadge } from './seminar-status-badge.tsx';

type Props = {
  label: string;
  students: readonly SeminarStudent[] | undefined;
  loading: boolean;
  sort?: TableSort;
  emptyMessage?: string;
};

/** A seminar's enrollments: each name opens the enrollment's presentations; orphaned ones are greyed. */
export function SeminarStudentsTable({ label, students, loading, sort, emptyMessage }: Props) {
  const t = seminarsText.useT();
  const shared = useSharedText();
  const columns: Column<SeminarStudent>[] = [
    {
      key: 'name',
      header: t('nameHeader'),
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
    { key: 'registration', header: t('registrationHeader'), sortKey: 'registration_number', render: (row) => row.registration_number },
    { key: 'status', header: t('statusHeader'), sortKey: 'status', render: (row) => <SeminarStatusBadge status={row.status} /> },
    { key: 'school', header: t('schoolHeader'), sortKey: 'school', render: (row) => schoolLabel(row.school) },
    { key: 'attended', header: t('attendedHeader'), render: (row) => row.attendances_count },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={students}
      rowKey={(row) => row.enrollment_id}
      emptyMessage={emptyMessage ?? shared(messages.noStudents)}
      loading={loading}
      sort={sort}
      rowStyle={(row) => (row.orphaned ? { opacity: 0.55 } : undefined)}
    />
  );
}
