import type { EnrollmentDetail, NoteItem, Reminder } from '@srs/shared/enrollments';
import { deliveryTypeLabels } from '@srs/shared/enrollments';
import type { SchoolRef } from '@srs/shared/common';
import { formatMoney } from '../../../i18n/format.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { enrollmentsText } from '../messages.ts';

type Named = { first_name: string; middle_name?: string | null; last_name: string };

export function fullName(person: Named | null | undefined): string {
  if (!person) return '-';
  return [person.first_name, person.middle_name, person.last_name].filter(Boolean).join(' ');
}

/** '(#code) church name' (SPEC section 2). */
export function schoolLabel(school: SchoolRef | null | undefined): string {
  return school ? `(#${school.school_code}) ${school.church_name}` : '-';
}

/** A lesson or presentation as the tables name it: 'N. name'. */
export function episodeLabel(episode: { position: number; name: string }): string {
  return `${episode.position}. ${episode.name}`;
}

/** 'Post Office' (packages/shared's words), in the language of the moment; '-' when none. */
export function deliveryTypeLabel(type: keyof typeof deliveryTypeLabels | null | undefined): string {
  return type ? sharedText(deliveryTypeLabels[type]) : '-';
}

/** 'Note' or 'Prayer request', in the language of the moment. */
export function noteTypeLabel(type: NoteItem['type']): string {
  return enrollmentsText.t(type === 'PrayerRequest' ? 'noteTypePrayerRequest' : 'noteTypeNote');
}

/** '12.5' or '12.50' → '$12.50'. */
export function priceLabel(price: string | number): string {
  const value = Number(price);
  return Number.isFinite(value) ? formatMoney(value) : '-';
}

/** '19:00:00' → '7:00 PM' ('7:00 p. m.' in Spanish); a presentation without a time shows '-'. */
export function timeLabel(time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '');
  if (!match) return '-';
  const hours = Number(match[1]);
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]}`;
  return enrollmentsText.t(hours < 12 ? 'timeAm' : 'timePm', { time: clock });
}

/**
 * DOMAIN.md, Follow-up: a reminder is due once its date has come and no follow-up was made on
 * or after that date.
 */
export function isReminderDue(
  reminder: Pick<Reminder, 'date'>,
  enrollment: Pick<EnrollmentDetail, 'cached_latest_followup_date'>,
  today: string,
): boolean {
  if (reminder.date > today) return false;
  const latest = enrollment.cached_latest_followup_date?.slice(0, 10) ?? null;
  return latest === null || latest < reminder.date;
}

/**
 * Where a reminder stands today. Its date has passed with no follow-up since (overdue), it is
 * today with none yet (due today), it is still to come (upcoming), or a follow-up was made on or
 * after its date (followed up). Overdue and due today are the two `isReminderDue` states.
 */
export type ReminderState = 'overdue' | 'due-today' | 'upcoming' | 'followed-up';

export function reminderState(
  reminder: Pick<Reminder, 'date'>,
  enrollment: Pick<EnrollmentDetail, 'cached_latest_followup_date'>,
  today: string,
): ReminderState {
  if (reminder.date > today) return 'upcoming';
  if (!isReminderDue(reminder, enrollment, today)) return 'followed-up';
  return reminder.date === today ? 'due-today' : 'overdue';
}
