import { Anchor, Badge } from '@mantine/core';
import type { SeriesSchool } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { useCanOpen } from '../../../lib/site-map/page-match.ts';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { seriesSchoolsQuery } from '../api.ts';
import { coursesText } from '../messages.ts';

const columnsFor = (linked: boolean, t: ReturnType<typeof coursesText.useT>): Column<SeriesSchool>[] => [
  { key: 'code', header: t('codeHeader'), render: (school) => school.school_code },
  {
    key: 'church',
    header: t('churchHeader'),
    render: (school) => (
      <>
        {linked ? (
          <Anchor component={Link} to={recordPath('school', school.id)} size="sm" fw={500}>
            {school.church_name}
          </Anchor>
        ) : (
          school.church_name
        )}{' '}
        {school.hosting && (
          <Badge size="sm" variant="light">
            {t('hosting')}
          </Badge>
        )}
      </>
    ),
  },
  { key: 'city', header: t('cityHeader'), render: (school) => school.church_city ?? '-' },
  { key: 'students', header: t('studentsHeader'), render: (school) => school.students_count },
];

/** GET /series/{id}/schools: the schools offering the series, among those the user sees. */
export function SeriesSchoolsTable({ seriesId, label }: { seriesId: number; label: string }) {
  const t = coursesText.useT();
  const query = useQuery(seriesSchoolsQuery(seriesId));
  const linked = useCanOpen('school');
  return (
    <DataTable
      label={label}
      columns={columnsFor(linked, t)}
      rows={query.data?.schools}
      rowKey={(school) => school.id}
      emptyMessage={t('noSchoolOffers')}
      loading={query.isFetching}
      scroll="page"
    />
  );
}
