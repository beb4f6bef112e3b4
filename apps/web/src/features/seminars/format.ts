import type { SchoolRef } from '@srs/shared/common';
import { formatDate } from '@srs/shared/dates';

/** '(#101) Central Church', as SPEC section 2 shows a school. */
export const schoolLabel = (school: SchoolRef | null) => (school ? `(#${school.school_code}) ${school.church_name}` : '');

export const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

/** A presentation's date and time as staff read them: '03/01/2026 7:30 PM', or what is known. */
export function whenLabel(presentation: { date: string | null; time: string | null }): string {
  const time = presentation.time ? timeLabel(presentation.time) : '';
  const date = presentation.date ? formatDate(presentation.date) : '';
  return [date, time].filter(Boolean).join(' ') || 'No date yet';
}

function timeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
