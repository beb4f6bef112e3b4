import { Group, Stack, Text, Title } from '@mantine/core';
import type { SeriesDetail } from '@srs/shared/series';
import { schoolLabel } from '../format.ts';
import { seminarsText } from '../messages.ts';
import { HistoryLink } from '../../../components/history-link.tsx';

/** The seminar's name, its hosting school and place, and its students by status. */
export function SeminarHeading({ seminar }: { seminar: SeriesDetail }) {
  const t = seminarsText.useT();
  const counts = seminar.status_counts;
  return (
    <Stack gap={2} mb="md">
      <Title order={1} size="h2">
        {seminar.name}
      </Title>
      <Group gap="md">
        {seminar.school && (
          <Text size="sm" c="dimmed">
            {t('heldBy', { school: schoolLabel(seminar.school) })}
          </Text>
        )}
        {seminar.location && (
          <Text size="sm" c="dimmed">
            {t('at', { location: seminar.location })}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('studentCounts', { count: seminar.students_count, applied: counts.Applied, attended: counts.Attended })}
        </Text>
        <HistoryLink itemType="Series" itemId={seminar.id} />
      </Group>
    </Stack>
  );
}
