import { z } from 'zod';

/**
 * Why an enrollment needs follow-up (DOMAIN.md, Follow-up), as the server computes it with the
 * rule itself (`followupReasonSql` in apps/server/src/modules/enrollments/enrollment-caches.ts):
 * - `reminder_due`: a reminder dated `date` has come (`days` ago) with no follow-up on or after it;
 *   named first when both apply, because it is the follow-up someone planned;
 * - `no_contact`: the latest follow-up was `days` ago, more than the setting allows;
 * - `no_contact_since_start`: no follow-up ever, and the enrollment started `days` ago.
 */
export const FollowupReason = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reminder_due'), date: z.string(), days: z.number() }),
  z.object({ kind: z.literal('no_contact'), days: z.number() }),
  z.object({ kind: z.literal('no_contact_since_start'), days: z.number() }),
]);
export type FollowupReason = z.infer<typeof FollowupReason>;
export type FollowupReasonKind = FollowupReason['kind'];

const dayCount = (days: number) => `${days} day${days === 1 ? '' : 's'}`;

/**
 * The date of a reminder as MM/DD, the product's date without its year, when the reader's
 * guess (the latest such day) is right: it came due less than a year ago. Older: MM/DD/YYYY.
 */
function reminderDay(date: string, days: number): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return days < 365 ? `${month}/${day}` : `${month}/${day}/${year}`;
}

/** The reason in words, as every follow-up row and "Needs follow-up" badge shows it. */
export function followupReasonWords(reason: FollowupReason): string {
  switch (reason.kind) {
    case 'reminder_due':
      return reason.days === 0 ? 'Reminder due today' : `Reminder due ${reminderDay(reason.date, reason.days)}`;
    case 'no_contact':
      return `No contact for ${dayCount(reason.days)}`;
    case 'no_contact_since_start':
      return `No contact since it started ${dayCount(reason.days)} ago`;
  }
}
