import { mailEndpoints } from '@srs/shared/endpoints/mail';
import { queryOptions } from '@tanstack/react-query';
import { formatDateTime } from '../../i18n/format.ts';
import { messages } from '../../i18n/messages.ts';
import en from '../../locales/mail.en.json';
import { call } from '../../lib/http.ts';
import { mailKeys } from '../../lib/query-keys.ts';

/** The development mailbox's words (issue 29). */
export const mailText = messages('mail', en);

export const mailboxQuery = () =>
  queryOptions({
    queryKey: mailKeys.mailbox(),
    queryFn: ({ signal }) => call(mailEndpoints.mailbox, { signal }),
  });

/** MM/DD/YYYY hh:mm (24-hour; DD/MM/YYYY in Spanish) in the browser's time zone: when the message was queued. */
export function formatMailTime(iso: string): string {
  return formatDateTime(iso);
}
