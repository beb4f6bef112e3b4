import { Alert, List } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { formatDate } from '../i18n/format.ts';
import { offlineText } from '../lib/offline/text.ts';
import { useWaitingWrites } from '../lib/offline/use-offline.ts';

/**
 * What of an enrollment was recorded on the phone and waits to be sent (issue 30): its page shows
 * it above the tabs, so that nobody records it a second time while it waits.
 */
export function WaitingHere({ enrollmentId }: { enrollmentId: number }) {
  const t = offlineText.useT();
  const waiting = useWaitingWrites().filter((write) => write.what.enrollmentId === enrollmentId);
  if (waiting.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconCloudUpload size={18} aria-hidden />} title={t('waitingHere', { count: waiting.length })} my="sm">
      <List size="sm">
        {waiting.map((write) => (
          <List.Item key={write.key}>
            {t('kind', { kind: write.what.kind })}
            {write.what.date ? `, ${formatDate(write.what.date)}` : ''}
            {write.state === 'refused' && `: ${t('stateRefused', { reason: write.reason ?? '' })}`}
            {write.state === 'changed' && `: ${t('stateChanged')}`}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
