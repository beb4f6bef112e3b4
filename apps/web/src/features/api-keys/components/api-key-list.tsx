import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@srs/shared/api-keys';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { useRevokeApiKey } from '../api.ts';
import { apiKeysText } from '../messages.ts';

/** The keys, newest first: name, first characters, made when and by whom, last used, and Revoke. */
export function ApiKeyList({ keys }: { keys: readonly ApiKey[] }) {
  const t = apiKeysText.useT();
  const revoke = useRevokeApiKey();
  const [asked, setAsked] = useState<ApiKey | null>(null);
  if (keys.length === 0) return <Text c="dimmed">{t('noKeys')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('apiKeys')}>
      {keys.map((key) => (
        <Paper key={key.id} withBorder p="sm" component="li">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{key.name}</Text>
              <Text size="sm" ff="monospace">
                {key.prefix}…
              </Text>
              <Text size="xs" c="dimmed">
                {t('createdBy', {
                  created: formatDate(key.created_at),
                  by: key.created_by,
                  used: key.last_used_at ? formatDate(key.last_used_at) : t('never'),
                })}
              </Text>
            </Stack>
            {key.revoked_at ? (
              <Badge color="gray">{t('revokedOn', { date: formatDate(key.revoked_at) })}</Badge>
            ) : (
              <Button size="xs" variant="light" color="red" onClick={() => setAsked(key)} aria-label={t('revokeKey', { name: key.name })}>
                {t('revoke')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
      <ConfirmDialog
        opened={asked !== null}
        title={t('revokeTitle')}
        confirmLabel={t('revoke')}
        danger
        busy={revoke.isPending}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && revoke.mutate(asked.id, { onSuccess: () => setAsked(null) })}
      >
        {t('revokeBody', { name: asked?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
