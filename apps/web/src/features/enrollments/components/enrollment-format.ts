import type { EnrollmentDetail, NoteItem, Reminder } from '@srs/shared/enrollments';
import { deliveryTypeLabels } from '@srs/shared/enrollments';
import type { SchoolRef } from '@srs/shared/common';

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

export function deliveryTypeLabel(type: keyof typeof deliveryTypeLabels | null | undefined): string {
  return type ? deliveryTypeLabels[type] : '-';
}

export const noteTypeLabels: Record<NoteItem['type'], string> = { Note: 'Note', PrayerRequest: 'Prayer request' };

/** '12.5' or '12.50' → '$12.50'. */
export function priceLabel(price: string | number): string {
  const value = Number(price);
  return Number.isFinite(value) ? `$${value.toFixed(2)}` : '-';
}

/** '19:00:00' → '7:00 PM'; a presentation without a time shows '-'. */
export function timeLabel(time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '');
  if (!match) return '-';
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
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
