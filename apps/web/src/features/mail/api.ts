import { formatDate } from '@srs/shared/dates';
import { mailEndpoints } from '@srs/shared/endpoints/mail';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';
import { mailKeys } from '../../lib/query-keys.ts';

export const noMail = 'No mail in the outbox.';

export const mailboxQuery = () =>
  queryOptions({
    queryKey: mailKeys.mailbox(),
    queryFn: ({ signal }) => call(mailEndpoints.mailbox, { signal }),
  });

/** MM/DD/YYYY hh:mm (24-hour) in the browser's time zone: when the message was queued. */
export function formatMailTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${formatDate(day)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
