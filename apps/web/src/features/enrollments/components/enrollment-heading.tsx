import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import { type EnrollmentDetail, lessonSentLabel } from '@srs/shared/enrollments';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { fullName } from './enrollment-format.ts';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';
import { FollowupBadge } from '../../../components/followup-badge.tsx';
import { HistoryLink } from '../../../components/history-link.tsx';

export const orphanedNote = "This enrollment is orphaned: the student's school does not offer this series.";

/** DOMAIN.md: the history of an orphaned enrollment is kept; the page says why it is greyed elsewhere. */
export function OrphanedNote() {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note" p="xs" mb="sm">
      {orphanedNote}
    </Alert>
  );
}

/** The student, the series, the registration number, the status and where the course stands. */
export function EnrollmentHeading({ enrollment }: { enrollment: EnrollmentDetail }) {
  const isCourse = enrollment.series_type === 'Course';
  return (
    <Stack gap={6} mb="md">
      <Title order={1} size="h2">
        <Anchor component={Link} to={studentPath(enrollment.student.id)} inherit>
          {fullName(enrollment.student)}
        </Anchor>
      </Title>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{enrollment.series_name}</Text>
        <Text c="dimmed" size="sm">
          Registration number {enrollment.registration_number}
        </Text>
        <EnrollmentStatusBadge status={enrollment.status} />
        {isCourse && (
          <>
            <Badge variant="light" color="blue">{lessonSentLabel(enrollment.lesson_number)}</Badge>
            <Text size="sm" c="dimmed">
              Last sent {formatDate(enrollment.last_sent_delivery?.date_sent)}
            </Text>
          </>
        )}
        <FollowupBadge reason={enrollment.followup_reason} />
        <HistoryLink itemType="Enrollment" itemId={enrollment.id} />
      </Group>
    </Stack>
  );
}
