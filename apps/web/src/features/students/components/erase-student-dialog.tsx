import { List, Stack, Text, TextInput } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { erasedFirstName, erasedLastName, erasedMarker } from '@srs/shared/privacy';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showSuccess } from '../../../lib/toasts.ts';
import { fullName } from '../format.ts';
import { useEraseStudent } from '../privacy-api.ts';

type Props = { student: Student; opened: boolean; onClose: () => void };

/** The same name however it was typed: spaces and capitals aside. */
export const sameName = (typed: string, name: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() === name.trim().replace(/\s+/g, ' ').toLowerCase();

export const erasedMessage = (name: string) => `${name}'s personal data has been erased.`;

/**
 * Asks before erasing a student's personal data (issue 12): what goes, what stays, in plain words,
 * and the student's full name typed to confirm, since nothing brings it back.
 */
export function EraseStudentDialog({ student, opened, onClose }: Props) {
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
      title="Erase personal data"
      confirmLabel="Erase personal data"
      danger
      busy={mutation.isPending}
      disabled={!sameName(typed, name)}
      onConfirm={confirm}
      onClose={close}
    >
      <Stack gap="sm">
        <Text size="sm">
          Use this when <strong>{name}</strong> has asked to be forgotten. It cannot be undone. If they asked for a copy
          of their data, export it first.
        </Text>
        <div>
          <Text size="sm" fw={600}>
            What is removed
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>
              Their name becomes “{erasedFirstName} {erasedLastName(student.id)}”. Their address, city, zip code, email,
              phone and social media are removed, and they leave the mailing list.
            </List.Item>
            <List.Item>Every note written about them, prayer requests and questions included, reads “{erasedMarker}”.</List.Item>
            <List.Item>Their old details are also removed from the history of changes.</List.Item>
          </List>
        </div>
        <div>
          <Text size="sm" fw={600}>
            What stays
          </Text>
          <Text size="sm">
            Their courses, seminars, lessons, decisions and attendance stay, without their name, so that the reports
            still count them. Their school, instructor, state and country stay too.
          </Text>
        </div>
        <TextInput
          label={`To confirm, type the student's full name: ${name}`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
      </Stack>
    </ConfirmDialog>
  );
}
