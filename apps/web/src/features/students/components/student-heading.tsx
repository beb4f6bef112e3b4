import { Group, Stack, Text, Title } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { fullName, schoolLabel } from '../format.ts';

export function StudentHeading({ student }: { student: Student }) {
  return (
    <Stack gap={2} mb="md">
      <Title order={1} size="h2">
        {fullName(student)}
      </Title>
      <Group gap="md">
        <Text size="sm" c="dimmed">
          School: {schoolLabel(student.school)}
        </Text>
        <Text size="sm" c="dimmed">
          Instructor: {fullName(student.instructor)}
        </Text>
      </Group>
    </Stack>
  );
}
