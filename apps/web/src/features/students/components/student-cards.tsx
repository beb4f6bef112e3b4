import { Anchor, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import type { Student } from '@srs/shared/students';
import { Link } from 'react-router';
import { addressLines, fullName, schoolLabel } from '../format.ts';
import { EnrollmentLines } from './enrollment-lines.tsx';

type Props = { students: readonly Student[] | undefined; loading: boolean };

/** The student search list on phones: one card per student. */
export function StudentCards({ students, loading }: Props) {
  if (!students && !loading) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {messages.failedToLoadContent}
      </Text>
    );
  }
  if (!students || (loading && students.length === 0)) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (students.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {messages.noStudents}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Students">
      {students.map((student) => (
        <Card key={student.id} withBorder padding="sm" component="li">
          <Anchor component={Link} to={`/students/${student.id}`} fw={600}>
            {fullName(student)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {schoolLabel(student.school)} · Created {formatDate(student.created_at)}
          </Text>
          <Text size="sm">Instructor: {fullName(student.instructor)}</Text>
          <Text size="sm">{addressLines(student).join(', ') || '-'}</Text>
          <Stack mt={6} gap={4}>
            <EnrollmentLines
              studentId={student.id}
              enrollments={[...student.course_enrollments, ...student.seminar_enrollments]}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
