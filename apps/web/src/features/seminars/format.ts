import type { SchoolRef } from '@srs/shared/common';
import { formatDate } from '../../i18n/format.ts';
import { seminarsText } from './messages.ts';

/** '(#101) Central Church', as SPEC section 2 shows a school. */
export const schoolLabel = (school: SchoolRef | null) => (school ? `(#${school.school_code}) ${school.church_name}` : '');

export const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

/**
 * A presentation's date and time as staff read them: '03/01/2026 7:30 PM' ('01/03/2026 7:30 p. m.'
 * in Spanish), or what is known. In the language of the moment: a component calling it translates too.
 */
export function whenLabel(presentation: { date: string | null; time: string | null }): string {
  const time = presentation.time ? timeLabel(presentation.time) : '';
  const date = presentation.date ? formatDate(presentation.date) : '';
  return [date, time].filter(Boolean).join(' ') || seminarsText.t('noDateYet');
}

function timeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return seminarsText.t('time', {
    hour: String(hours % 12 === 0 ? 12 : hours % 12),
    minutes: String(minutes).padStart(2, '0'),
    period: hours >= 12 ? 'pm' : 'am',
  });
}
