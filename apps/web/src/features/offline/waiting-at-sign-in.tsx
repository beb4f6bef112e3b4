import { Alert } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { offlineText } from '../../lib/offline/text.ts';

/**
 * The sign-in page, while records recorded on this phone wait (issue 30): a session that ended on
 * its own keeps them for the person, who sends them by signing in again. Only how many: the page
 * is anyone's.
 */
export function WaitingAtSignIn({ count }: { count: number }) {
  const t = offlineText.useT();
  return (
    <Alert color="blue" variant="light" icon={<IconCloudUpload size={18} aria-hidden />} title={t('waitingCount', { count })}>
      {t('signInToSend', { count })}
    </Alert>
  );
}
