import { Text } from '@mantine/core';
import type { AwaitingContactRow, UnworkedBucket } from '@srs/shared/interest-tracking';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatDate, formatNumber } from '../../../i18n/format.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { type InterestsT, interestsText } from '../messages.ts';
import { schoolLabel } from '../tracking-params.ts';

const bucketColumnsOf = (t: InterestsT): Column<UnworkedBucket>[] => [
  // The buckets' names ('0–7 days') are packages/shared's.
  { key: 'label', header: t('waitingSinceReceived'), render: (row) => sharedText(row.label) },
  { key: 'count', header: t('newInterests'), render: (row) => formatNumber(row.count) },
  { key: 'oldest', header: t('oldestReceivedOn'), render: (row) => formatDate(row.oldest_received_on) },
];

/** The new interests nobody has assigned or closed, by how long ago they arrived, with the total. */
export function UnworkedBuckets({ buckets }: { buckets: UnworkedBucket[] }) {
  const t = interestsText.useT();
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <>
      <DataTable
        label={t('unworkedByDays')}
        columns={bucketColumnsOf(t)}
        rows={buckets}
        rowKey={(row) => row.key}
        emptyMessage={t('noNewInterests')}
        scroll="page"
      />
      <Text size="sm" fw={700} mt="xs">
        {total === 0 ? t('everyInterestWorked') : t('newInAll', { count: total })}
      </Text>
    </>
  );
}

const awaitingColumnsOf = (t: InterestsT): Column<AwaitingContactRow>[] => [
  { key: 'school', header: t('school'), render: (row) => schoolLabel(row.school, t('noSchool')) },
  { key: 'count', header: t('notContactedYet'), render: (row) => formatNumber(row.count) },
  { key: 'oldest', header: t('oldestAssignedOn'), render: (row) => formatDate(row.oldest_assigned_at) },
  { key: 'days', header: t('oldestWaiting'), render: (row) => (row.days_waiting === null ? '-' : t('days', { count: row.days_waiting })) },
];

/** Per school, the interests assigned to it that nobody has contacted yet, the longest waiting first. */
export function AwaitingContact({ rows }: { rows: AwaitingContactRow[] }) {
  const t = interestsText.useT();
  return (
    <DataTable
      label={t('awaitingBySchool')}
      columns={awaitingColumnsOf(t)}
      rows={rows}
      rowKey={(row) => row.school?.id ?? 'none'}
      emptyMessage={t('everyAssignedContacted')}
      scroll="page"
    />
  );
}
