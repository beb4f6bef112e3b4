import { messages } from '@srs/shared/messages';
import type { SeriesItem } from '@srs/shared/series';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { coursesText } from '../messages.ts';
import { SeriesName } from './series-name.tsx';

type Props = {
  seminars: readonly SeriesItem[] | undefined;
  loading: boolean;
  /** Seminar names link to their detail only for admins (SPEC section 2). */
  linkNames: boolean;
  sort?: TableSort;
  dashboard?: boolean;
};

export function SeminarsTable({ seminars, loading, linkNames, sort, dashboard = false }: Props) {
  const t = coursesText.useT();
  const shared = useSharedText();
  const columns: Column<SeriesItem>[] = [
    {
      key: 'name',
      header: t('seminarHeader'),
      sortKey: 'name',
      render: (seminar) => <SeriesName series={seminar} linked={linkNames} />,
    },
    {
      key: 'school',
      header: t('schoolHeader'),
      render: (seminar) => (seminar.school ? `(#${seminar.school.school_code}) ${seminar.school.church_name}` : '-'),
    },
    ...(dashboard
      ? []
      : [{ key: 'presentations', header: t('presentationsHeader'), render: (seminar: SeriesItem) => seminar.episodes_count }]),
    {
      key: 'students',
      header: t('studentsHeader'),
      sortKey: 'students_count',
      render: (seminar) => seminar.students_count,
    },
  ];
  return (
    <DataTable
      label={t('seminars')}
      columns={columns}
      rows={seminars}
      rowKey={(seminar) => seminar.id}
      emptyMessage={shared(messages.noSeminars)}
      loading={loading}
      fixedHeight={dashboard}
      {...(sort ? { sort } : {})}
    />
  );
}
