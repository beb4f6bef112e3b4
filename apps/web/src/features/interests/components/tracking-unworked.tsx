import { Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { AwaitingContactRow, UnworkedBucket } from '@srs/shared/interest-tracking';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { schoolLabel } from '../tracking-params.ts';

const number = (value: number) => value.toLocaleString('en-US');
const days = (value: number | null) => (value === null ? '-' : `${number(value)} ${value === 1 ? 'day' : 'days'}`);

const bucketColumns: Column<UnworkedBucket>[] = [
  { key: 'label', header: 'Waiting since received', render: (row) => row.label },
  { key: 'count', header: 'New interests', render: (row) => number(row.count) },
  { key: 'oldest', header: 'Oldest received on', render: (row) => formatDate(row.oldest_received_on) },
];

/** The new interests nobody has assigned or closed, by how long ago they arrived, with the total. */
export function UnworkedBuckets({ buckets }: { buckets: UnworkedBucket[] }) {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <>
      <DataTable
        label="New interests by days since received"
        columns={bucketColumns}
        rows={buckets}
        rowKey={(row) => row.key}
        emptyMessage="No new interests."
        scroll="page"
      />
      <Text size="sm" fw={700} mt="xs">
        {total === 0
          ? 'Every interest received has been assigned or closed.'
          : `${number(total)} new ${total === 1 ? 'interest' : 'interests'} in all`}
      </Text>
    </>
  );
}

const awaitingColumns: Column<AwaitingContactRow>[] = [
  { key: 'school', header: 'School', render: (row) => schoolLabel(row.school, 'No school') },
  { key: 'count', header: 'Not contacted yet', render: (row) => number(row.count) },
  { key: 'oldest', header: 'Oldest assigned on', render: (row) => formatDate(row.oldest_assigned_at) },
  { key: 'days', header: 'Oldest waiting', render: (row) => days(row.days_waiting) },
];

/** Per school, the interests assigned to it that nobody has contacted yet, the longest waiting first. */
export function AwaitingContact({ rows }: { rows: AwaitingContactRow[] }) {
  return (
    <DataTable
      label="Interests assigned and not contacted yet, by school"
      columns={awaitingColumns}
      rows={rows}
      rowKey={(row) => row.school?.id ?? 'none'}
      emptyMessage="Every interest assigned to a school has been contacted."
      scroll="page"
    />
  );
}
