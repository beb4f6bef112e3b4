import { Button, Group, Stack } from '@mantine/core';
import type { EnrollmentUpdateInput } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { showSaved } from '../../../lib/offline/kept-for-later.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { useUpdateEnrollment } from '../api.ts';

/**
 * Saves one change of a record of this enrollment: 'Updated successfully.' and the dialog closes;
 * a failed save is already shown by the shared handler, and the dialog stays with what was typed.
 */
export function useRecordUpdate(enrollmentId: number, onDone: () => void) {
  const update = useUpdateEnrollment(enrollmentId);
  const save = async (body: EnrollmentUpdateInput) => {
    let answer: unknown;
    try {
      answer = await update.mutateAsync(body);
    } catch (error) {
      if (error instanceof HttpError) return;
      throw error;
    }
    showSaved(answer, sharedText(messages.updated));
    onDone();
  };
  return { save, saving: update.isPending };
}

type Props = {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  onCancel: () => void;
  saving: boolean;
  children: ReactNode;
};

/**
 * The form of a dialog editing one record of an enrollment: its fields, then Cancel and Save. It
 * goes inside a Modal, which mounts it at each opening and unmounts it once closed, so the form
 * starts from the saved record every time and a reload meanwhile does not wipe what was typed.
 */
export function RecordDialogForm({ onSubmit, onCancel, saving, children }: Props) {
  const c = commonText.useT();
  const { submit, busy } = useSubmitOnce(onSubmit);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={saving || busy}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={saving || busy}>
            {c('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Which record a dialog is open for. The record stays while the dialog closes, so that the dialog
 * does not empty itself on its way out.
 */
export function useDialogRecord<T>() {
  const [state, setState] = useState<{ record: T | null; opened: boolean }>({ record: null, opened: false });
  return {
    record: state.record,
    opened: state.opened,
    open: (record: T) => setState({ record, opened: true }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
