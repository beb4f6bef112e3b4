import { Alert, Button, Group, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSharedText } from '../i18n/shared.ts';

type Props = { message?: string | null; backTo?: { label: string; to: string } };

/** SPEC section 2: a detail route that could not load its record. */
export function ErrorPanel({ message, backTo }: Props) {
  const shared = useSharedText();
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={shared(messages.errorLoadingContent)}
      icon={<IconAlertTriangle aria-hidden />}
      my="md"
    >
      <Text size="sm">{message?.trim() ? message : shared(messages.failedToLoadContent)}</Text>
      {backTo && (
        <Group mt="sm">
          <Button component={Link} to={backTo.to} variant="light" size="xs">
            {backTo.label}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
