import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { SignupRequestItem } from '@srs/shared/signup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../../lib/toasts.ts';
import { signupRequestsQuery, useDecideSignup } from '../api.ts';

type Decision = { request: SignupRequestItem; decision: 'approve' | 'decline' };

const schoolOf = (request: SignupRequestItem) => `(#${request.school.school_code}) ${request.school.church_name}`;

function ConfirmDecision({ pending, onClose }: { pending: Decision | null; onClose: () => void }) {
  const decide = useDecideSignup();
  if (!pending) return null;
  const { request, decision } = pending;
  const name = `${request.first_name} ${request.last_name}`;
  const approve = decision === 'approve';
  const confirm = () =>
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => {
          showSuccess(approve ? `${name} now has an account; the welcome email is on its way.` : 'Request declined.');
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={approve ? 'Approve request' : 'Decline request'}>
      <Stack>
        <Text size="sm">
          {approve
            ? `${name} becomes an instructor of ${schoolOf(request)} and receives the welcome email at ${request.email}, with a link to set a password.`
            : `${name} gets no account. We tell them by email at ${request.email} that the request was declined.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={approve ? undefined : 'red'} onClick={confirm} loading={decide.isPending}>
            {approve ? 'Approve and send welcome email' : 'Decline request'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Requests for an account' of the schools this admin administers: shown while there are some. */
export function SignupRequests() {
  const requests = useQuery(signupRequestsQuery).data?.signup_requests ?? [];
  const [pending, setPending] = useState<Decision | null>(null);
  if (requests.length === 0) return null;
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-labelledby="signup-requests-title">
      <Title order={2} size="h4" id="signup-requests-title" mb="sm">
        Requests for an account ({requests.length})
      </Title>
      <Stack gap="sm">
        {requests.map((request) => (
          <Paper key={request.id} withBorder p="sm" bg="gray.0">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Text fw={600}>
                  {request.first_name} {request.last_name}
                </Text>
                <Text size="sm">{request.email}</Text>
                <Text size="sm" c="dimmed">
                  {schoolOf(request)} · asked on {formatDate(request.created_at)}
                </Text>
                {request.message && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    “{request.message}”
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                <Button onClick={() => setPending({ request, decision: 'approve' })}>Approve</Button>
                <Button variant="default" onClick={() => setPending({ request, decision: 'decline' })}>
                  Decline
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmDecision pending={pending} onClose={() => setPending(null)} />
    </Paper>
  );
}
