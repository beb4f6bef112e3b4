import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { Link, useMatches, useParams } from 'react-router';
import { can } from '@srs/shared/roles';
import { messages } from '@srs/shared/messages';
import { isInProgressHandle } from '../app/in-progress-handle.ts';
import { useSessionUser } from '../lib/session.ts';

/** The page of a route whose screen a later release builds. */
export function Component() {
  const params = useParams();
  const user = useSessionUser();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isInProgressHandle);
  if (!handle) return null;
  const allowed = can(user, handle.roles);
  const linked = typeof handle.back === 'function' ? handle.back(params) : handle.back;
  const back = allowed ? linked : { label: 'Back to the dashboard', to: '/' };
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" my="xl">
      <Stack gap="sm" align="flex-start">
        {allowed ? (
          <>
            <IconTools size={32} aria-hidden />
            <Title order={1} size="h2">
              {handle.title}
            </Title>
            <Text>{handle.about}</Text>
            <Text c="dimmed">This page is being built and is not part of this release yet.</Text>
          </>
        ) : (
          <Title order={1} size="h3">
            {messages.notAuthorized}
          </Title>
        )}
        <Button component={Link} to={back.to} leftSection={<IconArrowLeft size={16} aria-hidden />} variant="light">
          {back.label}
        </Button>
      </Stack>
    </Paper>
  );
}
