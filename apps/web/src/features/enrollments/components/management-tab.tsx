import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { enrollmentsText } from '../messages.ts';
import { DecisionsSummary } from './decisions-summary.tsx';
import { DeleteEnrollment } from './delete-enrollment.tsx';
import { fullName, schoolLabel } from './enrollment-format.ts';
import { StatusSelect } from './status-select.tsx';

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </Stack>
  );
}

/** The management tab: status, the student's instructor and school, the decisions summary, deletion. */
export function ManagementTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = enrollmentsText.useT();
  return (
    <Stack gap="lg">
      <StatusSelect enrollment={enrollment} />
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
        <ReadOnlyField label={t('instructor')} value={fullName(enrollment.instructor)} />
        <ReadOnlyField label={t('school')} value={schoolLabel(enrollment.school)} />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('decisionsSummary')}
        </Title>
        <DecisionsSummary enrollmentId={enrollment.id} />
      </Stack>
      <DeleteEnrollment enrollment={enrollment} />
    </Stack>
  );
}
