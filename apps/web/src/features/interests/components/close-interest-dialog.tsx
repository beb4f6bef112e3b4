import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Interest } from '@srs/shared/interests';
import { messages } from '@srs/shared/messages';
import { useState } from 'react';
import { fieldErrorsOf, HttpError } from '../../../lib/http-errors.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useInterestStatus } from '../api.ts';
import { personName } from '../format.ts';

/** Closing an interest asks why ('Moved away', 'Not interested any more'): the tracking page counts it as closed. */
export function CloseInterestDialog({ interest, onClose }: { interest: Interest | null; onClose: () => void }) {
  const status = useInterestStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!interest) return;
    if (reason.trim() === '') {
      setError(messages.fieldRequired);
      return;
    }
    status.mutate(
      { id: interest.id, action: 'closed', closedReason: reason },
      {
        onSuccess: (saved) => {
          showSuccess(`${personName(saved)} is closed.`);
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
    <Modal opened={interest !== null} onClose={close} title={interest ? `Close ${personName(interest)}` : ''} centered>
      <Stack gap="md">
        <Text size="sm">Nobody will work on this interest any more. It can be reopened later.</Text>
        <TextInput
          label="Reason"
          withAsterisk
          placeholder="Moved away, not interested any more…"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {status.isError && !error && <Alert color="red">{messages.somethingWentWrong}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={status.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={status.isPending}>
            Close interest
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
