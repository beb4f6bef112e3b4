import { Button, Paper, Stack, Title } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A page the user may not open: SPEC section 6's words and the way home. */
export function NotAuthorized() {
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" my="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {messages.notAuthorized}
        </Title>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} aria-hidden />} variant="light">
          Back to the dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
