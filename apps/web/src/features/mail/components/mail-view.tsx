import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { MailMessage } from '@srs/shared/mail';
import { formatMailTime, mailText } from '../api.ts';
import { MailBadges } from './mail-badges.tsx';
import classes from './mailbox.module.css';

const webAddress = /(https?:\/\/[^\s<>"]+)/;

/** The text with its web addresses as links, as a mail program shows them (a welcome link opens in one click). */
function Linked({ text }: { text: string }) {
  return text
    .split(webAddress)
    .map((part, index) =>
      index % 2 === 1 ? (
        <Anchor key={index} href={part} inherit>
          {part}
        </Anchor>
      ) : (
        part
      ),
    );
}

/** One message as its recipient would read it, with where it stands in the queue. */
export function MailView({ message }: { message: MailMessage }) {
  const t = mailText.useT();
  return (
    <Stack gap="sm" component="article" aria-label={message.subject}>
      <Title order={2} size="h4">
        {message.subject}
      </Title>
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            {t('to')}{' '}
          </Text>
          {message.to}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {t('created')}{' '}
          </Text>
          {formatMailTime(message.created_at)}
          {message.sent_at && (
            <>
              <Text span c="dimmed">
                {' '}
                · {t('sent')}{' '}
              </Text>
              {formatMailTime(message.sent_at)}
            </>
          )}
        </Text>
        <Group gap={6}>
          <MailBadges message={message} size="sm" />
          {message.attempts > 0 && (
            <Text size="xs" c="dimmed">
              {t('attempts', { count: message.attempts })}
            </Text>
          )}
        </Group>
      </Stack>
      <Text component="pre" className={classes.body}>
        <Linked text={message.text} />
      </Text>
    </Stack>
  );
}
