import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { relativeTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale.ts';
import { offlineText } from '../../lib/offline/text.ts';
import { useOnline, useShownSince, useWaitingWrites } from '../../lib/offline/use-offline.ts';
import classes from './offline-status.module.css';

const WaitingDialog = lazy(async () => ({ default: (await import('./waiting-dialog.tsx')).WaitingDialog }));

/** 'No connection. This phone shows what was saved on it 2 hours ago.' */
function OfflineLine() {
  const t = offlineText.useT();
  const locale = useLocale();
  const since = useShownSince();
  const now = Date.now();
  // Under a minute the relative time is "now": "saved on it now" says nothing of when.
  const words =
    since === null
      ? t('offlineNothingSaved')
      : now - since < 60_000
        ? t('offlineSavedJustNow')
        : t('offlineSaved', { age: relativeTime(since, now, locale) });
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconWifiOff size={18} aria-hidden className={classes.icon} />
      <Text size="sm">{words}</Text>
    </Group>
  );
}

/**
 * The shell's line about working without a signal (issue 30): that the phone is offline and how
 * old what it shows is, and how many records wait to be sent, with the list of them.
 */
export function OfflineStatus() {
  const t = offlineText.useT();
  const online = useOnline();
  const waiting = useWaitingWrites();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (opened && !loaded) setLoaded(true);
  const notSent = waiting.filter((write) => write.state !== 'waiting').length;
  const dialog = loaded && (
    <Suspense fallback={null}>
      <WaitingDialog opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );
  // The list stays open once the last record has gone: it says nothing waits.
  if (online && waiting.length === 0) return dialog;
  return (
    <Paper className={classes.status} role="status" radius={0} px="md" py={6} data-offline={online ? undefined : ''}>
      <Group gap="md" justify="space-between" wrap="wrap">
        {!online && <OfflineLine />}
        {waiting.length > 0 && (
          <Group gap="xs" wrap="nowrap">
            <IconCloudUpload size={18} aria-hidden className={classes.icon} />
            <Text size="sm" fw={600}>
              {notSent > 0 ? t('notSentCount', { count: notSent }) : t('waitingCount', { count: waiting.length })}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => setOpened(true)}>
              {t('showList')}
            </Button>
          </Group>
        )}
      </Group>
      {dialog}
    </Paper>
  );
}
