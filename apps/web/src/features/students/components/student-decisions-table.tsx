import { formatDate } from '@srs/shared/dates';
import type { StudentDecision } from '@srs/shared/students';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { SeriesLink } from './series-link.tsx';

export const noDecisionsMessage = 'No decisions recorded.';

type Props = { studentId: number; decisions: readonly StudentDecision[] | undefined; loading: boolean };

/** The decisions tab of a student: every decision of every enrollment, newest first. */
export function StudentDecisionsTable({ studentId, decisions, loading }: Props) {
  const columns: Column<StudentDecision>[] = [
    { key: 'date', header: 'DATE', render: (d) => formatDate(d.date) },
    { key: 'decision', header: 'DECISION', render: (d) => d.decision_option_name },
    {
      key: 'series',
      header: 'SERIES',
      render: (d) => (
        <SeriesLink
          studentId={studentId}
          enrollmentId={d.enrollment_id}
          seriesType={d.series_type}
          name={d.series_name}
        />
      ),
    },
    { key: 'context', header: 'RECORDED FOR', render: (d) => d.context_label },
  ];
  return (
    <DataTable
      label="Decisions"
      columns={columns}
      rows={decisions}
      rowKey={(d) => d.id}
      emptyMessage={noDecisionsMessage}
      loading={loading}
      minWidth={640}
      nowrap
    />
  );
}
