import type { FollowupReason } from '@srs/shared/followup';
import { formatDate } from '../i18n/format.ts';
import { messages, type Translate } from '../i18n/messages.ts';
import en from '../locales/followup.en.json';

type FollowupKey = Extract<keyof typeof en, string>;

/** Why an enrollment needs follow-up, in words (issue 29): the web app's followupReasonWords. */
export const followupText = messages('followup', en);

/**
 * A reminder's day without its year when the reader's guess (the latest such day) is right: it
 * came due less than a year ago ('11/20', '20/11' in Spanish); older, the whole date.
 */
function reminderDay(date: string, days: number): string {
  const whole = formatDate(date.slice(0, 10));
  return days < 365 ? whole.slice(0, 5) : whole;
}

/**
 * 'Reminder due 11/20', 'No contact for 45 days' ('Sin contacto desde hace 45 días'), as every
 * follow-up row and "Needs follow-up" badge shows it, in the language of the moment; the same
 * English as @srs/shared/followup's followupReasonWords.
 */
export function followupReasonText(reason: FollowupReason, t: Translate<FollowupKey> = followupText.t): string {
  switch (reason.kind) {
    case 'reminder_due':
      return reason.days === 0 ? t('reminderDueToday') : t('reminderDue', { day: reminderDay(reason.date, reason.days) });
    case 'no_contact':
      return t('noContact', { days: reason.days, n: String(reason.days) });
    case 'no_contact_since_start':
      return t('noContactSinceStart', { days: reason.days, n: String(reason.days) });
  }
}
