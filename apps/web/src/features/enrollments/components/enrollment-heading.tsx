import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { fullName } from './enrollment-format.ts';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';
import { FollowupBadge } from '../../../components/followup-badge.tsx';
import { HistoryLink } from '../../../components/history-link.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { enrollmentsText } from '../messages.ts';

/** DOMAIN.md: the history of an orphaned enrollment is kept; the page says why it is greyed elsewhere. */
export function OrphanedNote() {
  const t = enrollmentsText.useT();
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note" p="xs" mb="sm">
      {t('orphaned')}
    </Alert>
  );
}

/** The student, the series, the registration number, the status and where the course stands. */
export function EnrollmentHeading({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = enrollmentsText.useT();
  const isCourse = enrollment.series_type === 'Course';
  const lessonNumber = enrollment.lesson_number;
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
          {t('registrationNumber', { number: enrollment.registration_number })}
        </Text>
        <EnrollmentStatusBadge status={enrollment.status} />
        {isCourse && (
          <>
            <Badge variant="light" color="blue">
              {lessonNumber >= 1 ? t('lessonSent', { number: lessonNumber }) : t('noLessonSent')}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('lastSent', { date: formatDate(enrollment.last_sent_delivery?.date_sent) })}
            </Text>
          </>
        )}
        <FollowupBadge reason={enrollment.followup_reason} />
        <HistoryLink itemType="Enrollment" itemId={enrollment.id} />
      </Group>
    </Stack>
  );
}
