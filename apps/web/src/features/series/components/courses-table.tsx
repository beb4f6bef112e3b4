import { Badge } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeriesItem } from '@srs/shared/series';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { coursesText } from '../messages.ts';
import { SeriesName } from './series-name.tsx';

type Props = {
  courses: readonly SeriesItem[] | undefined;
  loading: boolean;
  /** Course names link to their detail only for admins (SPEC section 2). */
  linkNames: boolean;
  sort?: TableSort;
  dashboard?: boolean;
};

export function CoursesTable({ courses, loading, linkNames, sort, dashboard = false }: Props) {
  const t = coursesText.useT();
  const shared = useSharedText();
  const name: Column<SeriesItem> = {
    key: 'name',
    header: t('courseHeader'),
    sortKey: 'name',
    render: (course) => <SeriesName series={course} linked={linkNames} />,
  };
  const students: Column<SeriesItem> = {
    key: 'students',
    header: t('studentsHeader'),
    sortKey: 'students_count',
    render: (course) => course.students_count,
  };
  const columns: Column<SeriesItem>[] = dashboard
    ? // SPEC section 2: the dashboard's needing-follow-up column is shown as a dash.
      [name, students, { key: 'followup', header: t('needingFollowupHeader'), render: () => '-' }]
    : [
        name,
        {
          key: 'priority',
          header: t('priorityHeader'),
          sortKey: 'priority',
          render: (course) => (course.priority ? <Badge variant="light">{t('priority')}</Badge> : '-'),
        },
        { key: 'lessons', header: t('lessonsHeader'), render: (course) => course.episodes_count },
        students,
      ];
  return (
    <DataTable
      label={t('courses')}
      columns={columns}
      rows={courses}
      rowKey={(course) => course.id}
      emptyMessage={shared(messages.noCourses)}
      loading={loading}
      fixedHeight={dashboard}
      {...(sort ? { sort } : {})}
    />
  );
}
