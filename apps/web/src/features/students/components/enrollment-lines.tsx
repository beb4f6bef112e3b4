import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { EnrollmentSummary } from '@srs/shared/enrollments';
import { Link } from 'react-router';
import { formatDate } from '../../../i18n/format.ts';
import { courseEnrollmentPath, seminarEnrollmentPath } from '../../../lib/site-map/paths.ts';
import { lessonSentText, studentsText } from '../messages.ts';

type Props = { studentId: number; enrollments: readonly EnrollmentSummary[] };

/** SPEC section 2: the enrollment rows of a student in the search list; orphaned ones greyed. */
export function EnrollmentLines({ studentId, enrollments }: Props) {
  if (enrollments.length === 0) return <Text c="dimmed">-</Text>;
  return (
    <Stack gap={4}>
      {enrollments.map((enrollment) => (
        <EnrollmentLine key={enrollment.id} studentId={studentId} enrollment={enrollment} />
      ))}
    </Stack>
  );
}

function EnrollmentLine({ studentId, enrollment }: { studentId: number; enrollment: EnrollmentSummary }) {
  const t = studentsText.useT();
  const isCourse = enrollment.series_type === 'Course';
  const to = isCourse
    ? courseEnrollmentPath(studentId, enrollment.id)
    : seminarEnrollmentPath(studentId, enrollment.id);
  return (
    <Group
      gap={6}
      wrap="wrap"
      c={enrollment.orphaned ? 'dimmed' : undefined}
      opacity={enrollment.orphaned ? 0.6 : 1}
      title={enrollment.orphaned ? t('orphanedEnrollment') : undefined}
      data-orphaned={enrollment.orphaned || undefined}
    >
      <Anchor
        component={Link}
        to={to}
        size="sm"
        c={enrollment.orphaned ? 'dimmed' : undefined}
        className="thumb-link"
      >
        {enrollment.series_name}
      </Anchor>
      {isCourse ? (
        <>
          <Badge
            size="sm"
            variant="light"
            color={enrollment.orphaned ? 'gray' : 'blue'}
            title={lessonSentText(enrollment.lesson_number)}
          >
            {lessonSentText(enrollment.lesson_number)}
          </Badge>
          <Text size="sm" span>
            {formatDate(enrollment.last_sent_delivery?.date_sent)}
          </Text>
        </>
      ) : (
        <Text size="sm" span>
          {enrollment.registration_number}
        </Text>
      )}
    </Group>
  );
}
