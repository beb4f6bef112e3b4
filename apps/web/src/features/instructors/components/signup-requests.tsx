import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { SignupRequestItem } from '@srs/shared/signup';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { signupRequestsQuery, useDecideSignup } from '../api.ts';
import { instructorsText } from '../messages.ts';

type Decision = { request: SignupRequestItem; decision: 'approve' | 'decline' };

const schoolOf = (request: SignupRequestItem) => `(#${request.school.school_code}) ${request.school.church_name}`;

function ConfirmDecision({ pending, onClose }: { pending: Decision | null; onClose: () => void }) {
  const decide = useDecideSignup();
  const t = instructorsText.useT();
  const c = commonText.useT();
  if (!pending) return null;
  const { request, decision } = pending;
  const name = `${request.first_name} ${request.last_name}`;
  const approve = decision === 'approve';
  const confirm = () =>
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () => {
          showSuccess(approve ? t('requestApproved', { name }) : t('requestDeclined'));
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={approve ? t('approveRequest') : t('declineRequest')}>
      <Stack>
        <Text size="sm">
          {approve
            ? t('approveExplained', { name, school: schoolOf(request), email: request.email })
            : t('declineExplained', { name, email: request.email })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button color={approve ? undefined : 'red'} onClick={confirm} loading={decide.isPending}>
            {approve ? t('approveAndSend') : t('declineRequest')}
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
  const t = instructorsText.useT();
  if (requests.length === 0) return null;
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-labelledby="signup-requests-title">
      <Title order={2} size="h4" id="signup-requests-title" mb="sm">
        {t('accountRequests', { count: String(requests.length) })}
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
                  {t('askedOn', { school: schoolOf(request), date: formatDate(request.created_at) })}
                </Text>
                {request.message && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    “{request.message}”
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                <Button onClick={() => setPending({ request, decision: 'approve' })}>{t('approve')}</Button>
                <Button variant="default" onClick={() => setPending({ request, decision: 'decline' })}>
                  {t('decline')}
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
