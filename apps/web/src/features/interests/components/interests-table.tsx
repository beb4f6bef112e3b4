import { Anchor, Stack, Text } from '@mantine/core';
import { type Interest, interestSourceLabels } from '@srs/shared/interests';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { personName, placeOf, schoolName } from '../format.ts';
import { type InterestsT, interestsText } from '../messages.ts';
import { type InterestDialog, InterestActions } from './interest-actions.tsx';
import { InterestStatusBadge } from './interest-status-badge.tsx';

/** The sorts a phone offers, in the language of the moment. */
export const interestSortOptions = () => [
  { value: 'received_on', label: interestsText.t('sortReceived') },
  { value: 'name', label: interestsText.t('sortName') },
  { value: 'status', label: interestsText.t('sortStatus') },
];

function columnsOf(t: InterestsT, onDialog: (dialog: InterestDialog) => void): Column<Interest>[] {
  return [
    {
      key: 'name',
      header: t('nameHeader'),
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
    { key: 'place', header: t('placeHeader'), render: (interest) => placeOf(interest) || '-' },
    { key: 'series', header: t('askedForHeader'), render: (interest) => interest.series?.name ?? '-' },
    { key: 'received', header: t('receivedHeader'), sortKey: 'received_on', render: (interest) => formatDate(interest.received_on) },
    { key: 'source', header: t('sourceHeader'), render: (interest) => sharedText(interestSourceLabels[interest.source]) },
    {
      key: 'status',
      header: t('statusHeader'),
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
    { key: 'actions', header: t('actionsHeader'), render: (interest) => <InterestActions interest={interest} onDialog={onDialog} />, width: 80 },
  ];
}

type Props = {
  interests: readonly Interest[] | undefined;
  loading: boolean;
  sort: TableSort;
  onDialog: (dialog: InterestDialog) => void;
};

export function InterestsTable({ interests, loading, sort, onDialog }: Props) {
  const t = interestsText.useT();
  return (
    <DataTable
      label={t('interests')}
      columns={columnsOf(t, onDialog)}
      rows={interests}
      rowKey={(interest) => interest.id}
      emptyMessage={t('noInterestsMatch')}
      loading={loading}
      sort={sort}
      scroll="page"
    />
  );
}
