import { Button, Group, Stack, Text } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import type { ReactNode } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { studentsText } from '../messages.ts';
import { selectedNames } from './selection-text.ts';

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
  const t = studentsText.useT();
  const c = commonText.useT();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack>
        <Text size="sm">
          {t('bulkWhom', { count: students.length, names: selectedNames(students) })}
        </Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
