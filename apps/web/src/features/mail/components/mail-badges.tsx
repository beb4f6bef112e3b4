import { Badge } from '@mantine/core';
import type { MailMessage } from '@srs/shared/mail';
import { mailText } from '../api.ts';

const statusColors: Record<MailMessage['status'], string> = {
  pending: 'yellow',
  sent: 'green',
  failed: 'red',
  kept: 'gray',
};

/** Which kind of mail a message is and where it stands in the queue, in the list and in the reader alike. */
export function MailBadges({ message, size }: { message: MailMessage; size: 'xs' | 'sm' }) {
  const t = mailText.useT();
  return (
    <>
      <Badge size={size} variant="light" color="blue">
        {message.kind}
      </Badge>
      <Badge size={size} variant="light" color={statusColors[message.status]}>
        {t('status', { status: message.status })}
      </Badge>
    </>
  );
}
