import type { NoticeKind } from '@srs/shared/account';
import { formatDate } from '@srs/shared/dates';
import type { FollowupEnrollment } from '@srs/shared/enrollments';
import { followupReasonWords } from '@srs/shared/followup';
import { groupedNumber } from '@srs/shared/numbers';
import { type DueReminder, dueReminderWords } from '@srs/shared/reminders';
import { enrollmentPath } from '../enrollments/public.ts';
import type { OutgoingMail } from '../mail/public.ts';

/** The outbox kind, and the key of its switch in `email_preferences` (packages/shared/src/account.ts). */
export const reminderMailKind = 'reminder_mail' satisfies NoticeKind;

/** At most this many rows of each list in one mail; the rest are counted, with a link to them all. */
export const reminderMailRows = 50;

/** The first rows of a list and how many it holds (a count stops at countCap: docs/decisions/008). */
export type Counted<T> = { rows: readonly T[]; total: number; capped: boolean };

export type ReminderMailFacts = {
  to: string;
  firstName: string;
  /** The day of the mail, YYYY-MM-DD: a reminder of that date is due today. */
  day: string;
  /** The address users reach the product at (publicUrl). */
  baseUrl: string;
  reminders: Counted<DueReminder>;
  followup: Counted<FollowupEnrollment>;
};

const howMany = (list: Counted<unknown>) => (list.capped ? `More than ${groupedNumber(list.total)}` : groupedNumber(list.total));

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

const name = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** The lines past the first rows: how many more, and where they all are. */
function more(list: Counted<unknown>, link: string): string[] {
  const left = list.total - list.rows.length;
  if (list.capped) return [`… and more than ${groupedNumber(left)} more: ${link}`];
  return left > 0 ? [`… and ${groupedNumber(left)} more: ${link}`] : [];
}

function reminderLines(facts: ReminderMailFacts): string[] {
  const { reminders, day, baseUrl } = facts;
  if (reminders.total === 0) return ['No reminders due.'];
  return [
    `${howMany(reminders)} ${plural(reminders.total, 'reminder', 'reminders')} due, today or overdue:`,
    ...reminders.rows.flatMap((reminder) => [
      `- ${name(reminder.student)}, ${reminder.series.name}: ${dueReminderWords(reminder.date, day)}`,
      `  ${baseUrl}${enrollmentPath(reminder.student.id, reminder.enrollment_id, reminder.series.type, 'reminders')}`,
    ]),
    ...more(reminders, `${baseUrl}/`),
  ];
}

function followupLines(facts: ReminderMailFacts): string[] {
  const { followup, baseUrl } = facts;
  if (followup.total === 0) return ['No students need follow-up.'];
  return [
    followup.total === 1 && !followup.capped
      ? 'One course or seminar to follow up:'
      : `${howMany(followup)} courses and seminars to follow up, the longest waiting first:`,
    ...followup.rows.flatMap((enrollment) => [
      `- ${name(enrollment.student)}, ${enrollment.series.name}: ${followupReasonWords(enrollment.followup_reason)}`,
      `  ${baseUrl}${enrollmentPath(enrollment.student.id, enrollment.id, enrollment.series.type)}`,
    ]),
    ...more(followup, `${baseUrl}/students?enrollments_needing_followup_eq=true`),
  ];
}

function subjectOf(facts: ReminderMailFacts): string {
  const { reminders, followup } = facts;
  const parts = [
    reminders.total > 0 && `${howMany(reminders)} ${plural(reminders.total, 'reminder', 'reminders')} due`,
    followup.total > 0 && `${howMany(followup)} to follow up`,
  ].filter(Boolean);
  return `Reminders and follow-up, ${formatDate(facts.day)}: ${parts.join(', ')}`;
}

/**
 * The morning mail (docs/decisions/021): the reminders that came back and the students needing
 * follow-up, as the dashboard lists them, each with a link to its enrollment. Plain text: every
 * mail client shows it, and the development mailbox shows it as sent.
 */
export function reminderMail(facts: ReminderMailFacts): OutgoingMail {
  const text = [
    `Good morning ${facts.firstName},`,
    '',
    ...reminderLines(facts),
    '',
    ...followupLines(facts),
    '',
    '--',
    'You receive this mail on the mornings you have reminders due or students needing follow-up.',
    `To stop it, untick "Morning mail of reminders and follow-up" in Settings: ${facts.baseUrl}/account/settings`,
    '',
  ].join('\n');
  return { to: facts.to, subject: subjectOf(facts), text, kind: reminderMailKind };
}
