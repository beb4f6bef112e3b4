import { Modal } from '@mantine/core';
import { offlineText } from '../../lib/offline/text.ts';
import { WaitingList } from './waiting-list.tsx';

/** The list of waiting writes in its dialog (a module of its own: the shell loads it when it opens). */
export function WaitingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = offlineText.useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('listTitle')} size="lg">
      {opened && <WaitingList onOpenRecord={onClose} />}
    </Modal>
  );
}
