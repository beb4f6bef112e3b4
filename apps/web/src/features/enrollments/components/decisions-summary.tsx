import type { DecisionSummaryItem } from '@srs/shared/enrollments';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { decisionsSummaryQuery } from '../api.ts';
import { type DecisionsT, decisionsText } from '../decisions-text.ts';

const columnsOf = (t: DecisionsT): readonly Column<DecisionSummaryItem>[] => [
  { key: 'name', header: t('columnDecision'), render: (item) => item.name },
  {
    key: 'decided',
    header: t('columnDecided'),
    render: (item) =>
      item.decided ? (
        <IconCheck size={18} color="var(--mantine-color-green-filled)" aria-label={t('decided')} role="img" />
      ) : (
        <span aria-label={t('notDecided')}>-</span>
      ),
  },
  { key: 'count', header: t('columnCount'), render: (item) => item.decisions_count },
  { key: 'first', header: t('columnFirstDate'), render: (item) => formatDate(item.first_decided_on) },
];

/** Every decision option of the series: decided or not, how often, and since when. */
export function DecisionsSummary({ enrollmentId }: { enrollmentId: number }) {
  const t = decisionsText.useT();
  const summary = useQuery(decisionsSummaryQuery(enrollmentId));
  return (
    <DataTable
      label={t('summary')}
      columns={columnsOf(t)}
      rows={summary.data?.decision_options}
      rowKey={(item) => item.id}
      emptyMessage={t('noOptions')}
      loading={summary.isLoading}
      minWidth={440}
      nowrap
    />
  );
}
