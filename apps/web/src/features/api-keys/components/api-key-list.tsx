import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@srs/shared/api-keys';
import { formatDate } from '@srs/shared/dates';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRevokeApiKey } from '../api.ts';

/** The keys, newest first: name, first characters, made when and by whom, last used, and Revoke. */
export function ApiKeyList({ keys }: { keys: readonly ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const [asked, setAsked] = useState<ApiKey | null>(null);
  if (keys.length === 0) return <Text c="dimmed">No keys yet.</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="API keys">
      {keys.map((key) => (
        <Paper key={key.id} withBorder p="sm" component="li">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{key.name}</Text>
              <Text size="sm" ff="monospace">
                {key.prefix}…
              </Text>
              <Text size="xs" c="dimmed">
                Created {formatDate(key.created_at)} by {key.created_by} · Last used{' '}
                {key.last_used_at ? formatDate(key.last_used_at) : 'never'}
              </Text>
            </Stack>
            {key.revoked_at ? (
              <Badge color="gray">Revoked {formatDate(key.revoked_at)}</Badge>
            ) : (
              <Button size="xs" variant="light" color="red" onClick={() => setAsked(key)} aria-label={`Revoke ${key.name}`}>
                Revoke
              </Button>
            )}
          </Group>
        </Paper>
      ))}
      <ConfirmDialog
        opened={asked !== null}
        title="Revoke this key?"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && revoke.mutate(asked.id, { onSuccess: () => setAsked(null) })}
      >
        A website using “{asked?.name}” can no longer send interests. This cannot be undone: a new key can be made.
      </ConfirmDialog>
    </Stack>
  );
}
