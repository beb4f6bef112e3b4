import { Group, Stack, Text, Title } from '@mantine/core';
import type { SeriesDetail } from '@srs/shared/series';
import { schoolLabel } from '../format.ts';
import { HistoryLink } from '../../../components/history-link.tsx';

/** The seminar's name, its hosting school and place, and its students by status. */
export function SeminarHeading({ seminar }: { seminar: SeriesDetail }) {
  const counts = seminar.status_counts;
  return (
    <Stack gap={2} mb="md">
      <Title order={1} size="h2">
        {seminar.name}
      </Title>
      <Group gap="md">
        {seminar.school && (
          <Text size="sm" c="dimmed">
            Held by {schoolLabel(seminar.school)}
          </Text>
        )}
        {seminar.location && (
          <Text size="sm" c="dimmed">
            At {seminar.location}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {seminar.students_count} {seminar.students_count === 1 ? 'student' : 'students'}: {counts.Applied} applied,{' '}
          {counts.Attended} attended
        </Text>
        <HistoryLink itemType="Series" itemId={seminar.id} />
      </Group>
    </Stack>
  );
}
