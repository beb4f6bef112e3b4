import { Badge, Button, Stack, Text } from '@mantine/core';
import type { UnassignedInterest } from '@srs/shared/interests';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { formatDate, relativeDays } from '../../../i18n/format.ts';
import { personName, placeOf, schoolName } from '../format.ts';
import { type InterestsT, interestsText } from '../messages.ts';

/** Where the suggestion comes from, in words: the school claimed the zip, or how far it is. */
export function suggestionReason(school: { claimed: boolean; distance_miles: number | null }): string {
  if (school.claimed) return interestsText.t('claimedZip');
  return school.distance_miles === null
    ? interestsText.t('offersCourse')
    : interestsText.t('milesAway', { miles: String(school.distance_miles) });
}

function columnsOf(t: InterestsT, onAssign: (interest: UnassignedInterest) => void): Column<UnassignedInterest>[] {
  return [
    { key: 'name', header: t('nameHeader'), sortKey: 'name', render: (interest) => personName(interest) },
    { key: 'place', header: t('placeHeader'), render: (interest) => placeOf(interest) || '-' },
    { key: 'series', header: t('askedForHeader'), render: (interest) => interest.series?.name ?? '-' },
    {
      key: 'received',
      header: t('receivedHeader'),
      sortKey: 'received_on',
      render: (interest) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(interest.received_on)}</Text>
          <Text size="xs" c="dimmed">
            {relativeDays(interest.received_on)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'suggested',
      header: t('suggestedSchoolHeader'),
      render: (interest) => {
        const school = interest.suggested_school;
        if (!school) {
          return (
            <Text size="sm" c="dimmed">
              {interest.series && interest.zip_code ? t('noSchoolNearby') : t('needsCourseAndZip')}
            </Text>
          );
        }
        return (
          <Stack gap={0}>
            <Text size="sm">{schoolName(school)}</Text>
            <Text size="xs" c="dimmed">
              {suggestionReason(school)}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'duplicates',
      header: t('alreadyStudentHeader'),
      render: (interest) =>
        interest.likely_duplicates > 0 ? (
          <Badge color="yellow" variant="light">
            {t('likely', { count: interest.likely_duplicates })}
          </Badge>
        ) : (
          '-'
        ),
    },
    {
      key: 'assign',
      header: t('assignHeader'),
      render: (interest) => (
        <Button size="xs" variant="light" onClick={() => onAssign(interest)} aria-label={t('assignName', { name: personName(interest) })}>
          {t('assignEllipsis')}
        </Button>
      ),
    },
  ];
}

type Props = {
  interests: readonly UnassignedInterest[] | undefined;
  loading: boolean;
  sort: TableSort;
  onAssign: (interest: UnassignedInterest) => void;
};

export function UnassignedTable({ interests, loading, sort, onAssign }: Props) {
  const t = interestsText.useT();
  return (
    <DataTable
      label={t('interestsToAssign')}
      columns={columnsOf(t, onAssign)}
      rows={interests}
      rowKey={(interest) => interest.id}
      emptyMessage={t('everyInterestAssigned')}
      loading={loading}
      sort={sort}
      scroll="page"
    />
  );
}
