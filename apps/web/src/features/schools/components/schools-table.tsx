import { Anchor, Badge } from '@mantine/core';
import type { School } from '@srs/shared/schools';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { type SchoolsT, schoolsText } from '../messages.ts';

const columnsOf = (t: SchoolsT): readonly Column<School>[] => [
  { key: 'code', header: t('codeHeader'), sortKey: 'school_code', render: (school) => `#${school.school_code}` },
  {
    key: 'church',
    header: t('churchNameHeader'),
    sortKey: 'church_name',
    render: (school) => (
      <Anchor size="sm" component={Link} to={recordPath('school', school.id)} fw={500}>
        {school.church_name}
      </Anchor>
    ),
  },
  {
    key: 'city',
    header: t('cityHeader'),
    sortKey: 'city',
    render: (school) =>
      [school.school_city ?? school.church_city, school.school_state ?? school.church_state]
        .filter(Boolean)
        .join(', ') || '-',
  },
  { key: 'conference', header: t('conferenceHeader'), render: (school) => school.conference.name },
  { key: 'students', header: t('studentsHeader'), sortKey: 'students_count', render: (school) => school.students_count },
  {
    key: 'active',
    header: t('statusHeader'),
    render: (school) => (
      <Badge variant="light" color={school.active ? 'green' : 'gray'}>
        {school.active ? t('active') : t('inactive')}
      </Badge>
    ),
  },
];

type Props = { schools: readonly School[] | undefined; loading: boolean; sort: TableSort };

export function SchoolsTable({ schools, loading, sort }: Props) {
  const t = schoolsText.useT();
  return (
    <DataTable
      label={t('schools')}
      columns={columnsOf(t)}
      rows={schools}
      rowKey={(school) => school.id}
      emptyMessage={t('noSchools')}
      loading={loading}
      sort={sort}
      minWidth={720}
    />
  );
}
