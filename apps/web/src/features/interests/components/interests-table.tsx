import { Anchor, Stack, Text } from '@mantine/core';
import { type Interest, interestSourceLabels } from '@srs/shared/interests';
import { formatDate } from '@srs/shared/dates';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { personName, placeOf, schoolName } from '../format.ts';
import { type InterestDialog, InterestActions } from './interest-actions.tsx';
import { InterestStatusBadge } from './interest-status-badge.tsx';

export const interestSortOptions = [
  { value: 'received_on', label: 'Received' },
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'Status' },
];

function columnsOf(onDialog: (dialog: InterestDialog) => void): Column<Interest>[] {
  return [
    {
      key: 'name',
      header: 'NAME',
      sortKey: 'name',
      render: (interest) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {personName(interest)}
          </Text>
          {(interest.email || interest.phone) && (
            <Text size="xs" c="dimmed">
              {[interest.email, interest.phone].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'place', header: 'PLACE', render: (interest) => placeOf(interest) || '-' },
    { key: 'series', header: 'ASKED FOR', render: (interest) => interest.series?.name ?? '-' },
    { key: 'received', header: 'RECEIVED', sortKey: 'received_on', render: (interest) => formatDate(interest.received_on) },
    { key: 'source', header: 'SOURCE', render: (interest) => interestSourceLabels[interest.source] },
    {
      key: 'status',
      header: 'STATUS',
      sortKey: 'status',
      render: (interest) => (
        <Stack gap={2} align="flex-start">
          <InterestStatusBadge status={interest.status} />
          {interest.school && (
            <Text size="xs" c="dimmed">
              {schoolName(interest.school)}
            </Text>
          )}
          {interest.student && (
            <Anchor component={Link} to={studentPath(interest.student.id)} size="xs">
              {personName(interest.student)}
            </Anchor>
          )}
          {interest.closed_reason && (
            <Text size="xs" c="dimmed">
              {interest.closed_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'actions', header: 'ACTIONS', render: (interest) => <InterestActions interest={interest} onDialog={onDialog} />, width: 80 },
  ];
}

type Props = {
  interests: readonly Interest[] | undefined;
  loading: boolean;
  sort: TableSort;
  onDialog: (dialog: InterestDialog) => void;
};

export function InterestsTable({ interests, loading, sort, onDialog }: Props) {
  return (
    <DataTable
      label="Interests"
      columns={columnsOf(onDialog)}
      rows={interests}
      rowKey={(interest) => interest.id}
      emptyMessage="No interests match."
      loading={loading}
      sort={sort}
      scroll="page"
    />
  );
}
