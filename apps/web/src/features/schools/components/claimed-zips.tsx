import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { humanize, messages } from '@srs/shared/messages';
import { type ClaimedZip, notUsZip, type SchoolDetail, usZip } from '@srs/shared/schools';
import { IconFileUpload, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/http-errors.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { useClaimedZips } from '../api.ts';
import { schoolsText } from '../messages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/** The 422 of a refused zip, as the field shows it: 'Zip code is claimed by (#101) First Church'. */
function zipError(error: unknown): string {
  if (error instanceof HttpError && error.status === 422) {
    const body = error.body as { zip_code?: string[] } | null;
    const message = body?.zip_code?.[0];
    if (message) return `${sharedText(humanize('zip_code'))} ${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

type Props = { school: SchoolDetail; onImport?: () => void };

/** The zip codes the school claims (suggested schools look at them first): add one, give one up. */
export function ClaimedZips({ school, onImport }: Props) {
  const change = useClaimedZips(school.id);
  const [zip, setZip] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ClaimedZip | null>(null);
  const editable = school.permissions.claim_zips;
  const t = schoolsText.useT();

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (zip.trim() === '') {
      setError(sharedText(messages.fieldRequired));
      return;
    }
    if (usZip(zip) === null) {
      setError(`${sharedText(humanize('zip_code'))} ${sharedText(notUsZip)}`);
      return;
    }
    setError(null);
    change.mutate(
      { zip_code: zip },
      {
        onSuccess: () => {
          showSuccess(t('zipClaimed', { zip: usZip(zip) }));
          setZip('');
        },
        onError: (failure) => setError(zipError(failure)),
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('claimedZipCodes', { count: String(school.claimed_zips.length) })}
        </Title>
        {editable && onImport && (
          <Button variant="light" leftSection={<IconFileUpload size={16} aria-hidden />} onClick={onImport}>
            {t('importClaimedZips')}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {school.claimed_zips.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('noClaimedZips')}
          </Text>
        ) : (
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {school.claimed_zips.map((claimed) => (
              <Badge
                key={claimed.id}
                component="li"
                size="lg"
                variant="light"
                rightSection={
                  editable ? (
                    <ActionIcon
                      size="sm"
                      variant="transparent"
                      aria-label={t('giveUpZipCode', { zip: claimed.zip_code })}
                      onClick={() => setRemoving(claimed)}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  ) : undefined
                }
              >
                {claimed.zip_code}
              </Badge>
            ))}
          </Group>
        )}
        {editable && (
          <form onSubmit={add} aria-label={t('claimZipCode')}>
            <Group align="flex-start" gap="sm">
              <TextInput
                label={t('zipCodeToClaim')}
                placeholder="62701"
                value={zip}
                onChange={(event) => setZip(event.currentTarget.value)}
                error={error}
                inputMode="numeric"
                style={{ flex: '0 1 200px' }}
              />
              <Button type="submit" mt={25} loading={change.isPending}>
                {t('claim')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('giveUpTitle')}
        confirmLabel={t('giveItUp')}
        danger
        busy={change.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          change.mutate(
            { id: removing.id, _destroy: true },
            {
              onSuccess: () => {
                showSuccess(t('zipGivenUp', { zip: removing.zip_code }));
                setRemoving(null);
              },
            },
          )
        }
      >
        {removing &&
          t('giveUpWarning', { zip: removing.zip_code, count: school.claimed_zips.length - 1 })}
      </ConfirmDialog>
    </Paper>
  );
}
