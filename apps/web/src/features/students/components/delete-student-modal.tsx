import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { useNavigate } from 'react-router';
import { commonText } from '../../../i18n/common.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteStudent } from '../api.ts';
import { fullName } from '../format.ts';
import { studentPageText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';

type Props = { student: Student; opened: boolean; onClose: () => void };

/** Confirms deleting a student; the server keeps the history (DOMAIN.md, Versions). */
export function DeleteStudentModal({ student, opened, onClose }: Props) {
  const navigate = useNavigate();
  const t = studentPageText.useT();
  const c = commonText.useT();
  const mutation = useDeleteStudent(student.id);
  const name = fullName(student);
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess(studentPageText.t('deleted'));
        void navigate('/students', { replace: true });
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('deleteStudent')}>
      <Stack>
        <Text size="sm">
          {withNodes((marks) => t('deleteQuestion', { ...marks, first: student.first_name }), {
            name: <strong>{name}</strong>,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('deleteHistoryKept')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending}>
            {t('deleteStudent')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
