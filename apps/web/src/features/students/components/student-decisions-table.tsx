import type { StudentDecision } from '@srs/shared/students';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { studentPageText } from '../messages.ts';
import { SeriesLink } from './series-link.tsx';

type Props = { studentId: number; decisions: readonly StudentDecision[] | undefined; loading: boolean };

/** The decisions tab of a student: every decision of every enrollment, newest first. */
export function StudentDecisionsTable({ studentId, decisions, loading }: Props) {
  const t = studentPageText.useT();
  const columns: Column<StudentDecision>[] = [
    { key: 'date', header: t('dateHeader'), render: (d) => formatDate(d.date) },
    { key: 'decision', header: t('decisionHeader'), render: (d) => d.decision_option_name },
    {
      key: 'series',
      header: t('seriesHeader'),
      render: (d) => (
        <SeriesLink
          studentId={studentId}
          enrollmentId={d.enrollment_id}
          seriesType={d.series_type}
          name={d.series_name}
        />
      ),
    },
    { key: 'context', header: t('recordedForHeader'), render: (d) => d.context_label },
  ];
  return (
    <DataTable
      label={t('decisions')}
      columns={columns}
      rows={decisions}
      rowKey={(d) => d.id}
      emptyMessage={t('noDecisions')}
      loading={loading}
      minWidth={640}
      nowrap
    />
  );
}
