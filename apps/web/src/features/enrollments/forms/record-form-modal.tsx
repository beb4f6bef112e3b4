import { Modal } from '@mantine/core';
import { useLocale } from '../../../i18n/locale.ts';
import { RecordForm, recordFormTitle } from './record-form.tsx';
import type { RecordFormTarget } from './record-form-target.ts';

export type RecordFormModalProps = {
  /** What to record; null keeps the modal closed. */
  target: RecordFormTarget | null;
  onClose: () => void;
};

/** One record form (lesson, visit, product, reminder, decision, note) in its own modal. */
export function RecordFormModal({ target, onClose }: RecordFormModalProps) {
  useLocale(); // the title is drawn again in a new language
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? recordFormTitle(target) : ''} size="lg">
      {target && <RecordForm target={target} onDone={onClose} />}
    </Modal>
  );
}
