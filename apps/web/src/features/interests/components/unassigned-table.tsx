import { Badge, Button, Stack, Text } from '@mantine/core';
import { formatDate, relativeDays } from '@srs/shared/dates';
import type { UnassignedInterest } from '@srs/shared/interests';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { personName, placeOf, schoolName } from '../format.ts';

/** Where the suggestion comes from, in words: the school claimed the zip, or how far it is. */
export function suggestionReason(school: { claimed: boolean; distance_miles: number | null }): string {
  if (school.claimed) return 'Claimed this zip code';
  return school.distance_miles === null ? 'Offers the course' : `${school.distance_miles} miles away`;
}

function columnsOf(onAssign: (interest: UnassignedInterest) => void): Column<UnassignedInterest>[] {
  return [
    { key: 'name', header: 'NAME', sortKey: 'name', render: (interest) => personName(interest) },
    { key: 'place', header: 'PLACE', render: (interest) => placeOf(interest) || '-' },
    { key: 'series', header: 'ASKED FOR', render: (interest) => interest.series?.name ?? '-' },
    {
      key: 'received',
      header: 'RECEIVED',
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
      header: 'SUGGESTED SCHOOL',
      render: (interest) => {
        const school = interest.suggested_school;
        if (!school) {
          return (
            <Text size="sm" c="dimmed">
              {interest.series && interest.zip_code ? 'No school offers it nearby' : 'Needs a course and a zip code'}
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
      header: 'ALREADY A STUDENT?',
      render: (interest) =>
        interest.likely_duplicates > 0 ? (
          <Badge color="yellow" variant="light">
            {interest.likely_duplicates === 1 ? 'Likely' : `${interest.likely_duplicates} likely`}
          </Badge>
        ) : (
          '-'
        ),
    },
    {
      key: 'assign',
      header: 'ASSIGN',
      render: (interest) => (
        <Button size="xs" variant="light" onClick={() => onAssign(interest)} aria-label={`Assign ${personName(interest)}`}>
          Assign…
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
  return (
    <DataTable
      label="Interests to assign"
      columns={columnsOf(onAssign)}
      rows={interests}
      rowKey={(interest) => interest.id}
      emptyMessage="Every interest is assigned."
      loading={loading}
      sort={sort}
      scroll="page"
    />
  );
}
