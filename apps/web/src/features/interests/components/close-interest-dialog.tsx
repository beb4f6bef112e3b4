import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Interest } from '@srs/shared/interests';
import { messages } from '@srs/shared/messages';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { fieldErrorsOf, HttpError } from '../../../lib/http-errors.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useInterestStatus } from '../api.ts';
import { personName } from '../format.ts';
import { interestsText } from '../messages.ts';

/** Closing an interest asks why ('Moved away', 'Not interested any more'): the tracking page counts it as closed. */
export function CloseInterestDialog({ interest, onClose }: { interest: Interest | null; onClose: () => void }) {
  const status = useInterestStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = interestsText.useT();
  const c = commonText.useT();
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!interest) return;
    if (reason.trim() === '') {
      setError(sharedText(messages.fieldRequired));
      return;
    }
    status.mutate(
      { id: interest.id, action: 'closed', closedReason: reason },
      {
        onSuccess: (saved) => {
          showSuccess(t('interestClosed', { name: personName(saved) }));
          close();
        },
        onError: (failure) =>
          setError(
            failure instanceof HttpError
              ? (fieldErrorsOf(failure.body, ['closed_reason'] as const).closed_reason ?? failure.handlerText)
              : String(failure),
          ),
      },
    );
  };
  return (
    <Modal opened={interest !== null} onClose={close} title={interest ? t('closeTitle', { name: personName(interest) }) : ''} centered>
      <Stack gap="md">
        <Text size="sm">{t('closeExplained')}</Text>
        <TextInput
          label={t('reason')}
          withAsterisk
          placeholder={t('reasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {status.isError && !error && <Alert color="red">{sharedText(messages.somethingWentWrong)}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={status.isPending}>
            {c('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={status.isPending}>
            {t('closeInterest')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
