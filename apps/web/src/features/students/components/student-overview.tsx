import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { activeStatuses, type EnrollmentSummary } from '@srs/shared/enrollments';
import { type Student, studentFieldLabels } from '@srs/shared/students';
import { Link } from 'react-router';
import { FollowupBadge } from '../../../components/followup-badge.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { courseEnrollmentPath, seminarEnrollmentPath } from '../../../lib/site-map/paths.ts';
import { addressLines, fullName, schoolLabel } from '../format.ts';
import { lessonSentText, studentPageText } from '../messages.ts';
import { FieldList } from './field-list.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * The latest follow-up of any of the student's enrollments. Follow-up is due per enrollment
 * (DOMAIN.md), so the field says it counts them all, and each active enrollment below shows its own.
 */
function latestFollowup(enrollments: readonly EnrollmentSummary[]): string | null {
  const dates = enrollments.map((e) => e.cached_latest_followup_date).filter((d): d is string => Boolean(d));
  return dates.sort().at(-1) ?? null;
}

/** The student at a glance: where they study, how to reach them, their active enrollments. */
export function StudentOverview({ student }: { student: Student }) {
  const t = studentPageText.useT();
  const shared = useSharedText();
  const all = [...student.course_enrollments, ...student.seminar_enrollments];
  const active = all.filter((e) => !e.orphaned && activeStatuses.includes(e.status));
  return (
    <Stack gap="lg">
      <FieldList
        cols={3}
        fields={[
          { label: t('school'), value: schoolLabel(student.school) },
          { label: t('instructor'), value: fullName(student.instructor) },
          { label: t('created'), value: formatDate(student.created_at) },
          { label: shared(studentFieldLabels.email), value: student.email },
          { label: shared(studentFieldLabels.address), value: addressLines(student).join(', ') },
          { label: t('lastFollowupAny'), value: formatDate(latestFollowup(all)) },
        ]}
      />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('activeEnrollments')}
        </Title>
        {active.length === 0 && <Text c="dimmed">{t('noActiveEnrollments')}</Text>}
        {active.map((enrollment) => (
          <Group key={enrollment.id} gap="sm">
            <Anchor
              component={Link}
              to={
                enrollment.series_type === 'Course'
                  ? courseEnrollmentPath(student.id, enrollment.id)
                  : seminarEnrollmentPath(student.id, enrollment.id)
              }
            >
              {enrollment.series_name}
            </Anchor>
            <StatusBadge status={enrollment.status} />
            <Text size="sm" c="dimmed">
              {enrollment.series_type === 'Course'
                ? lessonSentText(enrollment.lesson_number)
                : t('registrationIs', { number: enrollment.registration_number })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('lastFollowupOn', { date: formatDate(enrollment.cached_latest_followup_date) })}
            </Text>
            <FollowupBadge reason={enrollment.followup_reason} />
          </Group>
        ))}
        <Text size="sm" c="dimmed">
          {t('enrollmentsInAll', { count: all.length })}
        </Text>
      </Stack>
    </Stack>
  );
}
