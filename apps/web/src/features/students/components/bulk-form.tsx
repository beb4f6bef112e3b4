import { Button, Group, Stack, Text } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import type { ReactNode } from 'react';
import { countOf, selectedNames } from './selection-text.ts';

type Props = {
  students: readonly Student[];
  /** The action's button. */
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
};

/** A bulk action's form: whom it acts on, said first so that nobody acts on the wrong students; its fields; Cancel and the action. */
export function BulkForm({ students, submitLabel, busy, onSubmit, onCancel, children }: Props) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack>
        <Text size="sm">
          {countOf(students.length, 'student')}: {selectedNames(students)}.
        </Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
