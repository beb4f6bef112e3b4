import { type NoticeKind, optionalNotices } from '@srs/shared/account';
import type { FollowupEnrollment } from '@srs/shared/enrollments';
import type { FollowupReason } from '@srs/shared/followup';
import { groupedNumber } from '@srs/shared/numbers';
import type { DueReminder } from '@srs/shared/reminders';
import { sharedText } from '../../core/i18n.ts';
import { enrollmentPath } from '../enrollments/public.ts';
import { type Language, mailDate, mailText as t, type OutgoingMail } from '../mail/public.ts';

/** The outbox kind, and the key of its switch in `email_preferences` (packages/shared/src/account.ts). */
export const reminderMailKind = 'reminder_mail' satisfies NoticeKind;

/** The name of the mail's switch in Settings, as the settings page shows it. */
const settingLabel = optionalNotices.find((notice) => notice.kind === reminderMailKind)!.label;

/** At most this many rows of each list in one mail; the rest are counted, with a link to them all. */
export const reminderMailRows = 50;

/** The first rows of a list and how many it holds (a count stops at countCap: docs/decisions/008). */
export type Counted<T> = { rows: readonly T[]; total: number; capped: boolean };

export type ReminderMailFacts = {
  to: string;
  firstName: string;
  /** The recipient's language (issue 29): the mail's words and its dates' order. */
  language: Language;
  /** The day of the mail, YYYY-MM-DD: a reminder of that date is due today. */
  day: string;
  /** The address users reach the product at (publicUrl). */
  baseUrl: string;
  reminders: Counted<DueReminder>;
  followup: Counted<FollowupEnrollment>;
};

const howMany = (language: Language, list: Counted<unknown>) =>
  list.capped ? t(language, 'morning.moreThan', { count: groupedNumber(list.total) }) : groupedNumber(list.total);

const name = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** The lines past the first rows: how many more, and where they all are. */
function more(language: Language, list: Counted<unknown>, link: string): string[] {
  const left = list.total - list.rows.length;
  if (list.capped) return [t(language, 'morning.moreThanMore', { count: groupedNumber(left), link })];
  return left > 0 ? [t(language, 'morning.more', { count: groupedNumber(left), link })] : [];
}

/** Where a reminder due stands, as the dashboard says it ('Due today', 'Overdue since 11/20/2026'). */
function dueWords(language: Language, date: string, today: string): string {
  return date.slice(0, 10) >= today ? t(language, 'morning.dueToday') : t(language, 'morning.overdueSince', { date: mailDate(date, language) });
}

/**
 * Why an enrollment needs follow-up, as the dashboard says it: a reminder's day without its year
 * when it came less than a year ago (MM/DD, DD/MM in Spanish).
 */
function reasonWords(language: Language, reason: FollowupReason): string {
  switch (reason.kind) {
    case 'reminder_due': {
      if (reason.days === 0) return t(language, 'morning.reminderDueToday');
      const date = mailDate(reason.date, language);
      return t(language, 'morning.reminderDue', { date: reason.days < 365 ? date.slice(0, 5) : date });
    }
    case 'no_contact':
      return t(language, 'morning.noContact', { days: reason.days });
    case 'no_contact_since_start':
      return t(language, 'morning.noContactSinceStart', { days: reason.days });
  }
}

function reminderLines(facts: ReminderMailFacts): string[] {
  const { reminders, day, baseUrl, language } = facts;
  if (reminders.total === 0) return [t(language, 'morning.noReminders')];
  return [
    t(language, 'morning.remindersDue', { count: howMany(language, reminders), total: reminders.total }),
    ...reminders.rows.flatMap((reminder) => [
      `- ${name(reminder.student)}, ${reminder.series.name}: ${dueWords(language, reminder.date, day)}`,
      `  ${baseUrl}${enrollmentPath(reminder.student.id, reminder.enrollment_id, reminder.series.type, 'reminders')}`,
    ]),
    ...more(language, reminders, `${baseUrl}/`),
  ];
}

function followupLines(facts: ReminderMailFacts): string[] {
  const { followup, baseUrl, language } = facts;
  if (followup.total === 0) return [t(language, 'morning.noFollowup')];
  return [
    followup.total === 1 && !followup.capped
      ? t(language, 'morning.oneFollowup')
      : t(language, 'morning.followups', { count: howMany(language, followup) }),
    ...followup.rows.flatMap((enrollment) => [
      `- ${name(enrollment.student)}, ${enrollment.series.name}: ${reasonWords(language, enrollment.followup_reason)}`,
      `  ${baseUrl}${enrollmentPath(enrollment.student.id, enrollment.id, enrollment.series.type)}`,
    ]),
    ...more(language, followup, `${baseUrl}/students?enrollments_needing_followup_eq=true`),
  ];
}

function subjectOf(facts: ReminderMailFacts): string {
  const { reminders, followup, language } = facts;
  const parts = [
    reminders.total > 0 && t(language, 'morning.subjectReminders', { count: howMany(language, reminders), total: reminders.total }),
    followup.total > 0 && t(language, 'morning.subjectFollowup', { count: howMany(language, followup) }),
  ].filter(Boolean);
  return t(language, 'morning.subject', { date: mailDate(facts.day, language), parts: parts.join(', ') });
}

/**
 * The morning mail (docs/decisions/021): the reminders that came back and the students needing
 * follow-up, as the dashboard lists them, each with a link to its enrollment, in the recipient's
 * language. Plain text: every mail client shows it, and the development mailbox shows it as sent.
 */
export function reminderMail(facts: ReminderMailFacts): OutgoingMail {
  const { language } = facts;
  const text = [
    t(language, 'goodMorning', { name: facts.firstName }),
    '',
    ...reminderLines(facts),
    '',
    ...followupLines(facts),
    '',
    '--',
    t(language, 'morning.why'),
    t(language, 'morning.stop', { setting: sharedText(settingLabel, language), link: `${facts.baseUrl}/account/settings` }),
    '',
  ].join('\n');
  return { to: facts.to, subject: subjectOf(facts), text, kind: reminderMailKind };
}
