import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserDetail } from '@srs/shared/users';
import { useNavigate } from 'react-router';
import { commonText } from '../../../i18n/common.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { instructorName, useDeleteUser } from '../api.ts';
import { instructorsText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';

type Props = { user: UserDetail; opened: boolean; onClose: () => void };

/** Says what deleting does before it is done: students handed over, access ended, history kept. */
export function DeleteUserModal({ user, opened, onClose }: Props) {
  const navigate = useNavigate();
  const mutation = useDeleteUser(user.id);
  const t = instructorsText.useT();
  const c = commonText.useT();
  const name = instructorName(user);
  const heads = user.head_of_schools.map((school) => `(#${school.school_code}) ${school.church_name}`).join(', ');
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess(instructorsText.t('deletedSuccessfully'));
        void navigate('/instructors', { replace: true });
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('deleteInstructor')}>
      <Stack>
        {heads ? (
          <Alert color="yellow">{t('headOfSchools', { name, schools: heads })}</Alert>
        ) : (
          <>
            <Text size="sm">
              {withNodes((marks) => t('deleteQuestion', { name: marks.name }), { name: <strong>{name}</strong> })}
            </Text>
            <Text size="sm">
              {user.students_count === 0 ? t('noStudents') : t('studentsHandedOver', { count: user.students_count })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('historyKept', { name })}
            </Text>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending} disabled={Boolean(heads)}>
            {t('deleteInstructor')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
