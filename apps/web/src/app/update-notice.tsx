import { Button, Group, Text } from '@mantine/core';
import { toast } from 'react-toastify';
import { messages } from '../i18n/messages.ts';
import en from '../locales/app-update.en.json';

/** The words of a new release's notice (docs/decisions/028). */
export const appUpdateText = messages('app-update', en);

export const updateNoticeId = 'app-update';

export function UpdateNotice({ onReload }: { onReload: () => void }) {
  const t = appUpdateText.useT();
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap">
      <Text size="sm">{t('newVersion')}</Text>
      <Button size="compact-sm" onClick={onReload}>
        {t('reload')}
      </Button>
    </Group>
  );
}

/**
 * 'A new version of the app is ready. Reload': in the notices' place at the top (clear of the
 * phone's bottom bar and of the error notices at the bottom left), until it is used or closed,
 * once however often a release is found.
 */
export function showUpdateNotice(onReload: () => void): void {
  toast(<UpdateNotice onReload={onReload} />, {
    toastId: updateNoticeId,
    autoClose: false,
    closeOnClick: false,
    draggable: false,
  });
}
