import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SeriesType } from '@srs/shared/enrollments';
import type { Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { existingEnrollment } from '../forms/enroll-choices.ts';
import { enrollmentsText } from '../messages.ts';
import { RecordFormButton } from './record-form-button.tsx';

/** Past this many, the offers stay behind the tab's enroll button, whose form filters them. */
export const inlineOffersLimit = 6;

const headings = { Course: 'offersCourses', Seminar: 'offersSeminars' } as const;

/**
 * The courses (or seminars) the student's school offers that the student is not in, each with
 * its Enroll: on a phone, enrolling is that tap and Save.
 */
export function EnrollOffers({ student, type }: { student: Student; type: SeriesType }) {
  const t = enrollmentsText.useT();
  const offered = useQuery(seriesOptionsQuery({ studentId: student.id, type })).data?.series;
  const open = (offered ?? []).filter((series) => !existingEnrollment(student, String(series.id)));
  if (open.length === 0 || open.length > inlineOffersLimit) return null;
  return (
    <Stack gap="xs" mt="md" component="section" aria-label={t(headings[type])}>
      <Title order={3} size="h5">
        {t(headings[type])}
      </Title>
      {open.map((series) => (
        <Paper key={series.id} withBorder p="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={500}>
              {series.name}
            </Text>
            <RecordFormButton
              target={{ kind: 'enroll', studentId: student.id, seriesType: type, seriesId: series.id }}
              name={t('enrollIn', { name: series.name })}
            >
              {t('enroll')}
            </RecordFormButton>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
