import { lazy, Suspense, useState } from 'react';
import { logOut } from '../../features/auth/api.ts';
import { offlineText } from '../../lib/offline/text.ts';
import { useWaitingWrites } from '../../lib/offline/use-offline.ts';

const ConfirmDialog = lazy(async () => ({ default: (await import('../../components/confirm-dialog.tsx')).ConfirmDialog }));

/**
 * Log out, which empties the phone (issue 30): while records recorded on it wait to be sent, the
 * person is told first that they would be lost, and chooses.
 */
export function useLogOut() {
  const t = offlineText.useT();
  const waiting = useWaitingWrites().length;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const leave = () => {
    setBusy(true);
    void logOut().finally(() => setBusy(false));
  };
  const dialog = asking && (
    <Suspense fallback={null}>
      <ConfirmDialog
        opened={asking}
        title={t('logOutTitle')}
        confirmLabel={t('logOutAnyway')}
        danger
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={leave}
      >
        {t('logOutBody', { count: waiting })}
      </ConfirmDialog>
    </Suspense>
  );
  return { logOut: () => (waiting > 0 ? setAsking(true) : leave()), dialog };
}
