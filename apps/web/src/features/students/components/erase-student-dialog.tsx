import { List, Stack, Text, TextInput } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { erasedFirstName, erasedLastName, erasedMarker } from '@srs/shared/privacy';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { fullName } from '../format.ts';
import { studentPageText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';
import { useEraseStudent } from '../privacy-api.ts';

type Props = { student: Student; opened: boolean; onClose: () => void };

/** The same name however it was typed: spaces and capitals aside. */
export const sameName = (typed: string, name: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() === name.trim().replace(/\s+/g, ' ').toLowerCase();

export const erasedMessage = (name: string) => studentPageText.t('erasedMessage', { name });

/**
 * Asks before erasing a student's personal data (issue 12): what goes, what stays, in plain words,
 * and the student's full name typed to confirm, since nothing brings it back.
 */
export function EraseStudentDialog({ student, opened, onClose }: Props) {
  const t = studentPageText.useT();
  const name = fullName(student);
  const [typed, setTyped] = useState('');
  const mutation = useEraseStudent(student.id);
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess(erasedMessage(name));
        close();
      },
    });
  return (
    <ConfirmDialog
      opened={opened}
      title={t('eraseTitle')}
      confirmLabel={t('eraseTitle')}
      danger
      busy={mutation.isPending}
      disabled={!sameName(typed, name)}
      onConfirm={confirm}
      onClose={close}
    >
      <Stack gap="sm">
        <Text size="sm">
          {withNodes((marks) => t('eraseUseWhen', marks), { name: <strong>{name}</strong> })}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            {t('whatIsRemoved')}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('removedName', { first: erasedFirstName, last: erasedLastName(student.id) })}</List.Item>
            <List.Item>{t('removedNotes', { marker: erasedMarker })}</List.Item>
            <List.Item>{t('removedHistory')}</List.Item>
          </List>
        </div>
        <div>
          <Text size="sm" fw={600}>
            {t('whatStays')}
          </Text>
          <Text size="sm">
            {t('staysText')}
          </Text>
        </div>
        <TextInput
          label={t('confirmTypeName', { name })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
      </Stack>
    </ConfirmDialog>
  );
}
