import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteStudent } from '../api.ts';
import { fullName } from '../format.ts';

export const deletedMessage = 'Deleted successfully.';

type Props = { student: Student; opened: boolean; onClose: () => void };

/** Confirms deleting a student; the server keeps the history (DOMAIN.md, Versions). */
export function DeleteStudentModal({ student, opened, onClose }: Props) {
  const navigate = useNavigate();
  const mutation = useDeleteStudent(student.id);
  const name = fullName(student);
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess(deletedMessage);
        void navigate('/students', { replace: true });
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Delete student">
      <Stack>
        <Text size="sm">
          Delete <strong>{name}</strong>? {student.first_name} leaves the student lists with their enrollments, lessons,
          visits, reminders, decisions, products and notes.
        </Text>
        <Text size="sm" c="dimmed">
          The history is kept: every change stays in Versions, from where the student can be restored.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending}>
            Delete student
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
