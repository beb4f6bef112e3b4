import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MailMessage } from '@srs/shared/mail';
import { formatMailTime, mailText } from '../api.ts';
import { MailBadges } from './mail-badges.tsx';
import classes from './mailbox.module.css';

type Props = {
  messages: readonly MailMessage[];
  selectedId: number | null;
  onSelect: (id: number) => void;
};

/** The outbox, newest first: who, what, which kind of mail, where it stands and when. */
export function MailList({ messages, selectedId, onSelect }: Props) {
  const t = mailText.useT();
  return (
    <Stack component="ul" gap={0} p={0} m={0} aria-label={t('messages')} className={classes.list}>
      {messages.map((message) => (
        <li key={message.id}>
          <UnstyledButton
            className={classes.item}
            aria-current={message.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(message.id)}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate>
                {message.to}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatMailTime(message.created_at)}
              </Text>
            </Group>
            <Text size="sm" truncate>
              {message.subject}
            </Text>
            <Group gap={6} mt={4}>
              <MailBadges message={message} size="xs" />
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
