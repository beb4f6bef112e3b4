import { Button, Paper, Stack, Title } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSharedText } from '../i18n/shared.ts';
import { componentsText } from './text.ts';

/** A page that ends here: what happened, in a heading, and the way home. */
function DeadEnd({ title }: { title: string }) {
  const t = componentsText.useT();
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" my="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} aria-hidden />} variant="light">
          {t('backToDashboard')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** A page the user may not open: SPEC section 6's words and the way home. */
export function NotAuthorized() {
  const shared = useSharedText();
  return <DeadEnd title={shared(messages.notAuthorized)} />;
}

/** A page of a feature that is off (interest tracking): as if it did not exist. */
export function PageNotFound() {
  const t = componentsText.useT();
  return <DeadEnd title={t('pageNotFound')} />;
}
