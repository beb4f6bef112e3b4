import { Anchor, Badge } from '@mantine/core';
import type { School } from '@srs/shared/schools';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { recordPath } from '../../../lib/site-map/paths.ts';

const columns: readonly Column<School>[] = [
  { key: 'code', header: 'CODE', sortKey: 'school_code', render: (school) => `#${school.school_code}` },
  {
    key: 'church',
    header: 'CHURCH NAME',
    sortKey: 'church_name',
    render: (school) => (
      <Anchor size="sm" component={Link} to={recordPath('school', school.id)} fw={500}>
        {school.church_name}
      </Anchor>
    ),
  },
  {
    key: 'city',
    header: 'CITY',
    sortKey: 'city',
    render: (school) =>
      [school.school_city ?? school.church_city, school.school_state ?? school.church_state]
        .filter(Boolean)
        .join(', ') || '-',
  },
  { key: 'conference', header: 'CONFERENCE', render: (school) => school.conference.name },
  { key: 'students', header: 'STUDENTS', sortKey: 'students_count', render: (school) => school.students_count },
  {
    key: 'active',
    header: 'STATUS',
    render: (school) => (
      <Badge variant="light" color={school.active ? 'green' : 'gray'}>
        {school.active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

type Props = { schools: readonly School[] | undefined; loading: boolean; sort: TableSort };

export function SchoolsTable({ schools, loading, sort }: Props) {
  return (
    <DataTable
      label="Schools"
      columns={columns}
      rows={schools}
      rowKey={(school) => school.id}
      emptyMessage="No schools found."
      loading={loading}
      sort={sort}
      minWidth={720}
    />
  );
}
