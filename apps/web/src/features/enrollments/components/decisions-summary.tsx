import { formatDate } from '@srs/shared/dates';
import type { DecisionSummaryItem } from '@srs/shared/enrollments';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { decisionsSummaryQuery } from '../api.ts';

const columns: readonly Column<DecisionSummaryItem>[] = [
  { key: 'name', header: 'DECISION', render: (item) => item.name },
  {
    key: 'decided',
    header: 'DECIDED',
    render: (item) =>
      item.decided ? (
        <IconCheck size={18} color="var(--mantine-color-green-filled)" aria-label="Decided" role="img" />
      ) : (
        <span aria-label="Not decided">-</span>
      ),
  },
  { key: 'count', header: 'COUNT', render: (item) => item.decisions_count },
  { key: 'first', header: 'FIRST DATE', render: (item) => formatDate(item.first_decided_on) },
];

/** Every decision option of the series: decided or not, how often, and since when. */
export function DecisionsSummary({ enrollmentId }: { enrollmentId: number }) {
  const summary = useQuery(decisionsSummaryQuery(enrollmentId));
  return (
    <DataTable
      label="Decisions summary"
      columns={columns}
      rows={summary.data?.decision_options}
      rowKey={(item) => item.id}
      emptyMessage="This series has no decision options."
      loading={summary.isLoading}
      minWidth={440}
      nowrap
    />
  );
}
