import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserDetail } from '@srs/shared/users';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../../lib/toasts.ts';
import { instructorName, useDeleteUser } from '../api.ts';

type Props = { user: UserDetail; opened: boolean; onClose: () => void };

/** Says what deleting does before it is done: students handed over, access ended, history kept. */
export function DeleteUserModal({ user, opened, onClose }: Props) {
  const navigate = useNavigate();
  const mutation = useDeleteUser(user.id);
  const name = instructorName(user);
  const heads = user.head_of_schools.map((school) => `(#${school.school_code}) ${school.church_name}`).join(', ');
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess('Deleted successfully.');
        void navigate('/instructors', { replace: true });
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Delete instructor">
      <Stack>
        {heads ? (
          <Alert color="yellow">
            {name} is the head school admin of {heads}. Choose another head school admin for that school first.
          </Alert>
        ) : (
          <>
            <Text size="sm">
              Delete <strong>{name}</strong>? They can no longer sign in, from this moment.
            </Text>
            <Text size="sm">
              {user.students_count === 0
                ? 'They have no students.'
                : `Their ${user.students_count === 1 ? 'student goes' : `${user.students_count} students go`} to the head school admin of each student's school.`}
            </Text>
            <Text size="sm" c="dimmed">
              The history is kept: the versions still name {name} for what they did.
            </Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending} disabled={Boolean(heads)}>
            Delete instructor
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
