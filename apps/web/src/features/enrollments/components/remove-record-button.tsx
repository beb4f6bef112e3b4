import { messages } from '@srs/shared/messages';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { showSaved } from '../../../lib/offline/kept-for-later.ts';
import { useUpdateEnrollment } from '../api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RowAction } from './row-action.tsx';

/** The nested records of an enrollment that a removal writes through PUT with `_destroy`. */
export type RemovableAttribute =
  | 'episode_deliveries_attributes'
  | 'product_deliveries_attributes'
  | 'reminders_attributes'
  | 'visits_attributes';

type Props = {
  enrollmentId: number;
  attribute: RemovableAttribute;
  recordId: number;
  /** The modal's title and the button's accessible name, e.g. 'Remove lesson 3. Prayer'. */
  title: string;
  /** What goes with the record, said before it goes. */
  children: ReactNode;
};

/** 'Remove' with a confirmation; the record leaves through PUT /enrollments/{id} with `_destroy`. */
export function RemoveRecordButton({ enrollmentId, attribute, recordId, title, children }: Props) {
  const c = commonText.useT();
  const [opened, setOpened] = useState(false);
  const update = useUpdateEnrollment(enrollmentId);
  const remove = async () => {
    let answer: unknown;
    try {
      answer = await update.mutateAsync({ [attribute]: [{ id: recordId, _destroy: true }] });
    } catch {
      return; // the shared handler has shown why; the dialog stays for another try
    }
    // The row may already be gone from the refreshed enrollment: the toast must not depend on it.
    showSaved(answer, sharedText(messages.updated));
    setOpened(false);
  };
  return (
    <>
      <RowAction
        label={c('remove')}
        name={title}
        icon={<IconTrash size={18} aria-hidden />}
        color="red"
        variant="subtle"
        onClick={() => setOpened(true)}
      />
      <ConfirmDialog danger
        opened={opened}
        title={title}
        confirmLabel={c('remove')}
        busy={update.isPending}
        onConfirm={() => void remove()}
        onClose={() => setOpened(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
