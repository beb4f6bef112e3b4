import { Anchor, Card, Center, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { Link } from 'react-router';
import { formatDate } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { addressLines, fullName, schoolLabel } from '../format.ts';
import { studentsText } from '../messages.ts';
import { EnrollmentLines } from './enrollment-lines.tsx';
import type { StudentSelection } from './use-student-selection.ts';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { useNotLoadedText } from '../../../components/not-loaded.ts';

type Props = { students: readonly Student[] | undefined; loading: boolean; failedMessage?: string; selection?: StudentSelection };

/** The student search list on phones: one card per student. */
export function StudentCards({ students, loading, failedMessage, selection }: Props) {
  const t = studentsText.useT();
  const shared = useSharedText();
  const notLoaded = useNotLoadedText();
  if (!students && !loading) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {notLoaded(failedMessage)}
      </Text>
    );
  }
  if (!students || (loading && students.length === 0)) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (students.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {shared(messages.noStudents)}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('students')}>
      {students.map((student) => (
        <Card
          key={student.id}
          withBorder
          padding="sm"
          component="li"
          bg={selection?.isSelected(student.id) ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selection && (
              <Checkbox
                mt={3}
                aria-label={t('selectStudent', { name: fullName(student) })}
                checked={selection.isSelected(student.id)}
                onChange={() => selection.toggle(student)}
              />
            )}
            <Stack gap={0} miw={0}>
              <Anchor component={Link} to={pathTo('student', { studentId: student.id })} fw={600} className="thumb-link">
                {fullName(student)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('schoolCreated', { school: schoolLabel(student.school), date: formatDate(student.created_at) })}
              </Text>
              <Text size="sm">{t('instructorIs', { name: fullName(student.instructor) })}</Text>
              <Text size="sm">{addressLines(student).join(', ') || '-'}</Text>
              <Stack mt={6} gap={4}>
                <EnrollmentLines
                  studentId={student.id}
                  enrollments={[...student.course_enrollments, ...student.seminar_enrollments]}
                />
              </Stack>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
