import { ActionIcon, Group, Menu, Stack, Text, Title } from '@mantine/core';
import type { StudentDetail } from '@srs/shared/students';
import { IconDotsVertical, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { fullName, schoolLabel } from '../format.ts';
import { DeleteStudentModal } from './delete-student-modal.tsx';
import { HistoryLink } from '../../../components/history-link.tsx';

export function StudentHeading({ student }: { student: StudentDetail }) {
  // The server says whether this user may delete the student (an admin of the student's school).
  const canDelete = student.permissions.destroy;
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap={2} mb="md">
      <Group gap={4} wrap="nowrap" align="center">
        <Title order={1} size="h2">
          {fullName(student)}
        </Title>
        {canDelete && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Student actions">
                <IconDotsVertical size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                Delete student
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="md">
        <Text size="sm" c="dimmed">
          School: {schoolLabel(student.school)}
        </Text>
        <Text size="sm" c="dimmed">
          Instructor: {fullName(student.instructor)}
        </Text>
        <HistoryLink itemType="Student" itemId={student.id} />
      </Group>
      {canDelete && <DeleteStudentModal student={student} opened={deleting} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}
